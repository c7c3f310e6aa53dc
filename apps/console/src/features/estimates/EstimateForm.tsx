import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { ESTIMATE_LIMITS as L, FEE_KINDS, MONEY_LIMITS } from '@oms/domain';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { maxLength, moneyWithin, phoneNumber, postcode, printable, wholeNumber } from '../../common/field-rules';
import { EditFormProps, useServerForm } from '../../common/use-server-form';
import { errorMessage } from '../../i18n';
import type { Estimate, EstimateFormValues, EstimateLine } from './api/estimate';
import { useEstimatePayments } from './api/use-estimates';
import { useFeeLabel } from './EstimateSummary';

interface Props extends EditFormProps<Estimate, EstimateFormValues> {
  /** Where Cancel goes. */
  back: string;
  /** Where a saved estimate is shown. */
  goTo: (saved: Estimate) => string;
}

/** A new line: standard rate, one piece. */
const NEW_LINE: Partial<EstimateLine> = { taxPercentage: 10, amount: 1 };

/** The form's values of an estimate read (the wire's fields the form edits). */
export function formValuesOf(e: Estimate): EstimateFormValues {
  return {
    estimateNo: e.estimateNo,
    personInCharge: e.personInCharge,
    deliveryLocation: e.deliveryLocation,
    faxNumber: e.faxNumber,
    zip: e.zip,
    estimatePaymentId: e.estimatePaymentId,
    details: e.details,
    fee1Id: e.fee1Id,
    fee1Value: e.fee1Value,
    fee2Id: e.fee2Id,
    fee2Value: e.fee2Value,
    estimateNotes: e.estimateNotes,
    note: e.note,
  };
}

/** Blank texts go as null, as the API stores them; the notes without the empty ones. */
function toBody(values: EstimateFormValues): EstimateFormValues {
  const text = (v: string | null | undefined) => (v?.trim() ? v : null);
  return {
    ...values,
    estimateNo: text(values.estimateNo),
    personInCharge: text(values.personInCharge),
    deliveryLocation: text(values.deliveryLocation),
    faxNumber: text(values.faxNumber),
    zip: text(values.zip),
    estimatePaymentId: values.estimatePaymentId ?? null,
    details: (values.details ?? []).map((d) => ({ ...d, ecProductCode: text(d.ecProductCode), optionDetail: text(d.optionDetail), unit: text(d.unit) })),
    fee1Id: values.fee1Id ?? null,
    fee1Value: values.fee1Value ?? null,
    fee2Id: values.fee2Id ?? null,
    fee2Value: values.fee2Value ?? null,
    estimateNotes: (values.estimateNotes ?? []).map((n) => n ?? ''),
    note: text(values.note),
  };
}

/**
 * Create and edit an estimate (SPEC.md §3): the header, the lines (added and removed), two fees, up to
 * eight notes and a memo. Every field the API may refuse is a form field, so a 422 shows under it
 * (`details.3.product_name`, `estimate_notes.7`). The totals are the server's: shown once saved.
 */
export function EstimateForm({ title, initial, submit, successMessage, back, goTo }: Props) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const payments = useEstimatePayments();
  const feeLabel = useFeeLabel();
  const [form] = Form.useForm<EstimateFormValues>();
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(form, (values) => submit(toBody(values)), { message: successMessage, goTo });
  const required = { required: true, message: errorMessage('required') };
  const feeOptions = FEE_KINDS.map((kind) => ({ value: kind, label: feeLabel(kind) }));
  // Initial values may be partial (a new line has no name yet): antd types them loosely anyway.
  const initialValues: Omit<Partial<EstimateFormValues>, 'details'> & { details: Partial<EstimateLine>[] } = initial ? formValuesOf(initial) : { details: [NEW_LINE], estimateNotes: [] };

  const fee = (n: 1 | 2) => (
    <Col xs={24} md={12} key={n}>
      <Typography.Text strong>{t(`estimates.fee${n}`)}</Typography.Text>
      <Row gutter={8}>
        <Col span={12}>
          <Form.Item name={`fee${n}Id`} label={t('estimates.feeKind')}>
            <Select id={`estimate-fee${n}Id`} allowClear options={feeOptions} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name={`fee${n}Value`} label={t('estimates.feeValue')} rules={[moneyWithin(MONEY_LIMITS.feeMax)]}>
            <InputNumber id={`estimate-fee${n}Value`} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
      </Row>
    </Col>
  );

  return (
    <Card title={title}>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      {initial?.locked && (
        <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t('estimates.locked', { next: `${initial.estimateNo}-R${initial.revision + 1}` })} data-testid="estimate-locked" />
      )}
      <Form form={form} layout="vertical" name="estimate" initialValues={initialValues} onFinish={onFinish} onValuesChange={onValuesChange}>
        <Row gutter={12}>
          <Col xs={24} md={8}>
            <Form.Item name="estimateNo" label={t('estimates.estimateNo')} tooltip={t('estimates.estimateNoHelp')} rules={[maxLength(L.estimateNoMax), printable()]}>
              {/* Once a revision was issued the number is the estimate's for good (the server keeps it). */}
              <Input id="estimate-estimateNo" disabled={Boolean(initial && (initial.locked || initial.revision > 1))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="personInCharge" label={t('estimates.personInCharge')} rules={[maxLength(L.personInChargeMax), printable()]}>
              <Input id="estimate-personInCharge" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="deliveryLocation" label={t('estimates.deliveryLocation')} rules={[maxLength(L.deliveryLocationMax), printable()]}>
              <Input id="estimate-deliveryLocation" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="faxNumber" label={t('estimates.faxNumber')} rules={[maxLength(L.faxNumberMax), phoneNumber()]}>
              <Input id="estimate-faxNumber" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="zip" label={t('estimates.zip')} rules={[maxLength(L.zipMax), postcode()]}>
              <Input id="estimate-zip" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="estimatePaymentId" label={t('estimates.estimatePaymentId')}>
              <Select
                id="estimate-estimatePaymentId"
                allowClear
                options={payments.map((p) => ({ value: p.id, label: i18n.language === 'en' ? p.nameEn : p.nameJa }))}
              />
            </Form.Item>
          </Col>
        </Row>

        <Typography.Title level={5}>{t('estimates.details')}</Typography.Title>
        <Form.List name='details'>
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Card
                  key={field.key}
                  size="small"
                  type="inner"
                  style={{ marginBottom: 12 }}
                  title={`${t('estimates.details')} ${index + 1}`}
                  data-testid={`estimate-line-${index}`}
                  extra={
                    fields.length > 1 && (
                      <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(field.name)} id={`estimate-line-${index}-remove`} aria-label={t('estimates.removeLine')} />
                    )
                  }
                >
                  <Row gutter={12}>
                    <Col xs={24} md={6}>
                      <Form.Item name={[field.name, 'ecProductCode']} label={t('estimates.ecProductCode')} rules={[maxLength(L.ecProductCodeMax)]}>
                        <Input id={`estimate-line-${index}-ecProductCode`} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={10}>
                      <Form.Item name={[field.name, 'productName']} label={t('estimates.productName')} rules={[required, maxLength(L.productNameMax), printable()]}>
                        <Input id={`estimate-line-${index}-productName`} />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={8}>
                      <Form.Item name={[field.name, 'optionDetail']} label={t('estimates.optionDetail')} rules={[maxLength(L.optionDetailMax)]}>
                        <Input id={`estimate-line-${index}-optionDetail`} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={[field.name, 'priceWithTax']} label={t('estimates.priceWithTax')} rules={[required, moneyWithin(MONEY_LIMITS.priceMax)]}>
                        <InputNumber id={`estimate-line-${index}-priceWithTax`} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={[field.name, 'amount']} label={t('estimates.amount')} rules={[required, wholeNumber(L.amountMin, L.amountMax)]}>
                        <InputNumber id={`estimate-line-${index}-amount`} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={[field.name, 'unit']} label={t('estimates.unit')} rules={[maxLength(L.unitMax)]}>
                        <Input id={`estimate-line-${index}-unit`} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={6}>
                      <Form.Item name={[field.name, 'taxPercentage']} label={t('estimates.taxPercentage')} rules={[required, wholeNumber(L.taxPercentMin, L.taxPercentMax)]}>
                        <InputNumber id={`estimate-line-${index}-taxPercentage`} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                  </Row>
                </Card>
              ))}
              {/* An error of the list itself (`details`: none, or too many lines). */}
              <Form.ErrorList errors={errors} />
              {fields.length < L.detailsMax && (
                <Button icon={<PlusOutlined />} onClick={() => add(NEW_LINE)} id="estimate-line-add" style={{ marginBottom: 16 }}>
                  {t('estimates.addLine')}
                </Button>
              )}
            </>
          )}
        </Form.List>

        <Row gutter={24}>{[fee(1), fee(2)]}</Row>

        <Typography.Title level={5}>{t('estimates.estimateNotes')}</Typography.Title>
        <Form.List name="estimateNotes">
          {(fields, { add, remove }, { errors }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" style={{ display: 'flex' }}>
                  <Form.Item name={field.name} rules={[maxLength(L.noteMax)]} style={{ width: 560, marginBottom: 8 }}>
                    <Input id={`estimate-note-${index}`} placeholder={`${t('estimates.estimateNotes')} ${index + 1}`} />
                  </Form.Item>
                  <Button size="small" icon={<DeleteOutlined />} onClick={() => remove(field.name)} id={`estimate-note-${index}-remove`} aria-label={t('estimates.removeLine')} />
                </Space>
              ))}
              <Form.ErrorList errors={errors} />
              {fields.length < L.estimateNotesMax && (
                <Button icon={<PlusOutlined />} onClick={() => add('')} id="estimate-note-add" style={{ marginBottom: 16 }}>
                  {t('estimates.addNote')}
                </Button>
              )}
            </>
          )}
        </Form.List>
        <Form.Item name="note" label={t('estimates.note')} rules={[maxLength(L.noteMax)]}>
          <Input.TextArea id="estimate-note" rows={2} />
        </Form.Item>
        <Typography.Paragraph type="secondary">{t('estimates.totalsNote')}</Typography.Paragraph>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} id="estimate-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(back)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
