import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import type { MakerOrder } from './api/order';
import { preferredDateLabel, yen } from './format';
import { preferredPeriodLabel } from './messages';

const dash = (v: string | null | undefined) => v || '—';

/**
 * A maker user's order (the API's maker view): what it ships and to whom, the maker memo, and what
 * the shop owes it at wholesale. No buyer, payment, retail price or total: the view has none.
 */
export function MakerOrderSummary({ order }: { order: MakerOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="order-header">
      <Descriptions.Item label={t('orders.fields.shop')}>{order.shopName}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.orderDate')}>{formatDate(order.orderDate)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.updatedAt')}>{formatDate(order.updatedAt, true)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.supplierMemo')} span="filled">
        <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{dash(order.supplierMemo)}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.ediNote')}>{dash(order.ediNote)}</Descriptions.Item>
    </Descriptions>
  );
}

/** Where and when the maker delivers. */
export function MakerDelivery({ order }: { order: MakerOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={{ xs: 1, md: 2 }} title={t('orders.sections.delivery')} data-testid="order-delivery">
      <Descriptions.Item label={t('orders.fields.name')}>{order.deliveryName}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.tel')}>{dash(order.deliveryTel)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.zip')}>{dash(order.deliveryZip)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.address')}>{dash(order.deliveryAddress)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.preferredDate')}>{preferredDateLabel(order.preferredDate, formatDate)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.preferredPeriod')}>{preferredPeriodLabel(t, order.preferredPeriod)}</Descriptions.Item>
    </Descriptions>
  );
}

/** The maker's amount: its live lines at wholesale ("—" while a wholesale price is unknown). */
export function MakerAmount({ order }: { order: MakerOrder }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" column={1} bordered data-testid="order-amounts">
      <Descriptions.Item label={<strong>{t('orders.fields.wholesaleTotal')}</strong>}>
        <strong data-testid="order-wholesale-total">{yen(order.wholesaleTotal)}</strong>
      </Descriptions.Item>
    </Descriptions>
  );
}
