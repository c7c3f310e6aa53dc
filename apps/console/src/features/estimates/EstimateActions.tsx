import { Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { ANSWERS_NEEDING_COMMENT, ESTIMATE_LIMITS } from '@oms/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError, ApiResult } from '../../api/client';
import { countOf, maxLength } from '../../common/field-rules';
import { refusalOf } from '../../common/refusal';
import { toast } from '../../common/toast';
import { failureMessage } from '../../common/failure-message';
import { type Estimate, type EstimateAnswer } from './api/estimate';


/**
 * The answer buttons for `answers` (approve, reject, stamp, return for edit); reject and return ask
 * for the reason first. `send` makes the call (signed in, or through the link); a success shows its toast.
 */
export function AnswerButtons({
  answers,
  send,
  onDone,
  onFailed,
}: {
  answers: readonly EstimateAnswer[];
  send: (action: EstimateAnswer, comment: string | null) => Promise<ApiResult<Estimate>>;
  onDone: (action: EstimateAnswer, result: ApiResult<Estimate>) => void;
  onFailed?: (error: ApiError) => void;
}) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState<EstimateAnswer | null>(null);
  const [busy, setBusy] = useState<EstimateAnswer | null>(null);
  const [form] = Form.useForm<{ comment: string }>();

  const answer = async (action: EstimateAnswer, comment: string | null): Promise<ApiResult<Estimate> | null> => {
    setBusy(action);
    try {
      const result = await send(action, comment);
      if (result.ok) toast.success(t(`estimates.answered.${action}`));
      else toast.error(refusalOf(result));
      onDone(action, result);
      return result;
    } catch (error) {
      // A call that does not route its failures (the public page's): a 403, 5xx or no answer is thrown, not returned.
      toast.error(failureMessage(error as ApiError));
      onFailed?.(error as ApiError);
      return null;
    } finally {
      setBusy(null);
    }
  };

  return (
    <>
      <Space wrap>
        {answers.map((action) => (
          <Button
            key={action}
            id={`estimate-${action}`}
            type={action === 'approve' || action === 'stamp' ? 'primary' : 'default'}
            danger={action === 'reject'}
            loading={busy === action}
            onClick={() => (ANSWERS_NEEDING_COMMENT.includes(action) ? setAsking(action) : void answer(action, null))}
          >
            {t(`estimates.actions.${action}`)}
          </Button>
        ))}
      </Space>
      <Modal
        open={asking !== null}
        title={asking ? t(`estimates.actions.${asking}`) : ''}
        okText={asking ? t(`estimates.actions.${asking}`) : ''}
        okButtonProps={{ id: 'estimate-answer-ok', danger: asking === 'reject', loading: busy !== null }}
        onCancel={() => setAsking(null)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <Form
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={async ({ comment }) => {
            const result = await answer(asking!, comment);
            if (result?.ok) setAsking(null);
          }}
        >
          <Form.Item name="comment" label={t('estimates.comment')} rules={[{ required: true, whitespace: true, message: t('estimates.commentRequired') }, maxLength(ESTIMATE_LIMITS.commentMax)]}>
            <Input.TextArea id="estimate-answer-comment" rows={4} count={countOf(ESTIMATE_LIMITS.commentMax)} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}

/** Request approval with the two flags (SPEC.md §4: both → approval then stamp; approve only; neither → the stamp). */
export function RequestApproveButton({ onRequest }: { onRequest: (flags: { approve: boolean; stamp: boolean }) => Promise<ApiResult<Estimate>> }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [flags, setFlags] = useState({ approve: true, stamp: true });
  const [busy, setBusy] = useState(false);
  return (
    <>
      <Button type="primary" id="estimate-request_approve" onClick={() => setOpen(true)}>
        {t('estimates.actions.request_approve')}
      </Button>
      <Modal
        open={open}
        title={t('estimates.requestTitle')}
        okText={t('estimates.actions.request_approve')}
        okButtonProps={{ id: 'estimate-request-ok', loading: busy }}
        onCancel={() => setOpen(false)}
        onOk={async () => {
          setBusy(true);
          try {
            const result = await onRequest(flags);
            if (result.ok) {
              toast.success(t('estimates.requested'));
              setOpen(false);
            } else toast.error(refusalOf(result));
          } finally {
            setBusy(false);
          }
        }}
      >
        <Space orientation="vertical">
          <Checkbox id="estimate-request-approve" checked={flags.approve} onChange={(e) => setFlags({ ...flags, approve: e.target.checked })}>
            {t('estimates.requestApprove')}
          </Checkbox>
          <Checkbox id="estimate-request-stamp" checked={flags.stamp} onChange={(e) => setFlags({ ...flags, stamp: e.target.checked })}>
            {t('estimates.requestStamp')}
          </Checkbox>
          <Typography.Text type="secondary">{t('estimates.requestHelp')}</Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
