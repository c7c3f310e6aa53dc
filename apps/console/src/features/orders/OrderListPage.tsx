import { BranchesOutlined, DownloadOutlined, PlusOutlined, PrinterOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Checkbox, Modal, Space, Spin, Table, Typography } from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { ApiError, type ApiFailure, type Query } from '../../api/client';
import { useCurrentUser } from '../../auth/use-current-user';
import { CursorPagination, type PageMove } from '../../common/CursorPagination';
import { useListParams } from '../../common/list-params';
import { toast } from '../../common/toast';
import { formatDate } from '../../i18n';
import { AnyOrder, BatchOrderResult, orderNumber } from './api/order';
import type { CommandFields } from './api/order-commands';
import { useConfirmPayment } from './api/confirm-payment';
import { useOrderCommands } from './api/use-order-commands';
import { saveOrderListQuery, savedOrderListQuery } from './api/order-list-cookie';
import { useOrders, useStaffOrder } from './api/use-orders';
import { BatchResultModal } from './BatchResultModal';
import { CommandModal } from './CommandModal';
import { ExportModal } from './ExportModal';
import { PrintDocumentsModal } from './PrintDocumentsModal';
import { yen } from './format';
import { selectionMessage } from './messages';
import { OrderActionBar } from './OrderActionBar';
import { groupByOrder, oneOrderProblem, selectedLineOf, type OrderAction, type SelectedLine } from './order-actions';
import { OrderErrors } from './OrderErrors';
import { ORDER_LIST_FILTERS, OrderListFilters } from './OrderListFilters';
import { OrderLinesTable } from './OrderLinesTable';
import { StatusTag } from './StatusTag';

/** Table columns that sort, and the API's sort value for each. */
const SORTS: Record<string, string> = { orderDate: 'order_date', orderNo: 'id', total: 'total' };
const DEFAULT_SORT = '-order_date';

function sortOrderOf(sort: string | undefined, column: string): 'ascend' | 'descend' | null {
  const value = sort || DEFAULT_SORT;
  if (value === SORTS[column]) return 'ascend';
  if (value === `-${SORTS[column]}`) return 'descend';
  return null;
}

/** Where the page is, besides `page`: a cursor of the answer's pagination, or the last page (docs/orders-api.md "Paging"). */
const PAGE_AT = ['after', 'before', 'last'] as const;

/** The URL's search from a saved query (the URL keeps the console's camelCase names). */
function searchOf(query: Query): string {
  const out = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== null && value !== '') out.append(key, String(value));
  return out.toString();
}

/** An order's errors, from the list's error count. */
function OrderErrorsModal({ orderId, canDelete, onClose }: { orderId: string | null; canDelete: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { order } = useStaffOrder(orderId ?? undefined);
  return (
    <Modal open={orderId !== null} title={t('orders.errors.title')} footer={null} onCancel={onClose} width={760}>
      {order ? <OrderErrors orderId={order.id} errors={order.errors ?? []} canDelete={canDelete} /> : <Spin />}
    </Modal>
  );
}

/**
 * The order list: filters and sort in the URL and in the `orderListParams` cookie (restored from it
 * when the list is opened bare), orders with their lines, lines selectable across orders and pages
 * for the batch actions.
 */
export function OrderListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { user } = useCurrentUser();
  const permissions = useMemo(() => user?.permissions ?? [], [user]);
  const { params: all, setParams } = useListParams([...ORDER_LIST_FILTERS, ...PAGE_AT], [] as const);
  // The filters and page size, without the page's place: what a new search, sort or page size starts from at page 1.
  const { after, before, last, ...params } = all;
  const saved = useMemo(() => {
    const query = location.search ? null : savedOrderListQuery();
    return query && searchOf(query) ? query : null;
  }, [location.search]);
  // A cursor (or the last page) says where the page is; `page` only for the first, numbered pages.
  const query: Query = after || before || last ? { ...params, page: undefined, after, before, last } : { ...params };
  const { orders, pagination: page, error, isLoading } = useOrders(saved ? null : query);
  const [selected, setSelected] = useState<Map<string, SelectedLine>>(new Map());
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<{ action: OrderAction; lines: SelectedLine[] } | null>(null);
  const [results, setResults] = useState<{ action: OrderAction; results: BatchOrderResult[]; numbers: Record<string, string> } | null>(null);
  const [exportOpen, setExportOpen] = useState(false);
  const [printOpen, setPrintOpen] = useState(false);
  const { runBatch: runBatchCommand } = useOrderCommands();
  const { confirmMany: confirmPayments } = useConfirmPayment();
  const [errorsOf, setErrorsOf] = useState<string | null>(null);
  const queryKey = JSON.stringify(query);

  // Opened bare: the saved params come back; otherwise the params are saved.
  useEffect(() => {
    if (saved) navigate({ search: searchOf(saved) }, { replace: true });
  }, [saved, navigate]);
  useEffect(() => {
    if (location.search) saveOrderListQuery(JSON.parse(queryKey) as Query);
  }, [location.search, queryKey]);
  // A cursor the API no longer takes (an old link, a list changed since): back to the first page.
  const badCursor = error instanceof ApiError && error.status === 422 && !!(after || before);
  useEffect(() => {
    if (badCursor) setParams({ ...params, page: 1 });
  }, [badCursor]);

  if (saved) return <Spin />;

  /** The selection as it stands now: lines of orders on this page as last read, the others as selected. */
  const currentSelection = (): SelectedLine[] => {
    const onPage = new Map<string, SelectedLine>();
    for (const order of orders) for (const line of order.lines) onPage.set(line.id, selectedLineOf(order, line));
    return [...selected.values()].map((line) => onPage.get(line.lineId) ?? line);
  };

  const select = (order: AnyOrder, lines: AnyOrder['lines'], ids: string[]) => {
    const next = new Map(selected);
    for (const line of lines) {
      if (ids.includes(line.id)) next.set(line.id, selectedLineOf(order, line));
      else next.delete(line.id);
    }
    setSelected(next);
  };

  const runBatch = async (fields: CommandFields): Promise<ApiFailure | void> => {
    if (!pending) return;
    const { action, lines } = pending;
    const result = action === 'paid' ? await confirmPayments(groupByOrder(lines)) : await runBatchCommand(action, groupByOrder(lines), fields);
    // Refused as a whole: the modal shows why and keeps what was typed.
    if (!result.ok) return result;
    setPending(null);
    const numbers = Object.fromEntries(lines.map((l) => [l.orderId, l.orderNumber]));
    setResults({ action, results: result.data, numbers });
    // The lines of orders that changed moved on; those refused stay selected to try again.
    const changed = new Set(result.data.filter((r) => r.ok).map((r) => r.orderId));
    setSelected(new Map([...selected].filter(([, line]) => !changed.has(line.orderId))));
  };

  const branchOrder = () => {
    const lines = currentSelection();
    const problem = oneOrderProblem(lines);
    if (problem) toast.error(selectionMessage(t, problem));
    else navigate(`/orders/create?branchOf=${lines[0].orderId}`);
  };

  const sortChange = (sorter: SorterResult<AnyOrder> | SorterResult<AnyOrder>[]) => {
    const s = Array.isArray(sorter) ? sorter[0] : sorter;
    const column = SORTS[String(s?.columnKey)];
    const sort = s?.order && column ? `${s.order === 'descend' ? '-' : ''}${column}` : undefined;
    setParams({ ...params, sort, page: 1 });
  };

  const pageSelection = orders.flatMap((o) => o.lines.map((l) => l.id));
  const pageSelected = pageSelection.filter((id) => selected.has(id)).length;
  const canProcess = permissions.includes('orders.process');
  const canPrint = permissions.includes('orders.print');
  // A maker user's rows are the maker's view of each order (no buyer, money or errors).
  const makerView = user?.role === 'maker';
  const estimate = page?.totalIsEstimate;
  const move = (to: PageMove) => setParams({ ...params, page: undefined, ...to });

  return (
    <Card
      size="small"
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t('orders.listTitle')}</Typography.Title>}
      extra={
        <Space>
          <Button icon={<DownloadOutlined />} onClick={() => setExportOpen(true)} id="order-export">
            {t('orders.export.open')}
          </Button>
          {canProcess && (
            <Button icon={<BranchesOutlined />} onClick={branchOrder} id="order-branch">
              {t('orders.branchOrder')}
            </Button>
          )}
          {canProcess && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/orders/create')} id="order-create">
              {t('common.create')}
            </Button>
          )}
        </Space>
      }
    >
      <OrderListFilters
        filters={params}
        onSearch={(filters) => setParams({ ...filters, page: 1, perPage: params.perPage })}
        onReset={() => setParams({ perPage: params.perPage })}
      />
      <Space style={{ marginBottom: 8 }} wrap>
        <OrderActionBar size="small" lines={currentSelection()} permissions={permissions} onRun={(action) => setPending({ action, lines: currentSelection() })} />
        {canPrint && (
          <Button size="small" icon={<PrinterOutlined />} disabled={selected.size === 0} onClick={() => setPrintOpen(true)} id="orders-print">
            {t('orders.print.open')}
          </Button>
        )}
        <Typography.Text type="secondary" data-testid="selection-count">
          {t('orders.selectedCount', { count: selected.size })}
        </Typography.Text>
        {selected.size > 0 && (
          <Button size="small" type="link" onClick={() => setSelected(new Map())} id="selection-clear">
            {t('orders.clearSelection')}
          </Button>
        )}
      </Space>
      {/* A compact density: a 1366×768 screen shows several orders with their lines. */}
      <Table<AnyOrder>
        rowKey="id"
        size="small"
        loading={isLoading}
        dataSource={orders}
        scroll={{ x: true }}
        locale={{ emptyText: t('orders.empty') }}
        onChange={(_p, _f, sorter, extra) => extra.action === 'sort' && sortChange(sorter)}
        pagination={false}
        expandable={{
          expandedRowKeys: orders.filter((o) => !collapsed.has(o.id)).map((o) => o.id),
          onExpand: (expanded, order) => {
            const next = new Set(collapsed);
            if (expanded) next.delete(order.id);
            else next.add(order.id);
            setCollapsed(next);
          },
          expandedRowRender: (order) => (
            <OrderLinesTable
              lines={order.lines}
              showMaker
              selected={new Set(selected.keys())}
              onSelect={(lines, ids) => select(order, lines, ids)}
            />
          ),
        }}
        columns={[
          {
            key: 'select',
            width: 40,
            title: (
              <Checkbox
                id="select-page"
                checked={pageSelection.length > 0 && pageSelected === pageSelection.length}
                indeterminate={pageSelected > 0 && pageSelected < pageSelection.length}
                onChange={(e) => {
                  const next = new Map(selected);
                  for (const order of orders) for (const line of order.lines) if (e.target.checked) next.set(line.id, selectedLineOf(order, line));
                  else next.delete(line.id);
                  setSelected(next);
                }}
              />
            ),
            render: (_: unknown, order: AnyOrder) => {
              const count = order.lines.filter((l) => selected.has(l.id)).length;
              return (
                <Checkbox
                  id={`order-check-${order.id}`}
                  checked={count > 0 && count === order.lines.length}
                  indeterminate={count > 0 && count < order.lines.length}
                  onChange={(e) => select(order, order.lines, e.target.checked ? order.lines.map((l) => l.id) : [])}
                />
              );
            },
          },
          {
            title: t('orders.fields.orderNo'),
            key: 'orderNo',
            sorter: true,
            sortOrder: sortOrderOf(params.sort, 'orderNo'),
            render: (_: unknown, o: AnyOrder) => <Link to={`/orders/${o.id}`}>{orderNumber(o)}</Link>,
          },
          { title: t('orders.fields.orderDate'), key: 'orderDate', dataIndex: 'orderDate', sorter: true, sortOrder: sortOrderOf(params.sort, 'orderDate'), render: (v: string) => formatDate(v) },
          { title: t('orders.fields.shop'), dataIndex: 'shopName' },
          ...(makerView
            ? [
                // A maker user's rows: whom it delivers to and what the shop owes it, no buyer, total or errors.
                { title: t('orders.fields.deliveryName'), dataIndex: 'deliveryName' },
                { title: t('orders.fields.wholesaleTotal'), key: 'wholesaleTotal', dataIndex: 'wholesaleTotal', align: 'right' as const, render: yen },
                { title: t('orders.fields.status'), dataIndex: 'status', render: (s: AnyOrder['status']) => <StatusTag status={s} /> },
              ]
            : [
                { title: t('orders.fields.buyerName'), dataIndex: 'buyerName' },
                { title: t('orders.fields.total'), key: 'total', dataIndex: 'total', align: 'right' as const, sorter: true, sortOrder: sortOrderOf(params.sort, 'total'), render: yen },
                { title: t('orders.fields.status'), dataIndex: 'status', render: (s: AnyOrder['status']) => <StatusTag status={s} /> },
                {
                  title: t('orders.fields.errorCount'),
                  dataIndex: 'errorCount',
                  align: 'right' as const,
                  render: (count: number, o: AnyOrder) =>
                    count > 0 ? (
                      <Button size="small" type="text" onClick={() => setErrorsOf(o.id)} data-testid={`error-count-${o.id}`}>
                        <Badge count={count} />
                      </Button>
                    ) : (
                      '—'
                    ),
                },
              ]),
        ]}
      />
      <CursorPagination
        pagination={page}
        estimate={estimate}
        onMove={move}
        onPerPage={(perPage) => setParams({ ...params, page: 1, perPage })}
        showTotal={(count, [from, to]) => t(estimate ? 'orders.totalEstimate' : 'common.total', { total: count, from, to })}
      />
      <CommandModal
        action={pending?.action ?? null}
        lines={pending?.lines ?? []}
        onSubmit={runBatch}
        onClose={() => setPending(null)}
      />
      <BatchResultModal action={results?.action ?? null} results={results?.results ?? []} numbers={results?.numbers ?? {}} onClose={() => setResults(null)} />
      <ExportModal open={exportOpen} onClose={() => setExportOpen(false)} />
      <PrintDocumentsModal
        open={printOpen}
        orderIds={[...new Set([...selected.values()].map((line) => line.orderId))]}
        numbers={Object.fromEntries([...selected.values()].map((line) => [line.orderId, line.orderNumber]))}
        onClose={() => setPrintOpen(false)}
      />
      <OrderErrorsModal orderId={errorsOf} canDelete={canProcess} onClose={() => setErrorsOf(null)} />
    </Card>
  );
}
