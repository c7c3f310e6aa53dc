import { Button, Descriptions, Form, Input, InputNumber, Modal, Space, Typography, type FormInstance } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure, ApiResult } from '../../api/client';
import { toNamePath } from '../../api/field-errors';
import { countOf, maxLength, MONEY_LIMITS, moneyWithin, wholeNumber } from '../../common/field-rules';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import { applyDefaults, DEPOSIT_REVERT_REASON_MAX, DEPOSIT_TYPE, DepositCandidate, DepositRecord, DepositUpdateInput, manualOutcome, orderLabel } from './api/deposit';
import { useOption } from '../settings/api';
import { isStale } from './refusals';
import { signedYen, yen } from './format';

/**
 * Sends a dialog's form: a 422 on its fields shows under them and keeps it open; any other refusal goes
 * to the page (a toast, the reload offer), which keeps the dialog open unless it is stale. Success toasts `done` and closes.
 */
async function sendForm<V>(form: FormInstance<V>, send: (values: V) => Promise<ApiResult<unknown>>, done: string, onClose: () => void, onRefused: (failure: ApiFailure) => void) {
  const values = await form.validateFields().catch(() => null);
  if (!values) return;
  clearServerErrors(form);
  const result = await send(values);
  if (result.ok) {
    toast.success(done);
    onClose();
    return;
  }
  const onForm = new Set(form.getFieldsError().map((f) => String(f.name[0])));
  const fieldErrors = result.error.errors.filter((e) => onForm.has(String(toNamePath(e.field)[0])));
  if (result.status === 422 && fieldErrors.length) return applyServerErrors(form, fieldErrors);
  onRefused(result);
  if (isStale(result)) onClose();
}

interface ApplyValues {
  amount: number;
  transferFee: number | null;
  settlementFee: number | null;
  otherFee: number | null;
  shippingFee: number | null;
}

const FEES = ['transferFee', 'settlementFee', 'otherFee', 'shippingFee'] as const;

type ApplyProps = {
  target: { record: DepositRecord; candidate: DepositCandidate } | null;
  apply: (orderId: number, input: DepositUpdateInput) => Promise<ApiResult<unknown>>;
  onClose: () => void;
  onRefused: (failure: ApiFailure) => void;
};

/**
 * A record left for review applied to one of its candidate orders (PUT /deposits/{orderId}/update with
 * `record_id`): the amount (the transfer, editable; "order total" puts the order's) and the fees, the
 * paid date being the record's 勘定日. The outcome (exact, over, under) is shown as the API will count it.
 */
export function ApplyDialog({ target, ...props }: ApplyProps) {
  // Mounted while open only: the transfer fees of the settings are read when a record is applied.
  return target ? <ApplyForm key={`${target.record.id}-${target.candidate.orderId}`} target={target} {...props} /> : null;
}

function ApplyForm({ target, apply, onClose, onRefused }: ApplyProps & { target: NonNullable<ApplyProps['target']> }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ApplyValues>();
  const [sending, setSending] = useState(false);
  const amount = Form.useWatch('amount', form);
  const transferFee = Form.useWatch('transferFee', form);
  const settlementFee = Form.useWatch('settlementFee', form);
  const otherFee = Form.useWatch('otherFee', form);
  const transferFees = useOption()?.transferFees;
  const { record, candidate } = target;

  // The settings' fees, once read, replace the default ones unless the accountant has typed meanwhile.
  useEffect(() => {
    if (transferFees && !form.isFieldsTouched()) form.setFieldsValue(applyDefaults(record, candidate, transferFees));
  }, [transferFees, record, candidate, form]);

  // As the API records it: the amount and the fees the shop bears (not the shipping fee) against the order's total.
  const fees = { transferFee: Number(transferFee) || 0, settlementFee: Number(settlementFee) || 0, otherFee: Number(otherFee) || 0 };
  const outcome = Number.isInteger(amount) ? manualOutcome(Number(amount), fees, candidate.total) : null;

  const submit = async () => {
    setSending(true);
    try {
      await sendForm(
        form,
        (v) =>
          apply(candidate.orderId, {
            version: candidate.version,
            type: DEPOSIT_TYPE.payment,
            amount: v.amount,
            paidDate: record.accountDate,
            recordId: record.id,
            ...Object.fromEntries(FEES.map((fee) => [fee, v[fee] ?? 0])),
          }),
        t('deposits.apply.done'),
        onClose,
        onRefused,
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal
      open
      title={t('deposits.apply.title')}
      okText={t('deposits.apply.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'apply-submit', loading: sending }}
      onOk={submit}
      onCancel={onClose}
      width={620}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="apply-summary">
        <Descriptions.Item label={t('deposits.apply.record')}>
          {t('deposits.apply.recordLine', { line: record.line, date: formatDate(record.accountDate), payer: record.payerName, amount: yen(record.amount) })}
        </Descriptions.Item>
        <Descriptions.Item label={t('deposits.apply.order')}>
          {orderLabel(candidate)} {candidate.buyerName} {yen(candidate.total)}
        </Descriptions.Item>
      </Descriptions>
      <Form<ApplyValues>
        form={form}
        layout="vertical"
        initialValues={{ ...applyDefaults(record, candidate), settlementFee: null, otherFee: null, shippingFee: null }}
        onValuesChange={(changed) => clearServerErrors(form, changed)}
      >
        <Form.Item label={t('deposits.fields.amount')} required>
          <Space wrap>
            <Form.Item name="amount" noStyle rules={[{ required: true, message: errorMessage('required') }, wholeNumber(1, MONEY_LIMITS.totalMax)]}>
              <InputNumber id="apply-amount" prefix="¥" style={{ width: 180 }} />
            </Form.Item>
            <Button size="small" type="link" id="apply-use-record" onClick={() => form.setFieldsValue({ amount: record.amount })}>
              {t('deposits.apply.useRecord', { amount: yen(record.amount) })}
            </Button>
            <Button size="small" type="link" id="apply-use-total" onClick={() => form.setFieldsValue({ amount: candidate.total })}>
              {t('deposits.apply.useTotal', { amount: yen(candidate.total) })}
            </Button>
          </Space>
        </Form.Item>
        <Space wrap size="middle">
          {FEES.map((fee) => (
            <Form.Item key={fee} name={fee} label={t(`deposits.fields.${fee}`)} rules={[moneyWithin(MONEY_LIMITS.feeMax)]}>
              <InputNumber id={`apply-${fee}`} prefix="¥" style={{ width: 130 }} />
            </Form.Item>
          ))}
        </Space>
      </Form>
      {outcome && (
        <Typography.Text data-testid="apply-outcome" type={outcome.status === 2 ? 'success' : 'warning'}>
          {t('deposits.apply.outcome', { difference: signedYen(outcome.difference), status: t(`deposits.statuses.${outcome.status}`) })}
        </Typography.Text>
      )}
    </Modal>
  );
}

/**
 * Takes back a matched record, or a whole upload, with the reason the orders' history will say:
 * the orders it paid go back to unpaid.
 */
export function RevertDialog({
  target,
  onClose,
  onRefused,
}: {
  target: { kind: 'record' | 'deposit'; send: (reason: string) => Promise<ApiResult<unknown>> } | null;
  onClose: () => void;
  onRefused: (failure: ApiFailure) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ reason: string }>();
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  if (!target) return null;
  const submit = async () => {
    setSending(true);
    try {
      await sendForm(form, (v) => target.send(v.reason.trim()), t(target.kind === 'record' ? 'deposits.revert.done' : 'deposits.revert.depositDone'), onClose, onRefused);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      open
      title={t(target.kind === 'record' ? 'deposits.revert.recordTitle' : 'deposits.revert.depositTitle')}
      okText={t('deposits.revert.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'revert-submit', danger: true, loading: sending }}
      onOk={submit}
      onCancel={onClose}
    >
      <Typography.Paragraph>{t(target.kind === 'record' ? 'deposits.revert.recordHelp' : 'deposits.revert.depositHelp')}</Typography.Paragraph>
      <Form form={form} layout="vertical" onValuesChange={(changed) => clearServerErrors(form, changed)}>
        <Form.Item
          name="reason"
          label={t('deposits.revert.reason')}
          rules={[{ required: true, whitespace: true, message: errorMessage('required') }, maxLength(DEPOSIT_REVERT_REASON_MAX)]}
        >
          <Input.TextArea id="revert-reason" rows={2} count={countOf(DEPOSIT_REVERT_REASON_MAX)} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
