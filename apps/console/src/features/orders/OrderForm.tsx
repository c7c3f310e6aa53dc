import { Alert, App, Button, Card, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space, type FormRule } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { ApiResult } from '../../api/client';
import { useCurrentUser } from '../../auth/use-current-user';
import { countOf, dateText, maxLength, MONEY_LIMITS, moneyWithin, phoneNumber, postcode, printable } from '../../common/field-rules';
import { ORDER_LIMITS, orderTotalExceeds, orderTotals, parseDate, preferredDateIssue } from '@oms/domain';
import { applyServerErrors, clearServerErrors } from '../../common/form-errors';
import { toast } from '../../common/toast';
import { useShopOptions } from '../../common/use-options';
import i18n, { errorMessage } from '../../i18n';
import { Order, OrderInput } from './api/order';
import { toInput, type OrderFormValues } from './order-form-values';
import { useCustomerOptions, useDeliveryMethods, usePaymentMethods } from './api/use-orders';
import { DATE_FORMAT } from './format';
import { OrderLinesEditor } from './OrderLinesEditor';
import { preferredPeriodLabel } from './messages';
import { PREFERRED_PERIODS } from './api/preferred-period';
import { ReloadPrompt } from './ReloadPrompt';

/**
 * Whether the lines × amounts with the fees pass the order total's bound. An editable order has no
 * `fee` or refund fee yet (return, refund and cancel set them, after which it cannot be edited).
 */
function totalPassesLimit(values: OrderFormValues): boolean {
  const lines = (values.lines ?? []).map((l) => ({ amount: Number(l.amount ?? 0), priceWithTax: Number(l.priceWithTax ?? 0), taxPercentage: Number(l.taxPercentage ?? 0) }));
  const fee = (value: number | null | undefined) => Number(value ?? 0);
  const fees = { settlementFee: fee(values.settlementFee), shippingFee: fee(values.shippingFee), otherFee: fee(values.otherFee), fee: 0, refundFee: 0 };
  return orderTotalExceeds(orderTotals(lines, fees));
}

interface Props {
  title: string;
  /** What the form starts with: an order being edited, or the header of the order a branch is made of. */
  initial: Partial<OrderFormValues>;
  submit: (input: OrderInput) => Promise<ApiResult<Order>>;
  successMessage: string;
  /** Create only: the order whose number the new one branches from. */
  branchOfOrderId?: string;
  /** Where Cancel goes. */
  backTo: string;
  /** Edit only: reads the order again (after NAL_ORD-193, someone else changed it); the form starts over from it. */
  onReload?: () => void;
}

/**
 * Create and edit of an order, every field of docs/orders-api.md "Create and edit". A 422 shows
 * under its field (lines too: `lines.0.amount`); NAL-PRO-002 (a product changed since the form
 * loaded them) asks the user to confirm, then sends again with a new confirmation time.
 */
export function OrderForm({ title, initial, submit, successMessage, branchOfOrderId, backTo, onReload }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { user } = useCurrentUser();
  const permissions = user?.permissions ?? [];
  const canReadSettings = permissions.includes('settings.read');
  const shops = useShopOptions(canReadSettings);
  const payments = usePaymentMethods(canReadSettings);
  const deliveryMethods = useDeliveryMethods(canReadSettings);
  const customers = useCustomerOptions(permissions.includes('customers.read'));
  const [form] = Form.useForm<OrderFormValues>();
  // When the form loaded its products: the API refuses products changed after it (NAL-PRO-002).
  const [confirmedAt, setConfirmedAt] = useState(() => new Date().toISOString());
  const [refusal, setRefusal] = useState<string | null>(null);
  const [reloadPrompt, setReloadPrompt] = useState(false);
  const [saving, setSaving] = useState(false);

  /**
   * An order stored before preferred dates had to be dates may hold free text ("12月5日"). Editing it,
   * the text left as it was is kept as it is; a new order (a branch of it) must give a date.
   */
  const keepsLegacyPreferredDate = (value: unknown) =>
    !!initial?.version && !!initial.preferredDate && value === initial.preferredDate && !parseDate(String(initial.preferredDate));

  /**
   * A memo the preferred-period migration lengthened past its limit (the old free-text period on a
   * last line) is kept as it is while left unchanged: not checked, and not sent. Changed, it must fit.
   */
  const storedLongMemo = initial?.version && typeof initial.memo === 'string' && [...initial.memo].length > ORDER_LIMITS.memo ? initial.memo : null;
  const keepsLongMemo = (value: unknown) => storedLongMemo !== null && value === storedLongMemo;

  const save = async (values: OrderFormValues, confirmedProductChangesAt: string): Promise<void> => {
    // The domain's total rule, as the API applies it (NAL_ORD-106): said here rather than after a round trip.
    if (totalPassesLimit(values)) {
      setRefusal(errorMessage('NAL_ORD-106'));
      return;
    }
    setSaving(true);
    setRefusal(null);
    clearServerErrors(form);
    try {
      const input = toInput(values, confirmedProductChangesAt, branchOfOrderId);
      // An order stored before dates were required may hold a free-text preferred date ("12月5日"):
      // left untouched, it is left out of the body and kept as it is.
      if (keepsLegacyPreferredDate(values.preferredDate)) delete input.preferredDate;
      if (keepsLongMemo(values.memo)) delete input.memo;
      const result = await submit(input);
      if (result.ok) {
        toast.success(successMessage);
        navigate(`/orders/${result.data.id}`);
      } else if (result.status === 422 && result.error.errors.length) {
        applyServerErrors(form, result.error.errors);
      } else if (result.error.errorCode === 'NAL-PRO-002') {
        modal.confirm({
          title: t('orders.form.productsChangedTitle'),
          content: errorMessage('NAL-PRO-002'),
          okText: t('orders.form.productsChangedOk'),
          okButtonProps: { id: 'products-changed-ok' },
          onOk: () => {
            const now = new Date().toISOString();
            setConfirmedAt(now);
            return save(values, now);
          },
        });
      } else if (result.error.errorCode === 'NAL_ORD-193' && onReload) {
        setReloadPrompt(true);
      } else {
        setRefusal(errorMessage(result.error.errorCode, undefined, result.error.message));
      }
    } finally {
      setSaving(false);
    }
  };

  const copyBuyer = () => {
    const v = form.getFieldsValue();
    form.setFieldsValue({
      deliveryName: v.buyerName,
      deliveryKana: v.buyerKana,
      deliveryTel: v.buyerTel,
      deliveryZip: v.buyerZip,
      deliveryAddress: v.buyerAddress,
    });
  };

  const required = { required: true, message: errorMessage('required') };
  // An edited order's stored free-text preferred date, left as it is, is not checked (nor sent: it is kept).
  const preferredDateRule: FormRule = {
    validator: async (rule, value: unknown) => {
      if (keepsLegacyPreferredDate(value)) return;
      await (dateText() as { validator: (rule: unknown, value: unknown) => Promise<void> }).validator(rule, value);
      // Not before the order date: the domain's own rule, as the API applies it.
      const orderDate = form.getFieldValue('orderDate') as OrderFormValues['orderDate'] | undefined;
      const issue = value && orderDate ? preferredDateIssue(String(value), orderDate.format(DATE_FORMAT)) : null;
      if (issue) throw new Error(errorMessage(issue.errorCode, issue.params));
    },
  };
  // At most 1000 characters (counted as the API counts), unless it is the stored long memo left as it was.
  const memoRule: FormRule = {
    validator: async (_rule, value: unknown) => {
      if (keepsLongMemo(value) || typeof value !== 'string' || [...value].length <= ORDER_LIMITS.memo) return;
      throw new Error(errorMessage('max_length', { max: ORDER_LIMITS.memo }));
    },
  };
  const text = (name: keyof OrderFormValues, max: number, rules: object[] = [], placeholder?: string, textarea = false) => (
    <Form.Item name={name} label={t(`orders.fields.${name}`)} rules={[...rules, maxLength(max)]}>
      {textarea ? <Input.TextArea id={`order-${name}`} rows={3} count={countOf(max)} /> : <Input id={`order-${name}`} placeholder={placeholder} />}
    </Form.Item>
  );
  const money = (name: keyof OrderFormValues) => (
    <Form.Item name={name} label={t(`orders.fields.${name}`)} rules={[moneyWithin(MONEY_LIMITS.feeMax)]}>
      <InputNumber id={`order-${name}`} style={{ width: '100%' }} />
    </Form.Item>
  );
  const person = (prefix: 'buyer' | 'delivery') => (
    <>
      {text(`${prefix}Name`, ORDER_LIMITS.name, [required, printable()])}
      <Form.Item name={`${prefix}Kana`} label={t(`orders.fields.${prefix}Kana`)} tooltip={t('orders.form.kanaHelp')} rules={[maxLength(ORDER_LIMITS.kana)]}>
        <Input id={`order-${prefix}Kana`} />
      </Form.Item>
      {text(`${prefix}Tel`, ORDER_LIMITS.tel, [phoneNumber()], '03-1234-5678')}
      {text(`${prefix}Zip`, ORDER_LIMITS.zip, [postcode()], '100-0001')}
      {text(`${prefix}Address`, ORDER_LIMITS.address, [printable()])}
    </>
  );

  return (
    <Card title={title}>
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <ReloadPrompt open={reloadPrompt} onReload={() => onReload?.()} onClose={() => setReloadPrompt(false)} />
      {branchOfOrderId && <Alert type="info" showIcon title={t('orders.form.branchOf', { id: branchOfOrderId })} style={{ marginBottom: 16 }} />}
      <Form<OrderFormValues>
        form={form}
        layout="vertical"
        style={{ maxWidth: 1100 }}
        initialValues={initial}
        onFinish={(values) => save(values, confirmedAt)}
        onValuesChange={(changed) => clearServerErrors(form, changed)}
      >
        <Form.Item name="version" hidden>
          <Input />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item name="shopId" label={t('orders.fields.shop')} rules={[required]}>
              <Select id="order-shopId" showSearch={{ optionFilterProp: 'label' }} options={shops.map((s) => ({ value: String(s.id), label: `${s.name} (${s.code})` }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="customerId" label={t('orders.fields.customer')}>
              <Select id="order-customerId" allowClear showSearch={{ optionFilterProp: 'label' }} options={customers.map((c) => ({ value: String(c.id), label: c.name }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="paymentMethodId" label={t('orders.fields.paymentMethod')} rules={[required]} extra={t('orders.form.paymentHelp')}>
              <Select
                id="order-paymentMethodId"
                options={payments.map((p) => ({ value: p.id, label: i18n.language === 'en' ? p.nameEn : p.nameJa }))}
                // The settlement fee belongs to the method (deferred payment: 390 yen): a change of method resets it.
                onChange={(id: number) => form.setFieldValue('settlementFee', payments.find((p) => p.id === id)?.feeWithTax ?? 0)}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="orderDate" label={t('orders.fields.orderDate')} rules={[required]}>
              <DatePicker id="order-orderDate" format={DATE_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>{text('ecOrderId', ORDER_LIMITS.ecOrderId)}</Col>
          <Col xs={24} md={8}>
            <Form.Item name="deliveryMethodId" label={t('orders.fields.deliveryMethod')}>
              <Select id="order-deliveryMethodId" allowClear options={deliveryMethods.map((d) => ({ value: String(d.id), label: d.name }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="sendMailFlag" label={t('orders.fields.sendMailFlag')}>
              <Select id="order-sendMailFlag" options={[1, 0].map((v) => ({ value: v, label: t(`orders.sendMailFlag.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="sentToOriginFlag" label={t('orders.fields.sentToOriginFlag')}>
              <Select id="order-sentToOriginFlag" options={[0, 1].map((v) => ({ value: v, label: t(`orders.sentToOriginFlag.${v}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} md={8}>
            <Form.Item name="fileType" label={t('orders.fields.fileType')}>
              <Select id="order-fileType" options={(['pdf', 'csv'] as const).map((v) => ({ value: v, label: t(`orders.fileType.${v}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Card size="small" type="inner" title={t('orders.sections.buyer')} style={{ marginBottom: 16 }}>
              {person('buyer')}
              <Form.Item name="buyerEmail" label={t('orders.fields.buyerEmail')} rules={[{ type: 'email', message: errorMessage('email_invalid') }, maxLength(ORDER_LIMITS.email)]}>
                <Input id="order-buyerEmail" />
              </Form.Item>
            </Card>
          </Col>
          <Col xs={24} md={12}>
            <Card
              size="small"
              type="inner"
              title={t('orders.sections.delivery')}
              extra={
                <Button size="small" onClick={copyBuyer} id="order-copy-buyer">
                  {t('orders.form.copyBuyer')}
                </Button>
              }
              style={{ marginBottom: 16 }}
            >
              {person('delivery')}
              <Row gutter={12}>
                <Col span={12}>
                  {/* A date (the server also checks it is not before the order date); a stored free text stays until retyped. */}
                  {text('preferredDate', ORDER_LIMITS.preferredDate, [preferredDateRule], 'YYYY-MM-DD')}
                </Col>
                <Col span={12}>
                  {/* A transport time slot, by its label; 0 is none. */}
                  <Form.Item name="preferredPeriod" label={t('orders.fields.preferredPeriod')}>
                    <Select id="order-preferredPeriod" options={PREFERRED_PERIODS.map((p) => ({ value: p, label: preferredPeriodLabel(t, p) }))} />
                  </Form.Item>
                </Col>
              </Row>
            </Card>
          </Col>
        </Row>
        <OrderLinesEditor form={form} />
        <Row gutter={16} style={{ marginTop: 16 }}>
          <Col xs={12} md={6}>{money('settlementFee')}</Col>
          <Col xs={12} md={6}>{money('shippingFee')}</Col>
          <Col xs={12} md={6}>{money('otherFee')}</Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="memo"
              label={t('orders.fields.memo')}
              extra={storedLongMemo !== null ? t('orders.form.memoKeptHelp', { max: ORDER_LIMITS.memo }) : undefined}
              rules={[memoRule]}
            >
              <Input.TextArea id="order-memo" rows={3} count={countOf(ORDER_LIMITS.memo)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>{text('supplierMemo', ORDER_LIMITS.memo, [printable(true)], undefined, true)}</Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="ediNote"
              label={t('orders.fields.ediNote')}
              extra={t('orders.form.ediNoteHelp', { max: ORDER_LIMITS.ediNoteWithAddress })}
              dependencies={['deliveryAddress']}
              rules={[
                ({ getFieldValue }) => ({
                  // Counted in characters (code points), as the API counts; without a note the address has its own limit.
                  validator: (_, value: string | undefined) =>
                    value && [...value].length + [...String(getFieldValue('deliveryAddress') ?? '')].length > ORDER_LIMITS.ediNoteWithAddress
                      ? Promise.reject(new Error(t('orders.form.ediNoteTooLong', { max: ORDER_LIMITS.ediNoteWithAddress })))
                      : Promise.resolve(),
                }),
              ]}
            >
              <Input id="order-ediNote" />
            </Form.Item>
          </Col>
        </Row>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} id="order-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(backTo)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
