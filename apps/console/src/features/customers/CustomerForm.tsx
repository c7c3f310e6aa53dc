import { Alert, Button, Card, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { countOf, maxLength, phoneNumber, postcode, printable } from '../../common/field-rules';
import { useShopOptions } from '../../common/use-options';
import { EditFormProps, useServerForm } from '../../common/use-server-form';
import { Customer, CUSTOMER_LIMITS, CustomerInput } from './api/customer';

interface Props extends EditFormProps<Customer, CustomerInput> {
  /** Where to go after saving. */
  goTo: string;
}

/** Create and edit. The general memo is shared by the same-person group: set here on create, afterwards on the detail page. */
export function CustomerForm({ title, initial, submit, successMessage, goTo }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const shops = useShopOptions(!!user?.permissions.includes('settings.read'));
  const [form] = Form.useForm<CustomerInput>();
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(form, submit, { message: successMessage, goTo });

  return (
    <Card title={title}>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <Form form={form} layout="vertical" style={{ maxWidth: 640 }} initialValues={initial ?? {}} onFinish={onFinish} onValuesChange={onValuesChange}>
        {initial && (
          <Form.Item name="version" hidden>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="name" label={t('customers.name')} required rules={[maxLength(CUSTOMER_LIMITS.nameMax), printable()]}>
          <Input id="customer-name" />
        </Form.Item>
        <Form.Item name="nameKana" label={t('customers.nameKana')} tooltip={t('customers.nameKanaHelp')} rules={[maxLength(CUSTOMER_LIMITS.nameKanaMax)]}>
          <Input id="customer-name-kana" />
        </Form.Item>
        <Form.Item name="companyName" label={t('customers.companyName')} rules={[maxLength(CUSTOMER_LIMITS.companyNameMax), printable()]}>
          <Input id="customer-company-name" />
        </Form.Item>
        <Form.Item name="zip" label={t('customers.zip')} rules={[maxLength(CUSTOMER_LIMITS.zipMax), postcode()]}>
          <Input id="customer-zip" />
        </Form.Item>
        <Form.Item name="address" label={t('customers.address')} rules={[maxLength(CUSTOMER_LIMITS.addressMax), printable()]}>
          <Input id="customer-address" />
        </Form.Item>
        <Form.Item name="phone" label={t('customers.phone')} rules={[maxLength(CUSTOMER_LIMITS.phoneMax), phoneNumber()]}>
          <Input id="customer-phone" />
        </Form.Item>
        <Form.Item name="fax" label={t('customers.fax')} rules={[maxLength(CUSTOMER_LIMITS.faxMax), phoneNumber()]}>
          <Input id="customer-fax" />
        </Form.Item>
        <Form.Item name="email" label={t('customers.email')} rules={[maxLength(CUSTOMER_LIMITS.emailMax)]}>
          <Input id="customer-email" />
        </Form.Item>
        <Form.Item name="ecSiteId" label={t('customers.ecSiteId')} rules={[maxLength(CUSTOMER_LIMITS.ecSiteIdMax)]}>
          <Input id="customer-ec-site-id" />
        </Form.Item>
        <Form.Item name="coreSystemCustomerId" label={t('customers.coreSystemCustomerId')} rules={[maxLength(CUSTOMER_LIMITS.coreSystemCustomerIdMax)]}>
          <Input id="customer-core-system-id" />
        </Form.Item>
        <Form.Item name="shopId" label={t('customers.shopId')}>
          <Select
            id="customer-shop-id"
            allowClear
            style={{ maxWidth: 320 }}
            options={shops.map((s) => ({ value: s.id, label: `${s.name}（${s.code}）` }))}
          />
        </Form.Item>
        <Form.Item name="csMemo" label={t('customers.csMemo')} rules={[maxLength(CUSTOMER_LIMITS.csMemoMax)]}>
          <Input.TextArea id="customer-cs-memo" rows={3} count={countOf(CUSTOMER_LIMITS.csMemoMax)} />
        </Form.Item>
        {!initial && (
          <Form.Item name="generalMemo" label={t('customers.generalMemo')} tooltip={t('customers.generalMemoHelp')} rules={[maxLength(CUSTOMER_LIMITS.generalMemoMax)]}>
            <Input.TextArea id="customer-general-memo" rows={3} count={countOf(CUSTOMER_LIMITS.generalMemoMax)} />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} id="customer-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate(goTo)}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
