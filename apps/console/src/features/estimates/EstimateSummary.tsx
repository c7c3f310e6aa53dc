import { Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../i18n';
import type { Estimate, EstimateLine, LinkEstimate } from './api/estimate';

export const yen = (value: number | null | undefined) => (value === null || value === undefined ? '—' : `¥${value.toLocaleString('ja-JP')}`);

/** The fee kind's name (SPEC.md §3 fee kinds). */
export function useFeeLabel() {
  const { t } = useTranslation();
  return (kind: number | null | undefined) => (kind ? t(`estimates.feeKinds.${kind}`) : '—');
}

/**
 * An estimate as it will be printed: header, lines, fees, the tax per rate and the totals — the
 * server's figures, never recomputed here. Shown in the console and on the public approval page.
 */
/** The quotation as staff see it (an Estimate), or as a mailed link's page does (without what only staff see). */
export function EstimateSummary({ estimate, customerName }: { estimate: LinkEstimate & Partial<Pick<Estimate, 'adminNote'>>; customerName?: string }) {
  const { t } = useTranslation();
  const feeLabel = useFeeLabel();
  const fees = [
    [estimate.fee1Id, estimate.fee1Value],
    [estimate.fee2Id, estimate.fee2Value],
  ].filter(([kind, value]) => kind !== null && value !== null) as [number, number][];
  return (
    <div data-testid="estimate-summary">
      <Descriptions size="small" column={{ xs: 1, md: 2 }} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('estimates.estimateNo')}>
          <span data-testid="estimate-no">{estimate.estimateNoLabel}</span>
        </Descriptions.Item>
        {customerName !== undefined && <Descriptions.Item label={t('estimates.link.customer')}>{customerName}</Descriptions.Item>}
        <Descriptions.Item label={t('estimates.status')}>
          <span data-testid="estimate-status" data-status={estimate.status}>
            {t(`estimates.statuses.${estimate.status}`)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('estimates.issuedAt')}>{formatDate(estimate.issuedAt)}</Descriptions.Item>
        <Descriptions.Item label={t('estimates.validUntil')}>{formatDate(estimate.validUntil)}</Descriptions.Item>
        <Descriptions.Item label={t('estimates.personInCharge')}>{estimate.personInCharge ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('estimates.deliveryLocation')}>{estimate.deliveryLocation ?? '—'}</Descriptions.Item>
        {estimate.approvedDate && <Descriptions.Item label={t('estimates.approvedDate')}>{formatDate(estimate.approvedDate)}</Descriptions.Item>}
        {estimate.sealApprovedDate && <Descriptions.Item label={t('estimates.sealApprovedDate')}>{formatDate(estimate.sealApprovedDate)}</Descriptions.Item>}
        {estimate.adminNote && <Descriptions.Item label={t('estimates.adminNote')}>{estimate.adminNote}</Descriptions.Item>}
      </Descriptions>
      <Table<EstimateLine & { key: number }>
        size="small"
        pagination={false}
        dataSource={estimate.details.map((line, i) => ({ ...line, key: i }))}
        data-testid="estimate-lines"
        columns={[
          { title: t('estimates.ecProductCode'), dataIndex: 'ecProductCode', render: (v) => v ?? '—' },
          { title: t('estimates.productName'), dataIndex: 'productName' },
          { title: t('estimates.optionDetail'), dataIndex: 'optionDetail', render: (v) => v ?? '—' },
          { title: t('estimates.taxPercentage'), dataIndex: 'taxPercentage', align: 'right', render: (v: number) => `${v}%` },
          { title: t('estimates.priceWithTax'), dataIndex: 'priceWithTax', align: 'right', render: yen },
          { title: t('estimates.amount'), dataIndex: 'amount', align: 'right', render: (v: number, line) => `${v}${line.unit ?? ''}` },
          { title: t('estimates.lineTotal'), key: 'total', align: 'right', render: (_, line) => yen(line.priceWithTax * line.amount) },
        ]}
      />
      <Descriptions size="small" column={1} bordered style={{ marginTop: 16, maxWidth: 520, marginLeft: 'auto' }} data-testid="estimate-totals">
        <Descriptions.Item label={t('estimates.subtotal')}>{yen(estimate.subtotal)}</Descriptions.Item>
        {fees.map(([kind, value], i) => (
          <Descriptions.Item key={i} label={feeLabel(kind)}>
            {kind === 4 ? `−${yen(value)}` : yen(value)}
          </Descriptions.Item>
        ))}
        {estimate.taxes.map((row) => (
          <Descriptions.Item key={row.rate} label={`${row.rate}%`}>
            <span data-testid={`estimate-tax-${row.rate}`}>{t('estimates.taxRow', { rate: row.rate, amount: yen(row.totalWithTax), tax: yen(row.tax) })}</span>
          </Descriptions.Item>
        ))}
        <Descriptions.Item label={t('estimates.taxTotal')}>{yen(estimate.taxTotal)}</Descriptions.Item>
        <Descriptions.Item label={t('estimates.total')}>
          <strong data-testid="estimate-total">{yen(estimate.total)}</strong>
        </Descriptions.Item>
      </Descriptions>
      {(estimate.estimateNotes.length > 0 || estimate.note) && (
        <ul style={{ marginTop: 16 }} data-testid="estimate-notes">
          {estimate.estimateNotes.map((n, i) => (
            <li key={i}>{n}</li>
          ))}
          {estimate.note && <li>{estimate.note}</li>}
        </ul>
      )}
    </div>
  );
}
