import { Button, Card, Input, List, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router-dom';
import { CUSTOMER_LIMITS } from '@oms/domain';
import { useCurrentUser } from '../../auth/use-current-user';
import { countOf } from '../../common/field-rules';
import { refusalOf } from '../../common/refusal';
import { toast } from '../../common/toast';
import { createCustomer, saveGeneralMemo, updateCustomer } from './api/save-customer';
import { useCustomer, useSamePerson } from './api/use-customers';
import { CustomerThread } from '../conversations/CustomerThread';
import { CustomerForm } from './CustomerForm';

export function CustomerCreatePage() {
  const { t } = useTranslation();
  return <CustomerForm title={t('customers.createTitle')} submit={createCustomer} successMessage={t('customers.created')} goTo="/customers" />;
}

/** Detail and edit: the customer's fields (CS memo included), and the same-person group with its shared general memo. */
export function CustomerDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { customer } = useCustomer(id);
  const { user } = useCurrentUser();
  if (!customer) return <Spin />;
  const canWrite = !!user?.permissions.includes('customers.write');
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      {canWrite ? (
        <CustomerForm
          key={`${customer.id}:${customer.version}`}
          title={t('customers.editTitle')}
          initial={customer}
          submit={(values) => updateCustomer(customer.id, values)}
          successMessage={t('customers.updated')}
          goTo="/customers"
        />
      ) : (
        <Card title={customer.name}>
          <Typography.Text>{[customer.nameKana, customer.phone, customer.email, customer.companyName].filter(Boolean).join(' / ')}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{customer.csMemo}</Typography.Paragraph>
        </Card>
      )}
      <SamePersonCard customerId={customer.id} canWrite={canWrite} />
      {user?.permissions.includes('customer-chat') && <CustomerThread customerId={customer.id} />}
    </Space>
  );
}

function SamePersonCard({ customerId, canWrite }: { customerId: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const { group } = useSamePerson(customerId);
  const [memo, setMemo] = useState('');
  const [saving, setSaving] = useState(false);
  useEffect(() => setMemo(group?.generalMemo ?? ''), [group?.generalMemo]);
  if (!group) return <Spin />;

  const save = async () => {
    setSaving(true);
    try {
      const result = await saveGeneralMemo(customerId, memo || null);
      if (result.ok) toast.success(t('customers.generalMemoSaved'));
      else toast.error(refusalOf(result));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('customers.samePersonTitle')} data-testid="same-person-card">
      <Typography.Paragraph type="secondary">{t('customers.generalMemoHelp')}</Typography.Paragraph>
      <Input.TextArea id="customer-general-memo" rows={3} count={countOf(CUSTOMER_LIMITS.generalMemoMax)} value={memo} disabled={!canWrite} onChange={(e) => setMemo(e.target.value)} />
      {canWrite && (
        <Button style={{ marginTop: 8 }} onClick={save} loading={saving} id="general-memo-save">
          {t('customers.saveGeneralMemo')}
        </Button>
      )}
      <List
        style={{ marginTop: 16 }}
        bordered
        dataSource={group.customers}
        renderItem={(c) => (
          <List.Item data-testid="same-person-member">
            <Link to={`/customers/${c.id}`}>{c.name}</Link>
            {c.id === customerId && <Tag color="blue">{t('customers.thisCustomer')}</Tag>}
            <Typography.Text type="secondary">{[c.phone, c.email].filter(Boolean).join(' / ')}</Typography.Text>
          </List.Item>
        )}
      />
    </Card>
  );
}
