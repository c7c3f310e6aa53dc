import { Alert, DatePicker, Form, Input, InputNumber, Modal, Radio, Select, Typography } from 'antd';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ORDER_LIMITS } from '@oms/domain';
import type { ApiFailure } from '../../api/client';
import { toNamePath, type FieldError } from '../../api/field-errors';
import { countOf, maxLength, MONEY_LIMITS, moneyWithin } from '../../common/field-rules';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { errorMessage } from '../../i18n';
import type { CommandFields } from './api/order-commands';
import type { OrderMaker } from './api/order';
import { useDeliveryCompanies } from './api/use-orders';
import { DATE_FORMAT, MONTH_FORMAT } from './format';
import { refusalMessage, statusLabel } from './messages';
import { changeStatusTargets, type OrderAction, type SelectedLine } from './order-actions';

interface Props {
  /** The action to run; null keeps the modal closed. */
  action: OrderAction | null;
  lines: readonly SelectedLine[];
  /** On the detail page: the maker part the lines belong to, whose delivery info fills the ship form. Kept stable while open. */
  makerPart?: OrderMaker;
  /**
   * Runs the action; the caller closes the modal on success. A refusal it hands back keeps the
   * modal open with what the user typed: a 422 under its fields, anything else above them.
   */
  onSubmit: (fields: CommandFields) => Promise<ApiFailure | void>;
  onClose: () => void;
}

type FormValues = Record<string, unknown>;

/** Form values to the command's body: dates as `YYYY-MM-DD` (the month as `YYYY-MM`), empty fields left out. */
function toFields(values: FormValues): CommandFields {
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === '') continue;
    fields[key] = dayjs.isDayjs(value) ? value.format(key === 'revenueMonth' ? MONTH_FORMAT : DATE_FORMAT) : value;
  }
  return fields as CommandFields;
}

/**
 * The fees the selected orders have now, when they all have the same: the API replaces an order's
 * shipping fee and fee with what cancel, return and refund send, so the form starts from them
 * (zeros would wipe them). Orders with different fees start empty and are entered on purpose.
 */
function sharedFees(lines: readonly SelectedLine[]): FormValues {
  const fees = new Set(lines.map((l) => JSON.stringify(l.fees ?? null)));
  const [only] = [...fees];
  return fees.size === 1 && only !== 'null' ? (JSON.parse(only) as FormValues) : {};
}

function initialValues(action: OrderAction, lines: readonly SelectedLine[], makerPart?: OrderMaker): FormValues {
  const date = (v: string | null | undefined) => (v ? dayjs(v) : undefined);
  switch (action) {
    case 'maker_received_process':
      return { makerReceiveDate: dayjs(), confirmStatus: 1, estimatedShipDate: date(makerPart?.estimatedShipDate) };
    case 'maker_ship_process':
      return { shipDate: date(makerPart?.shipDate), deliveryCompanyId: makerPart?.deliveryCompanyId ?? undefined, trackingCode: makerPart?.trackingCode ?? undefined };
    case 'cancel':
    case 'return_process':
    case 'refund_process':
      return sharedFees(lines);
    case 'change_revenue':
      return { revenueMonth: dayjs() };
    default:
      return {};
  }
}

/**
 * The modal of one order action, on the list (batch) and on the detail page: it asks for what the
 * command needs (docs/orders-api.md "Commands"). A refusal leaves it open with what was typed: a 422
 * under the fields, a 400 (or an error on no field) above them; it closes only on success.
 */
export function CommandModal({ action, lines, makerPart, onSubmit, onClose }: Props) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const [running, setRunning] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirmStatus = Form.useWatch('confirmStatus', form);
  const companies = useDeliveryCompanies(action === 'maker_ship_process');
  const orders = new Set(lines.map((l) => l.orderId)).size;
  const status = lines[0]?.status;

  useEffect(() => {
    if (action) {
      setRefusal(null);
      form.resetFields();
      form.setFieldsValue(initialValues(action, lines, makerPart));
    }
    // The selection is read when the modal opens, not on every re-render of its parent.
  }, [action, makerPart, form]);

  const submit = async () => {
    if (!action) return;
    // Invalid fields show their messages; nothing is sent.
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    setRunning(true);
    setRefusal(null);
    clearServerErrors(form);
    try {
      const failure = await onSubmit(toFields(values));
      if (failure) showRefusal(action, failure);
    } finally {
      setRunning(false);
    }
  };

  /** Field errors go under the fields the modal has; the rest (a 400, or a 422 on lines or versions) above them. */
  const showRefusal = (action: OrderAction, failure: ApiFailure) => {
    const onForm = new Set(form.getFieldsError().map((f) => String(f.name[0])));
    const underField = (e: FieldError) => onForm.has(String(toNamePath(e.field)[0]));
    const fieldErrors = failure.error.errors.filter(underField);
    const elsewhere = failure.error.errors.filter((e) => !underField(e));
    applyServerErrors(form, fieldErrors);
    if (failure.status === 400 || elsewhere.length || !fieldErrors.length) setRefusal(refusalMessage(t, action, { ...failure.error, errors: elsewhere }));
  };

  const money = (name: 'shippingFee' | 'fee', required: boolean) => (
    <Form.Item
      name={name}
      label={t(`orders.fields.${name}`)}
      rules={[...(required ? [{ required: true, message: errorMessage('required') }] : []), moneyWithin(MONEY_LIMITS.feeMax)]}
    >
      <InputNumber id={`command-${name}`} style={{ width: 200 }} prefix="¥" />
    </Form.Item>
  );

  const fields = () => {
    switch (action) {
      case 'maker_received_process':
        return (
          <>
            <Form.Item name="makerReceiveDate" label={t('orders.fields.makerReceiveDate')} rules={[{ required: true, message: errorMessage('required') }]}>
              <DatePicker id="command-makerReceiveDate" format={DATE_FORMAT} />
            </Form.Item>
            <Form.Item name="confirmStatus" label={t('orders.fields.confirmStatus')} rules={[{ required: true, message: errorMessage('required') }]}>
              <Radio.Group id="command-confirmStatus" options={[1, 2, 3].map((v) => ({ value: v, label: t(`orders.confirmStatus.${v}`) }))} />
            </Form.Item>
            {confirmStatus === 3 && (
              <Form.Item
                name="refusalReason"
                label={t('orders.fields.refusalReason')}
                rules={[{ required: true, whitespace: true, message: errorMessage('required') }, maxLength(ORDER_LIMITS.refusalReason)]}
              >
                <Input.TextArea id="command-refusalReason" rows={2} count={countOf(ORDER_LIMITS.refusalReason)} />
              </Form.Item>
            )}
            <Form.Item name="estimatedShipDate" label={t('orders.fields.estimatedShipDate')}>
              <DatePicker id="command-estimatedShipDate" format={DATE_FORMAT} />
            </Form.Item>
          </>
        );
      case 'maker_ship_process':
        return (
          <>
            <Typography.Paragraph type="secondary">{t('orders.modal.shipHelp')}</Typography.Paragraph>
            <Form.Item name="shipDate" label={t('orders.fields.shipDate')}>
              <DatePicker id="command-shipDate" format={DATE_FORMAT} />
            </Form.Item>
            <Form.Item name="deliveryCompanyId" label={t('orders.fields.deliveryCompany')}>
              <Select
                id="command-deliveryCompanyId"
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 280 }}
                options={companies.map((c) => ({ value: String(c.id), label: c.name }))}
              />
            </Form.Item>
            <Form.Item name="trackingCode" label={t('orders.fields.trackingCode')} rules={[maxLength(ORDER_LIMITS.trackingCode)]}>
              <Input id="command-trackingCode" count={countOf(ORDER_LIMITS.trackingCode)} style={{ width: 280 }} />
            </Form.Item>
          </>
        );
      case 'change_status':
        return (
          <Form.Item name="status" label={t('orders.fields.targetStatus')} rules={[{ required: true, message: errorMessage('required') }]}>
            <Select
              id="command-status"
              style={{ width: 240 }}
              options={(status ? changeStatusTargets(status, lines.every((l) => l.paymentFollowsShipment)) : []).map((s) => ({ value: s, label: statusLabel(t, s) }))}
            />
          </Form.Item>
        );
      case 'return_process':
      case 'refund_process':
        return (
          <>
            <Alert type="warning" showIcon title={t('orders.modal.feeWarning')} style={{ marginBottom: 16 }} data-testid="fee-warning" />
            {money('shippingFee', false)}
            {money('fee', false)}
          </>
        );
      case 'cancel':
        return (
          <>
            {money('shippingFee', true)}
            {money('fee', true)}
          </>
        );
      case 'change_revenue':
        return (
          <Form.Item name="revenueMonth" label={t('orders.fields.revenueMonth')} rules={[{ required: true, message: errorMessage('required') }]}>
            <DatePicker id="command-revenueMonth" picker="month" format={MONTH_FORMAT} />
          </Form.Item>
        );
      default:
        return null;
    }
  };

  return (
    <Modal
      open={action !== null}
      title={action ? t(`orders.action.${action}`) : undefined}
      okText={t('orders.modal.run')}
      okButtonProps={{ id: 'command-submit', loading: running }}
      cancelButtonProps={{ id: 'command-cancel' }}
      onOk={submit}
      onCancel={onClose}
      forceRender
      data-testid="command-modal"
    >
      <Typography.Paragraph data-testid="command-summary">
        {t('orders.modal.summary', { lines: lines.length, orders })}
        {status ? ` (${statusLabel(t, status)})` : ''}
      </Typography.Paragraph>
      {refusal && <Alert type="error" showIcon title={<span style={{ whiteSpace: 'pre-line' }}>{refusal}</span>} style={{ marginBottom: 16 }} data-testid="command-refusal" />}
      <Form form={form} layout="vertical" onValuesChange={(changed) => clearServerErrors(form, changed)}>
        {fields()}
      </Form>
    </Modal>
  );
}
