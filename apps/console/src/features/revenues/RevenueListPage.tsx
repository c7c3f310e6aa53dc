import { Alert, Card, Col, Divider, Row, Statistic, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../api/client';
import { toCamel } from '../../api/case';
import { CursorPagination } from '../../common/CursorPagination';
import { fieldErrorText } from '../../common/form-errors';
import i18n, { errorMessage, formatDate, formatMonth } from '../../i18n';
import { orderLabel } from '../deposits/api/deposit';
import { useBadCursorReset, useCursorList } from '../../common/paging';
import { yen } from '../orders/format';
import { signedMoney } from './format';
import { Revenue, REVENUE_FILTERS, RevenueFilters, RevenueTotals, revenueScreen } from './api/revenue';
import { useDefaultSalesMonth } from './api/use-default-sales-month';
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

/** Field errors by their filter's label (`keyword` → Keyword); the ship date's two ends by the ship date. */
function filterLabel(field: string): string | undefined {
  const key = `revenues.filters.${field.startsWith('ship_date_') ? 'shipDate' : toCamel(field)}`;
  return i18n.exists(key) ? i18n.t(key) : undefined;
}

/** Why the list could not be read (a filter the API refuses, e.g. from an edited URL): every field error, or the refusal's message. */
function RevenueListError({ error }: { error: ApiError }) {
  const { t } = useTranslation();
  const lines = error.errors.length ? error.errors.map((e) => fieldErrorText(e, filterLabel)) : [errorMessage(error.errorCode, error.params, error.message)];
  return (
    <Alert
      type="error"
      showIcon
      title={t('revenues.loadFailed')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {lines.map((line, i) => (
            <li key={i}>{line}</li>
          ))}
        </ul>
      }
      style={{ marginBottom: 12 }}
      data-testid="revenue-list-error"
    />
  );
}

/**
 * /revenue: the revenue records of a filter (by default the sales month of Japan's today in the
 * monthly timeline), the filter's totals, newest shipment first, paged by cursor; the SS, receivables
 * and advance payment CSVs.
 */
export function RevenueListPage() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const { params, query, setParams, move, atCursor } = useCursorList(REVENUE_FILTERS);
  // undefined while the timeline loads: the list waits for it rather than show another month first.
  const defaultMonth = useDefaultSalesMonth();
  // A list opened without a filter shows the default month; a filter chosen replaces it.
  const unfiltered = REVENUE_FILTERS.every((key) => !params[key]);
  const waiting = unfiltered && !defaultMonth;
  const filters: RevenueFilters = Object.fromEntries(REVENUE_FILTERS.map((key) => [key, params[key]]));
  if (unfiltered) filters.salesMonth = defaultMonth;
  const { revenues, totals, pagination, isLoading, error } = useRevenues(waiting ? null : unfiltered ? { ...query, salesMonth: defaultMonth } : query);
  useBadCursorReset(error, atCursor, () => setParams({ ...params, page: 1 }));
  // A refused cursor goes back to the first page by itself; any other refusal is shown.
  const refusal = error instanceof ApiError && (error.status === 400 || error.status === 422) && !(error.status === 422 && atCursor) ? error : null;

  return (
    <Card size="small" title={<Typography.Title level={4} style={{ margin: 0 }}>{t('revenues.title')}</Typography.Title>}>
      <RevenueListFilters
        // Read again from the URL when it changes (clear, back and forward), and once the default month is known.
        key={`${search.toString()}|${defaultMonth ?? ''}`}
        filters={filters}
        onSearch={(next) => setParams({ ...next, page: 1, perPage: params.perPage })}
        onReset={() => setParams({ salesMonth: defaultMonth, page: 1, perPage: params.perPage })}
      />
      {refusal && <RevenueListError error={refusal} />}
      <RevenueTotalsRow totals={totals} />
      {/* Not before the default month is known: the CSVs would be of every month. */}
      {!waiting && <RevenueDownloads filters={filters} />}
      <Divider style={{ margin: '12px 0' }} />
      <Table<Revenue>
        rowKey="id"
        size="small"
        loading={waiting || isLoading}
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
