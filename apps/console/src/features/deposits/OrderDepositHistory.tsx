import { PlusOutlined } from '@ant-design/icons';
import { Button, Card, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ApiFailure } from '../../api/client';
import { useCurrentUser } from '../../auth/use-current-user';
import { refusalOf } from '../../common/refusal';
import { toast } from '../../common/toast';
import { formatDate } from '../../i18n';
import { useOrderRevalidation } from '../orders/api/use-order-commands';
import { DepositPayment, depositScreen, DepositUpdateInput } from './api/deposit';
import { useDepositChanges } from './api/save-deposit';
import { useOrderDeposits } from './api/use-deposits';
import { HandPaymentDialog } from './DepositDialogs';
import { STATUS_COLORS, yen } from './format';

/**
 * The order page's deposit and payment history (SPEC.md §2), for those who may read deposits: every
 * payment, from a bank file or by hand, live and taken back, oldest first. Those who may write deposits
 * record a payment by hand here, against the order as the page read it; a stale version
 * (NAL_ORD-193) goes to the page's reload prompt (`onStale`), any other refusal is a toast.
 */
export function OrderDepositHistory({ order, onStale }: { order: { id: string; version: number; total: number }; onStale: () => void }) {
  const { t } = useTranslation();
  const { user } = useCurrentUser();
  const { payments } = useOrderDeposits(order.id, !!user?.permissions.includes('deposits.read'));
  const canWrite = !!user?.permissions.includes('deposits.write');
  const [recording, setRecording] = useState(false);
  const changes = useDepositChanges();
  const { revalidateOrder } = useOrderRevalidation();
  if (!payments) return null;
  const fees = (p: DepositPayment) => p.settlementFee + p.transferFee + p.otherFee + p.shippingFee;

  // The payment moves the order on (its lines paid, its version): read it again with its deposits.
  const record = async (orderId: string, input: DepositUpdateInput) => {
    const result = await changes.apply(orderId, input);
    if (result.ok) await revalidateOrder(orderId);
    return result;
  };
  const refused = (failure: ApiFailure) => {
    if (failure.error.errorCode === 'NAL_ORD-193') onStale();
    else toast.error(refusalOf(failure));
  };
  return (
    <Card
      title={t('deposits.orderHistory.title')}
      size="small"
      extra={
        canWrite && (
          <Button size="small" icon={<PlusOutlined />} id="order-payment-add" onClick={() => setRecording(true)}>
            {t('deposits.handPayment.button')}
          </Button>
        )
      }
    >
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
      {recording && <HandPaymentDialog order={order} apply={record} onClose={() => setRecording(false)} onRefused={refused} />}
    </Card>
  );
}
