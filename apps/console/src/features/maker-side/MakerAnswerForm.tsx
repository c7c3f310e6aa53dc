import { Alert, Button, Form, Input, Radio, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS } from '@oms/domain';
import { ApiError } from '../../api/client';
import { countOf, maxLength } from '../../common/field-rules';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { errorMessage } from '../../i18n';
import { DATE_FORMAT } from '../orders/format';
import { answerMakerConfirmation, isLinkProblem, MAKER_ANSWERS, type ConfirmStatus, type MakerAnswer, type MakerAnswerBody } from './api';
import { failureMessage } from '../../common/failure-message';
import { ShipDateField } from './ShipDateField';

interface Values {
  answer?: MakerAnswer;
  estimatedShipDate?: Dayjs | null;
  refusalReason?: string;
}

/** What the maker's answer recorded, for the thank-you screen. */
export interface RecordedAnswer extends MakerAnswerBody {
  confirmStatus: ConfirmStatus;
}

interface Props {
  token: string;
  /** The order's version as last read: a newer one on the server answers NAL_ORD-193. */
  version: number;
  onAnswered: (answer: RecordedAnswer) => void;
  /** NAL_ORD-130/131/132: the link no longer takes answers. */
  onLinkProblem: (code: string) => void;
  /** NAL_ORD-193: the order changed since the page read it. */
  onStale: () => void;
}

/** The form values as the API takes them: a ship date only with accept or undecided, a reason only with refuse. */
function toBody(values: Values, version: number): MakerAnswerBody {
  const answer = values.answer!;
  return {
    version,
    answer,
    estimatedShipDate: answer !== 'refuse' && values.estimatedShipDate ? values.estimatedShipDate.format(DATE_FORMAT) : null,
    refusalReason: answer === 'refuse' ? (values.refusalReason ?? '').trim() : null,
  };
}

/**
 * The maker's answer: accept with the estimated ship date, ship date undecided (a date optional),
 * or refuse with a reason (NAL_ORD-103). The date is today or later; the API checks all of it too.
 */
export function MakerAnswerForm({ token, version, onAnswered, onLinkProblem, onStale }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const answer = Form.useWatch('answer', form);
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const send = async (values: Values) => {
    const body = toBody(values, version);
    setSending(true);
    setProblem(null);
    clearServerErrors(form);
    try {
      const result = await answerMakerConfirmation(token, body);
      if (result.ok) return onAnswered({ ...body, confirmStatus: result.data.confirmStatus });
      const code = result.error.errorCode;
      if (isLinkProblem(code)) onLinkProblem(code);
      else if (code === 'NAL_ORD-193') onStale();
      else if (result.status === 422 && result.error.errors.length) applyServerErrors(form, result.error.errors);
      else if (code === 'NAL_ORD-103') form.setFields([{ name: 'refusalReason', errors: [errorMessage(code)] }]);
      else setProblem(errorMessage(code, undefined, result.error.message));
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      if (isLinkProblem(err.errorCode)) onLinkProblem(err.errorCode!);
      else setProblem(failureMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Form<Values>
      form={form}
      name="maker-answer"
      layout="vertical"
      onFinish={send}
      onValuesChange={(changed) => clearServerErrors(form, changed)}
      data-testid="confirm-form"
    >
      {problem && <Alert type="error" showIcon title={problem} style={{ marginBottom: 16 }} data-testid="confirm-problem" />}
      <Form.Item name="answer" label={t('makerConfirm.form.answer')} rules={[{ required: true, message: errorMessage('required') }]}>
        <Radio.Group aria-label={t('makerConfirm.form.answer')}>
          <Space orientation="vertical">
            {MAKER_ANSWERS.map((a) => (
              <Radio key={a} value={a} id={`answer-${a}`} data-testid={`answer-${a}`}>
                {t(`makerConfirm.answers.${a}`)}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Form.Item>
      {answer !== 'refuse' && (
        <ShipDateField
          name="estimatedShipDate"
          label={t('makerConfirm.form.estimatedShipDate')}
          extra={t('makerConfirm.form.estimatedShipDateHelp')}
          required={answer === 'accept'}
          testId="confirm-estimated-ship-date"
          dependencies={['answer']}
        />
      )}
      {answer === 'refuse' && (
        <Form.Item
          name="refusalReason"
          label={t('makerConfirm.form.refusalReason')}
          rules={[
            { required: true, whitespace: true, message: errorMessage('NAL_ORD-103') },
            maxLength(ORDER_LIMITS.refusalReason),
          ]}
        >
          <Input.TextArea rows={3} count={countOf(ORDER_LIMITS.refusalReason)} data-testid="confirm-refusal-reason" />
        </Form.Item>
      )}
      <Button type="primary" htmlType="submit" loading={sending} id="confirm-submit" data-testid="confirm-submit">
        {t('makerConfirm.form.submit')}
      </Button>
    </Form>
  );
}
