import { Alert, Button, Card, Form, Input, Radio, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { countOf, maxLength, phoneNumber, printable } from '../../common/field-rules';
import { EditFormProps, useServerForm } from '../../common/use-server-form';
import { Maker, MakerInput, MAKER_LIMITS, MAKER_STATUSES, ORDER_METHODS } from './api/maker';

type Props = EditFormProps<Maker, MakerInput>;

export function MakerForm({ title, initial, submit, successMessage }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<MakerInput>();
  const orderMethod = Form.useWatch('orderMethod', form);
  const { onFinish, onValuesChange, saving, refusal } = useServerForm(form, submit, { message: successMessage, goTo: '/makers' });

  return (
    <Card title={title}>
      {refusal && <Alert type="error" showIcon message={refusal} style={{ marginBottom: 16 }} data-testid="form-refusal" />}
      <Form
        form={form}
        layout="vertical"
        style={{ maxWidth: 640 }}
        initialValues={initial ?? { orderMethod: 'email', status: 'enabled' }}
        onFinish={onFinish}
        onValuesChange={onValuesChange}
      >
        {initial && (
          <Form.Item name="version" hidden>
            <Input />
          </Form.Item>
        )}
        <Form.Item name="code" label={t('makers.code')} required rules={[maxLength(MAKER_LIMITS.codeMax), printable()]}>
          <Input id="maker-code" count={countOf(MAKER_LIMITS.codeMax)} />
        </Form.Item>
        <Form.Item name="name" label={t('makers.name')} required rules={[maxLength(MAKER_LIMITS.nameMax), printable()]}>
          <Input id="maker-name" />
        </Form.Item>
        <Form.Item name="orderMethod" label={t('makers.orderMethod')} required>
          <Radio.Group id="maker-order-method" options={ORDER_METHODS.map((m) => ({ value: m, label: t(`orderMethods.${m}`) }))} />
        </Form.Item>
        <Form.Item name="fax" label={t('makers.fax')} required={orderMethod === 'fax'} rules={[maxLength(MAKER_LIMITS.faxMax), phoneNumber()]}>
          <Input id="maker-fax" />
        </Form.Item>
        <Form.Item name="email" label={t('makers.email')} required={orderMethod === 'email'} rules={[maxLength(MAKER_LIMITS.emailMax)]}>
          <Input id="maker-email" />
        </Form.Item>
        <Form.Item name="phone" label={t('makers.phone')} rules={[maxLength(MAKER_LIMITS.phoneMax), phoneNumber()]}>
          <Input id="maker-phone" />
        </Form.Item>
        <Form.Item name="address" label={t('makers.address')} rules={[maxLength(MAKER_LIMITS.addressMax), printable()]}>
          <Input id="maker-address" />
        </Form.Item>
        <Form.Item name="productCodes" label={t('makers.productCodes')}>
          <Input.TextArea id="maker-product-codes" rows={2} />
        </Form.Item>
        <Form.Item name="status" label={t('makers.status')}>
          <Select id="maker-status" options={MAKER_STATUSES.map((s) => ({ value: s, label: t(`makerStatuses.${s}`) }))} />
        </Form.Item>
        <Form.Item name="memo" label={t('makers.memo')}>
          <Input.TextArea id="maker-memo" rows={3} />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving} id="maker-save">
            {t('common.save')}
          </Button>
          <Button onClick={() => navigate('/makers')}>{t('common.cancel')}</Button>
        </Space>
      </Form>
    </Card>
  );
}
