import { Form, Input, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLength } from '../../common/field-rules';
import { DELIVERY_LIMITS, DeliveryCompany, DeliveryMethod, PATHS } from './api';
import { CrudSection } from './CrudSection';

export function ShippingTab({ canWrite }: { canWrite: boolean }) {
  const { t } = useTranslation();
  return (
    <Space orientation="vertical" style={{ width: '100%' }} size="large">
      <CrudSection<DeliveryMethod>
        id="delivery-method"
        path={PATHS.deliveryMethods}
        title={t('settings.deliveryMethod.title')}
        createTitle={t('settings.deliveryMethod.createTitle')}
        editTitle={t('settings.deliveryMethod.editTitle')}
        canWrite={canWrite}
        rowLabel={(r) => String(r.id)}
        columns={[{ title: t('settings.deliveryMethod.name'), dataIndex: 'name' }]}
        fields={
          <Form.Item name="name" label={t('settings.deliveryMethod.name')} required rules={[maxLength(DELIVERY_LIMITS.nameMax)]}>
            <Input id="delivery-method-name" />
          </Form.Item>
        }
      />
      <CrudSection<DeliveryCompany>
        id="delivery-company"
        path={PATHS.deliveryCompanies}
        title={t('settings.deliveryCompany.title')}
        createTitle={t('settings.deliveryCompany.createTitle')}
        editTitle={t('settings.deliveryCompany.editTitle')}
        canWrite={canWrite}
        rowLabel={(r) => String(r.id)}
        columns={[
          { title: t('settings.deliveryCompany.name'), dataIndex: 'name' },
          { title: t('settings.deliveryCompany.trackingUrl'), dataIndex: 'trackingUrl', render: (v: string | null) => <Typography.Text style={{ wordBreak: 'break-all' }}>{v}</Typography.Text> },
        ]}
        fields={
          <>
            <Form.Item name="name" label={t('settings.deliveryCompany.name')} required rules={[maxLength(DELIVERY_LIMITS.nameMax)]}>
              <Input id="delivery-company-name" />
            </Form.Item>
            <Form.Item name="trackingUrl" label={t('settings.deliveryCompany.trackingUrl')} extra={t('mailTemplates.trackingUrlHelp')} rules={[maxLength(DELIVERY_LIMITS.trackingUrlMax)]}>
              <Input id="delivery-company-trackingUrl" placeholder="https://example.jp/track?no={code}" />
            </Form.Item>
          </>
        }
      />
    </Space>
  );
}
