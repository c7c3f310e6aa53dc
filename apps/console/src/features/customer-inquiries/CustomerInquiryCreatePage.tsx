import { ArrowLeftOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Form, Input, Row, Select, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { Field } from '../../common/Field';
import { chosen, countOf, email, maxLength, phoneNumber, printable, required } from '../../common/field-rules';
import { useShopOptions } from '../../common/use-options';
import { useServerForm } from '../../common/use-server-form';
import {
  CUSTOMER_INQUIRIES_SCREEN,
  CUSTOMER_INQUIRY_LIMITS as L,
  CUSTOMER_INQUIRY_METHOD,
  CUSTOMER_INQUIRY_TYPES,
  CustomerInquiryInput,
  customerInquiryScreen,
  RECORDED_METHODS,
} from './api/customer-inquiry';
import { useCustomerInquiryChanges } from './api/use-customer-inquiries';
import { PersonInChargeSelect } from './InquiryParts';

/** The optional texts of the record form: blank is sent as null (not there). */
const OPTIONAL_TEXTS = ['company', 'position', 'phone', 'email', 'shopId', 'product', 'orderNo', 'personInChargeId', 'csMemo'] as const;

/**
 * /customer-inquiries/create: staff record an inquiry that came by phone, fax or otherwise (SPEC.md
 * §2): the contact (a phone or an e-mail to answer on), the subject, and who follows it (the recorder
 * when left empty). On success a message, then the inquiry's page.
 */
export function CustomerInquiryCreatePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const shops = useShopOptions(!!user?.permissions.includes('settings.read'));
  const [form] = Form.useForm<CustomerInquiryInput>();
  const { create } = useCustomerInquiryChanges();
  const submit = (values: CustomerInquiryInput) => create({ ...values, ...Object.fromEntries(OPTIONAL_TEXTS.map((k) => [k, values[k] === '' || values[k] === undefined ? null : values[k]])) });
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(form, submit, { message: t('customerInquiries.created'), goTo: (saved) => customerInquiryScreen(saved.id) });
  const text = (name: keyof CustomerInquiryInput, max: number, rules: FormRule[] = []) => (
    <Field id={`customer-inquiry-${name}`} name={name} label={t(`customerInquiries.fields.${name}`)} rules={[...rules, maxLength(max)]}>
      <Input />
    </Field>
  );
  return (
    <Card
      title={t('customerInquiries.createTitle')}
      extra={
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(CUSTOMER_INQUIRIES_SCREEN)}>
          {t('customerInquiries.backToList')}
        </Button>
      }
    >
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 800 }}
        initialValues={{ method: CUSTOMER_INQUIRY_METHOD.phone }}
        onFinish={onFinish}
        // A phone or an e-mail is needed: the API's refusal stands on both, and typing either ends it.
        onValuesChange={(changed: Record<string, unknown>) => onValuesChange('phone' in changed || 'email' in changed ? { ...changed, phone: true, email: true } : changed)}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Field id="customer-inquiry-method" name="method" label={t('customerInquiries.fields.method')} rules={[chosen()]}>
              <Select options={RECORDED_METHODS.map((m) => ({ value: m, label: t(`customerInquiries.method.${m}`) }))} />
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <Field id="customer-inquiry-inquiryType" name="inquiryType" label={t('customerInquiries.fields.inquiryType')} rules={[chosen()]}>
              <Select options={CUSTOMER_INQUIRY_TYPES.map((v) => ({ value: v, label: t(`customerInquiries.inquiryType.${v}`) }))} />
            </Field>
          </Col>
          <Col xs={24} md={8}>
            <Field id="customer-inquiry-shopId" name="shopId" label={t('customerInquiries.fields.shop')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={shops.map((s) => ({ value: s.id, label: s.name }))} />
            </Field>
          </Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={8}>{text('name', L.nameMax, [required(), printable()])}</Col>
          <Col xs={24} md={8}>{text('company', L.companyMax, [printable()])}</Col>
          <Col xs={24} md={8}>{text('position', L.positionMax, [printable()])}</Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>{text('phone', L.phoneMax, [phoneNumber()])}</Col>
          <Col xs={24} md={12}>{text('email', L.emailMax, [email()])}</Col>
        </Row>
        <Row gutter={16}>
          <Col xs={24} md={12}>{text('orderNo', L.orderNoMax)}</Col>
          <Col xs={24} md={12}>{text('product', L.productMax)}</Col>
        </Row>
        {text('title', L.titleMax, [required()])}
        <Field id="customer-inquiry-content" name="content" label={t('customerInquiries.fields.content')} rules={[required(), maxLength(L.contentMax)]}>
          <Input.TextArea autoSize={{ minRows: 4, maxRows: 12 }} count={countOf(L.contentMax)} />
        </Field>
        <Field id="customer-inquiry-personInChargeId" name="personInChargeId" label={t('customerInquiries.fields.personInCharge')} tooltip={t('customerInquiries.personInChargeDefault')}>
          <PersonInChargeSelect />
        </Field>
        <Field id="customer-inquiry-csMemo" name="csMemo" label={t('customerInquiries.fields.csMemo')} rules={[maxLength(L.csMemoMax)]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} count={countOf(L.csMemoMax)} />
        </Field>
        <Button type="primary" htmlType="submit" id="customer-inquiry-submit" loading={saving}>
          {t('customerInquiries.record')}
        </Button>
      </Form>
    </Card>
  );
}
