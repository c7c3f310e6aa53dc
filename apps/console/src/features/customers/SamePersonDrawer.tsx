import { Descriptions, Drawer, List, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSamePerson } from './api/use-customers';

interface Props {
  customerId: number | null;
  onClose: () => void;
}

/** The same-person lookup: every customer sharing an e-mail or phone number with this one (transitively), and the shared memo. */
export function SamePersonDrawer({ customerId, onClose }: Props) {
  const { t } = useTranslation();
  const { group, isLoading } = useSamePerson(customerId);
  return (
    <Drawer open={customerId !== null} onClose={onClose} title={t('customers.samePersonTitle')} size="large" data-testid="same-person-drawer">
      {isLoading || !group ? (
        <Spin />
      ) : (
        <>
          <Descriptions column={1} size="small" style={{ marginBottom: 16 }}>
            <Descriptions.Item label={t('customers.samePersonId')}>{group.samePersonId}</Descriptions.Item>
            <Descriptions.Item label={t('customers.generalMemo')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>{group.generalMemo ?? '—'}</Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
          <List
            bordered
            dataSource={group.customers}
            renderItem={(c) => (
              <List.Item data-testid="same-person-member">
                <List.Item.Meta
                  title={
                    <>
                      <Link to={`/customers/${c.id}`} onClick={onClose}>
                        {c.name}
                      </Link>{' '}
                      {c.id === group.customerId && <Tag color="blue">{t('customers.thisCustomer')}</Tag>}
                    </>
                  }
                  description={[c.nameKana, c.phone, c.email, c.companyName].filter(Boolean).join(' / ')}
                />
              </List.Item>
            )}
          />
        </>
      )}
    </Drawer>
  );
}
