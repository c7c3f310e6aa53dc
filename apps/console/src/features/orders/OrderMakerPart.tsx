import { Card, Descriptions, Tag } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import type { DeliveryCompany } from '../settings/api';
import type { AnyOrderLine, OrderMaker } from './api/order';
import { OrderLinesTable } from './OrderLinesTable';
import { TrackingCode } from './TrackingCode';

interface Props {
  maker: OrderMaker;
  lines: AnyOrderLine[];
  companies: DeliveryCompany[];
  selected: ReadonlySet<string>;
  onSelect: (lines: AnyOrderLine[], ids: string[]) => void;
  /** Shown under the lines: the maker's order sheets. */
  children?: ReactNode;
}

/** One maker's part of an order: its confirmation, dates and delivery info, its lines and what follows them (its order sheets). */
export function OrderMakerPart({ maker, lines, companies, selected, onSelect, children }: Props) {
  const { t } = useTranslation();
  const company = companies.find((c) => String(c.id) === maker.deliveryCompanyId);
  const dash = (v: string | null | undefined) => v || '—';
  return (
    <Card
      size="small"
      type="inner"
      title={maker.makerName}
      extra={<Tag>{t(`orderMethods.${maker.orderMethod}`)}</Tag>}
      style={{ marginBottom: 16 }}
      data-testid={`maker-part-${maker.makerId}`}
    >
      <Descriptions size="small" column={{ xs: 1, md: 3 }} style={{ marginBottom: 12 }}>
        <Descriptions.Item label={t('orders.fields.confirmStatus')}>
          <span data-testid={`confirm-status-${maker.makerId}`}>{maker.confirmStatus ? t(`orders.confirmStatus.${maker.confirmStatus}`) : '—'}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.makerOrderDate')}>{formatDate(maker.makerOrderDate)}</Descriptions.Item>
        {/* A refusal receives nothing: no receive date to show. */}
        <Descriptions.Item label={t('orders.fields.makerReceiveDate')}>
          <span data-testid={`maker-receive-date-${maker.makerId}`}>{maker.confirmStatus === 3 ? '—' : formatDate(maker.makerReceiveDate)}</span>
        </Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.estimatedShipDate')}>{formatDate(maker.estimatedShipDate)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.shipDate')}>{formatDate(maker.shipDate)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.deliveryCompany')}>{company?.name ?? dash(maker.deliveryCompanyId)}</Descriptions.Item>
        <Descriptions.Item label={t('orders.fields.trackingCode')}>
          <TrackingCode code={maker.trackingCode} company={company} testId={`tracking-code-${maker.makerId}`} />
        </Descriptions.Item>
      </Descriptions>
      {maker.refusalReason && (
        // Free text up to 100 characters, one long word at times: on a row of its own, wrapping, so
        // it does not squeeze the dates beside it into a column of single characters.
        <Descriptions size="small" column={1} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('orders.fields.refusalReason')}>
            <span style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid={`refusal-reason-${maker.makerId}`}>
              {maker.refusalReason}
            </span>
          </Descriptions.Item>
        </Descriptions>
      )}
      <OrderLinesTable lines={lines} selected={selected} onSelect={onSelect} />
      {children}
    </Card>
  );
}
