import { Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import type { MakerConfirmation } from './api';

const COLORS = { 1: 'green', 2: 'gold', 3: 'red' } as const;

/** What is recorded for this maker now: the confirm status, and the ship date or refusal reason given with it. */
export function CurrentAnswer({ confirmation: c }: { confirmation: MakerConfirmation }) {
  const { t } = useTranslation();
  return (
    <Descriptions size="small" bordered column={{ xs: 1, md: 3 }} title={t('makerConfirm.current.title')}>
      <Descriptions.Item label={t('makerConfirm.current.status')}>
        <Tag color={c.confirmStatus ? COLORS[c.confirmStatus] : 'default'} data-testid="confirm-current-status">
          {c.confirmStatus ? t(`makerConfirm.statuses.${c.confirmStatus}`) : t('makerConfirm.current.none')}
        </Tag>
      </Descriptions.Item>
      {c.makerReceiveDate && <Descriptions.Item label={t('makerConfirm.current.makerReceiveDate')}>{formatDate(c.makerReceiveDate)}</Descriptions.Item>}
      {c.estimatedShipDate && <Descriptions.Item label={t('makerConfirm.current.estimatedShipDate')}>{formatDate(c.estimatedShipDate)}</Descriptions.Item>}
      {c.refusalReason && <Descriptions.Item label={t('makerConfirm.current.refusalReason')}>{c.refusalReason}</Descriptions.Item>}
    </Descriptions>
  );
}
