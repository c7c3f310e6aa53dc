import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import { preferredPeriodLabel } from '../orders/messages';
import type { MakerConfirmation } from './api';

const dash = (v: string | null | undefined) => v || '—';

/** The order as the maker reads it: number, date, maker, delivery and the notes for the maker. */
export function ConfirmOrderSummary({ confirmation: c }: { confirmation: MakerConfirmation }) {
  const { t } = useTranslation();
  return (
    <>
      <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} title={t('makerConfirm.order.title')} data-testid="confirm-order">
        <Descriptions.Item label={t('makerConfirm.order.orderNo')}>
          <span data-testid="confirm-order-no">{c.orderNo}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.order.orderDate')}>{formatDate(c.orderDate)}</Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.order.maker')}>{c.maker.name}</Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" bordered column={{ xs: 1, md: 2 }} title={t('makerConfirm.delivery.title')} data-testid="confirm-delivery">
        <Descriptions.Item label={t('makerConfirm.delivery.name')}>{c.delivery.name}</Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.delivery.phone')}>{dash(c.delivery.phone)}</Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.delivery.zip')}>{dash(c.delivery.zip)}</Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.delivery.address')}>{dash(c.delivery.address)}</Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.delivery.preferredDate')}>{dash(c.delivery.preferredDate)}</Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.delivery.preferredPeriod')}>{preferredPeriodLabel(t, c.delivery.preferredPeriod)}</Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.notes.ediNote')} span="filled">
          {dash(c.ediNote)}
        </Descriptions.Item>
        <Descriptions.Item label={t('makerConfirm.notes.supplierMemo')} span="filled">
          <span style={{ whiteSpace: 'pre-wrap' }}>{dash(c.supplierMemo)}</span>
        </Descriptions.Item>
      </Descriptions>
    </>
  );
}
