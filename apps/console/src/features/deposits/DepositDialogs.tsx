import { handPaymentOutcome, japanToday, type DepositType } from '@oms/domain';
import { Button, DatePicker, Descriptions, Form, Input, InputNumber, Modal, Select, Space, Typography, type FormInstance } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiFailure, ApiResult } from '../../api/client';
import { toNamePath } from '../../api/field-errors';
import { countOf, maxLength, MONEY_LIMITS, moneyWithin, wholeNumber } from '../../common/field-rules';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import { applyDefaults, DEPOSIT_REVERT_REASON_MAX, DEPOSIT_STATUS, DEPOSIT_TYPE, DEPOSIT_TYPES, DepositRecord, DepositUpdateInput, orderLabel, type ShownCandidate } from './api/deposit';
import { useOption } from '../settings/api';
import { isStale } from './refusals';
import { DATE_FORMAT } from '../orders/format';
import { signedYen, yen } from './format';

/**
 * A dialog's sending: `send(request, done)` validates its form and sends it; a 422 on its fields shows
 * under them and keeps it open; any other refusal goes to the page (a toast, the reload offer), which
 * keeps the dialog open unless it is stale. Success toasts `done` and closes. `sending` while under way.
 */
function useFormSending<V>(form: FormInstance<V>, onClose: () => void, onRefused: (failure: ApiFailure) => void) {
  const [sending, setSending] = useState(false);
  const send = async (request: (values: V) => Promise<ApiResult<unknown>>, done: string) => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    clearServerErrors(form);
    setSending(true);
    try {
      const result = await request(values);
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
    } finally {
      setSending(false);
    }
  };
  return { sending, send };
}

const FEES = ['transferFee', 'settlementFee', 'otherFee', 'shippingFee'] as const;
type Fees = Record<(typeof FEES)[number], number | null>;

/** The amount and fees of a payment by hand, as its forms hold them (a fee left empty is none). */
interface PaymentValues extends Fees {
  amount: number;
}
type ApplyValues = PaymentValues;

/** The fees as sent: an empty one is 0. */
const feesOf = (values: Fees) => Object.fromEntries(FEES.map((fee) => [fee, values[fee] ?? 0])) as Record<(typeof FEES)[number], number>;

/** The four fees of a payment, each optional. */
function FeeFields({ idPrefix }: { idPrefix: string }) {
  const { t } = useTranslation();
  return (
    <Space wrap size="middle">
      {FEES.map((fee) => (
        <Form.Item key={fee} name={fee} label={t(`deposits.fields.${fee}`)} rules={[moneyWithin(MONEY_LIMITS.feeMax)]}>
          <InputNumber id={`${idPrefix}-${fee}`} prefix="¥" style={{ width: 130 }} />
        </Form.Item>
      ))}
    </Space>
  );
}

/**
 * The status the payment will have, as the API records it: the amount and the fees the shop bears
 * (not the shipping fee) against the order's total; exact, over or under, and by how much.
 */
function PaymentOutcome({ total, testId }: { total: number; testId: string }) {
  const { t } = useTranslation();
  // Inside the dialog's form: its fields as they change.
  const form = Form.useFormInstance<PaymentValues>();
  const amount = Form.useWatch('amount', form);
  const transferFee = Form.useWatch('transferFee', form);
  const settlementFee = Form.useWatch('settlementFee', form);
  const otherFee = Form.useWatch('otherFee', form);
  if (!Number.isInteger(amount)) return null;
  const outcome = handPaymentOutcome(Number(amount), { transferFee: Number(transferFee) || 0, settlementFee: Number(settlementFee) || 0, otherFee: Number(otherFee) || 0 }, total);
  return (
    <Typography.Text data-testid={testId} type={outcome.status === DEPOSIT_STATUS.exact ? 'success' : 'warning'}>
      {t('deposits.apply.outcome', { difference: signedYen(outcome.difference), status: t(`deposits.statuses.${outcome.status}`) })}
    </Typography.Text>
  );
}

type ApplyProps = {
  target: { record: DepositRecord; candidate: ShownCandidate } | null;
  apply: (orderId: number | string, input: DepositUpdateInput) => Promise<ApiResult<unknown>>;
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
  const { sending, send } = useFormSending(form, onClose, onRefused);
  const transferFees = useOption()?.transferFees;
  const { record, candidate } = target;

  // The settings' fees, once read, replace the default ones unless the accountant has typed meanwhile.
  useEffect(() => {
    if (transferFees && !form.isFieldsTouched()) form.setFieldsValue(applyDefaults(record, candidate, transferFees));
  }, [transferFees, record, candidate, form]);

  const submit = () => send((v) => apply(candidate.orderId, {
            version: candidate.version,
            type: DEPOSIT_TYPE.payment,
            amount: v.amount,
            paidDate: record.accountDate,
            recordId: record.id,
            ...feesOf(v),
          }), t('deposits.apply.done'));

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
        <FeeFields idPrefix="apply" />
        <PaymentOutcome total={candidate.total} testId="apply-outcome" />
      </Form>
    </Modal>
  );
}

interface HandPaymentValues extends PaymentValues {
  type: DepositType;
  paidDate: Dayjs;
}

type HandPaymentProps = {
  /** The order as the page read it: its version goes with the payment, its total gives the outcome. */
  order: { id: string; version: number; total: number };
  apply: (orderId: string, input: DepositUpdateInput) => Promise<ApiResult<unknown>>;
  onClose: () => void;
  onRefused: (failure: ApiFailure) => void;
};

/**
 * A payment recorded by hand on the order page (PUT /deposits/{orderId}/update, no bank record): its
 * type (SPEC.md §4), amount, paid date (Japan's today unless staff say otherwise) and fees, with the
 * outcome as the API will count it. Mounted while open only.
 */
export function HandPaymentDialog({ order, apply, onClose, onRefused }: HandPaymentProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HandPaymentValues>();
  const { sending, send } = useFormSending(form, onClose, onRefused);

  const submit = () => send((v) => apply(order.id, { version: order.version, type: v.type, amount: v.amount, paidDate: v.paidDate.format(DATE_FORMAT), ...feesOf(v) }), t('deposits.handPayment.done'));

  return (
    <Modal
      open
      title={t('deposits.handPayment.title')}
      okText={t('deposits.handPayment.ok')}
      cancelText={t('common.cancel')}
      okButtonProps={{ id: 'payment-submit', loading: sending }}
      onOk={submit}
      onCancel={onClose}
      width={620}
    >
      <Form<HandPaymentValues>
        form={form}
        layout="vertical"
        // Japan's today (DESIGN.md §11), wherever the browser is.
        initialValues={{ type: DEPOSIT_TYPE.payment, paidDate: dayjs(japanToday()), transferFee: null, settlementFee: null, otherFee: null, shippingFee: null }}
        onValuesChange={(changed) => clearServerErrors(form, changed)}
      >
        <Space wrap size="middle">
          <Form.Item name="type" label={t('deposits.fields.type')} rules={[{ required: true, message: errorMessage('required') }]}>
            <Select id="payment-type" style={{ width: 180 }} options={DEPOSIT_TYPES.map((type) => ({ value: type, label: t(`deposits.types.${type}`) }))} />
          </Form.Item>
          <Form.Item name="amount" label={t('deposits.fields.amount')} rules={[{ required: true, message: errorMessage('required') }, wholeNumber(1, MONEY_LIMITS.totalMax)]}>
            <InputNumber id="payment-amount" prefix="¥" style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="paidDate" label={t('deposits.fields.paidDate')} rules={[{ required: true, message: errorMessage('required') }]}>
            <DatePicker id="payment-paidDate" format={DATE_FORMAT} allowClear={false} />
          </Form.Item>
        </Space>
        <FeeFields idPrefix="payment" />
        <Space orientation="vertical" size={0}>
          <Typography.Text type="secondary" data-testid="payment-total">
            {t('deposits.handPayment.orderTotal', { total: yen(order.total) })}
          </Typography.Text>
          <PaymentOutcome total={order.total} testId="payment-outcome" />
        </Space>
      </Form>
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
  const { sending, send } = useFormSending(form, onClose, onRefused);

  useEffect(() => {
    if (target) form.resetFields();
  }, [target, form]);

  if (!target) return null;
  const submit = () => send((v) => target.send(v.reason.trim()), t(target.kind === 'record' ? 'deposits.revert.done' : 'deposits.revert.depositDone'));
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
