import { japanToday } from '@oms/domain';
import { Card, Col, Divider, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { CursorPagination } from '../../common/CursorPagination';
import { formatDate, formatMonth } from '../../i18n';
import { orderLabel } from '../deposits/api/deposit';
import { useBadCursorReset, useCursorList } from '../deposits/paging';
import { yen } from '../orders/format';
import { signedMoney } from './format';
import { Revenue, REVENUE_FILTERS, RevenueFilters, RevenueTotals, revenueScreen } from './api/revenue';
import { useRevenues } from './api/use-revenues';
import { RevenueDownloads } from './RevenueDownloads';
import { RevenueListFilters } from './RevenueListFilters';

/** The filter's totals, in this order: the count, then money. */
const TOTALS = ['count', 'total', 'taxTotal', 'wholesaleTotal', 'reshipCost', 'costs', 'margin'] as const satisfies readonly (keyof RevenueTotals)[];

/** The filter's totals, over every page (the API sums the whole filter). */
function RevenueTotalsRow({ totals }: { totals: RevenueTotals | undefined }) {
  const { t } = useTranslation();
  return (
    <Row gutter={[32, 8]} data-testid="revenue-totals" style={{ marginBottom: 12 }}>
      {TOTALS.map((key) => (
        <Col key={key}>
          <Statistic
            title={t(`revenues.totals.${key}`)}
            value={totals ? (key === 'count' ? totals.count.toLocaleString('ja-JP') : key === 'margin' ? signedMoney(totals.margin) : yen(totals[key])) : '—'}
            suffix={key === 'count' && totals ? t('revenues.totals.unit') : undefined}
            styles={{ content: key === 'margin' && totals && totals.margin < 0 ? { color: '#cf1322' } : undefined, suffix: { marginInlineStart: 0 } }}
            data-testid={`total-${key}`}
          />
        </Col>
      ))}
    </Row>
  );
}

/**
 * /revenue: the revenue records of a filter (the current Japan month by default), the filter's totals,
 * newest shipment first, paged by cursor; the SS, receivables and advance payment CSVs.
 */
export function RevenueListPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { params, query, setParams, move, atCursor } = useCursorList(REVENUE_FILTERS);
  const thisMonth = japanToday().slice(0, 7);
  // A list opened without a filter shows the current month (Japan's, DESIGN.md §11); a filter chosen replaces it.
  const unfiltered = REVENUE_FILTERS.every((key) => !params[key]);
  const filters: RevenueFilters = Object.fromEntries(REVENUE_FILTERS.map((key) => [key, params[key]]));
  if (unfiltered) filters.salesMonth = thisMonth;
  const { revenues, totals, pagination, isLoading, error } = useRevenues(unfiltered ? { ...query, salesMonth: thisMonth } : query);
  useBadCursorReset(error, atCursor, () => setParams({ ...params, page: 1 }));

  return (
    <Card size="small" title={<Typography.Title level={4} style={{ margin: 0 }}>{t('revenues.title')}</Typography.Title>}>
      <RevenueListFilters
        // Read again from the URL when it changes (clear, back and forward).
        key={search.toString()}
        filters={filters}
        onSearch={(next) => setParams({ ...next, page: 1, perPage: params.perPage })}
        onReset={() => setParams({ salesMonth: thisMonth, page: 1, perPage: params.perPage })}
      />
      <RevenueTotalsRow totals={totals} />
      <RevenueDownloads filters={filters} />
      <Divider style={{ margin: '12px 0' }} />
      <Table<Revenue>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={revenues}
        scroll={{ x: 'max-content' }}
        pagination={false}
        locale={{ emptyText: t('revenues.empty') }}
        columns={[
          {
            title: t('revenues.fields.orderNo'),
            key: 'orderNo',
            render: (_: unknown, r) => (
              <>
                <Link to={`/orders/${r.orderId}`} data-testid={`order-link-${r.id}`}>
                  {orderLabel(r)}
                </Link>
                <div>
                  <Link to={revenueScreen(r.id)} id={`revenue-link-${r.id}`} style={{ fontSize: 12 }}>
                    {t('common.edit')}
                  </Link>
                </div>
              </>
            ),
          },
          { title: t('revenues.fields.shipDate'), dataIndex: 'shipDate', render: (v: string) => formatDate(v) },
          { title: t('revenues.fields.salesMonth'), dataIndex: 'salesMonth', render: (v: string) => formatMonth(v) },
          { title: t('revenues.fields.shop'), key: 'shop', render: (_: unknown, r) => r.shop.name },
          { title: t('revenues.fields.buyer'), dataIndex: 'buyerName' },
          {
            title: t('revenues.fields.productName'),
            key: 'productName',
            render: (_: unknown, r) => (
              <>
                {r.productName}
                {r.productCount > 1 && (
                  <Typography.Text type="secondary" style={{ marginInlineStart: 4 }}>
                    {t('revenues.otherProducts', { count: r.productCount - 1 })}
                  </Typography.Text>
                )}
              </>
            ),
          },
          { title: t('revenues.fields.total'), dataIndex: 'total', align: 'right', render: yen },
          { title: t('revenues.fields.wholesaleTotal'), dataIndex: 'wholesaleTotal', align: 'right', render: yen },
          {
            title: t('revenues.fields.margin'),
            dataIndex: 'margin',
            align: 'right',
            render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : undefined}>{signedMoney(v)}</Typography.Text>,
          },
        ]}
      />
      <CursorPagination
        pagination={pagination}
        onMove={move}
        onPerPage={(perPage) => setParams({ ...params, page: 1, perPage })}
        showTotal={(total, [from, to]) => t('common.total', { total, from, to })}
      />
    </Card>
  );
}
