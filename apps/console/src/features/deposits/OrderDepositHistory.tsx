import { Card, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useCurrentUser } from '../../auth/use-current-user';
import { formatDate } from '../../i18n';
import { DepositPayment, depositScreen } from './api/deposit';
import { useOrderDeposits } from './api/use-deposits';
import { STATUS_COLORS, yen } from './format';

/**
 * The order page's deposit and payment history (SPEC.md §2), for those who may read deposits: every
 * payment, from a bank file or by hand, live and taken back, oldest first.
 */
export function OrderDepositHistory({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { payments } = useOrderDeposits(orderId, !!user?.permissions.includes('deposits.read'));
  if (!payments) return null;
  const fees = (p: DepositPayment) => p.settlementFee + p.transferFee + p.otherFee + p.shippingFee;
  return (
    <Card title={t('deposits.orderHistory.title')} size="small">
      <Table<DepositPayment>
        rowKey="id"
        size="small"
        pagination={false}
        data-testid="order-deposits"
        dataSource={payments}
        locale={{ emptyText: t('deposits.orderHistory.empty') }}
        rowClassName={(p) => (p.revertedAt ? 'deposit-payment-reverted' : '')}
        columns={[
          { title: t('deposits.fields.paidDate'), dataIndex: 'paidDate', render: (v: string) => formatDate(v) },
          { title: t('deposits.fields.type'), dataIndex: 'type', render: (v: number) => t(`deposits.types.${v}`) },
          { title: t('deposits.fields.status'), dataIndex: 'status', render: (s: number) => <Tag color={STATUS_COLORS[s]}>{t(`deposits.statuses.${s}`)}</Tag> },
          { title: t('deposits.fields.amount'), dataIndex: 'amount', align: 'right', render: yen },
          { title: t('deposits.fields.dueAmount'), dataIndex: 'dueAmount', align: 'right', render: yen },
          { title: t('deposits.fields.fees'), key: 'fees', align: 'right', render: (_: unknown, p) => yen(fees(p)) },
          {
            title: t('deposits.fields.deposit'),
            dataIndex: 'depositId',
            render: (id: number | null) => (id ? <Link to={depositScreen(id)}>{t('deposits.orderHistory.file', { id })}</Link> : t('deposits.orderHistory.byHand')),
          },
          {
            title: t('deposits.fields.reverted'),
            key: 'reverted',
            render: (_: unknown, p) =>
              p.revertedAt ? (
                <Typography.Text type="secondary">{t('deposits.orderHistory.revertedAt', { date: formatDate(p.revertedAt, true), reason: p.revertReason ?? '—' })}</Typography.Text>
              ) : (
                '—'
              ),
          },
        ]}
      />
    </Card>
  );
}
