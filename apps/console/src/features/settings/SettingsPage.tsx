import { Card, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { MailTemplateTab } from './MailTemplateTab';
import { OrderTab } from './OrderTab';
import { PaymentTab } from './PaymentTab';
import { ShippingTab } from './ShippingTab';
import { ShopTab } from './ShopTab';

const TABS = ['shop', 'order', 'shipping', 'payment', 'mail'] as const;

/** Settings with tabs shop, order, shipping, payment and mail; the tab lives in the URL (`?tab=`). */
export function SettingsPage() {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const canWrite = !!user?.permissions.includes('settings.write');
  const [search, setSearch] = useSearchParams();
  const tab = (TABS as readonly string[]).includes(search.get('tab') ?? '') ? search.get('tab')! : 'shop';

  return (
    <Card title={<Typography.Title level={4} style={{ margin: 0 }}>{t('settings.title')}</Typography.Title>}>
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch({ tab: key })}
        destroyOnHidden
        items={[
          { key: 'shop', label: t('settings.tabs.shop'), children: <ShopTab canWrite={canWrite} /> },
          { key: 'order', label: t('settings.tabs.order'), children: <OrderTab canWrite={canWrite} /> },
          { key: 'shipping', label: t('settings.tabs.shipping'), children: <ShippingTab canWrite={canWrite} /> },
          { key: 'payment', label: t('settings.tabs.payment'), children: <PaymentTab /> },
          { key: 'mail', label: t('mailTemplates.tab'), children: <MailTemplateTab canWrite={canWrite} /> },
        ]}
      />
    </Card>
  );
}
