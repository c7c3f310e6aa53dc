import { ArrowLeftOutlined, RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Col, Descriptions, Input, Progress, Radio, Result, Row, Select, Space, Spin, Statistic, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ApiFailure, ApiResult } from '../../api/client';
import { useCurrentUser } from '../../auth/use-current-user';
import { CursorPagination } from '../../common/CursorPagination';
import { toast } from '../../common/toast';
import { errorMessage, formatDate } from '../../i18n';
import { isMakerOrder, type Order } from '../orders/api/order';
import { useOrders } from '../orders/api/use-orders';
import { Deposit, DepositRecord, DEPOSIT_STATUSES, DEPOSITS_SCREEN, orderLabel, readOrderNumber, RECORD_STATES, type ShownCandidate } from './api/deposit';
import { openDepositFile, useDepositChanges } from './api/save-deposit';
import { useDeposit, useDepositRecords } from './api/use-deposits';
import { ApplyDialog, RevertDialog } from './DepositDialogs';
import { download, ResultCsvButton } from './DepositDownloads';
import { DepositStateTag } from './DepositListPage';
import { RECORD_STATE_COLORS, signedYen, STATUS_COLORS, yen } from './format';
import { useBadCursorReset, useCursorList } from '../../common/paging';
import { depositRefusal, isStale } from './refusals';

/** The record filter's counts come from the upload's own (`counts`), by state. */
const STATE_COUNT_KEY = { pending: 'pending', matched: 'matched', review: 'review', duplicate: 'duplicate', reverted: 'reverted' } as const;
const STATUS_COUNT_KEY = { 1: 'notPaid', 2: 'exact', 3: 'over', 4: 'under' } as const;

const orderLink = (o: { orderId: number; orderNo: string; branchNo: number }) => (
  <Link key={o.orderId} to={`/orders/${o.orderId}`} data-testid={`order-link-${o.orderId}`}>
    {orderLabel(o)}
  </Link>
);

/** The upload: its file, who and when, and what became of its records (SPEC.md §4's four statuses, and those left for staff). */
function DepositSummary({ deposit }: { deposit: Deposit }) {
  const { t } = useTranslation();
  const dates = deposit.firstDate ? (deposit.firstDate === deposit.lastDate ? formatDate(deposit.firstDate) : `${formatDate(deposit.firstDate)}〜${formatDate(deposit.lastDate)}`) : '—';
  return (
    <>
      <Descriptions size="small" column={{ xs: 1, md: 4 }} data-testid="deposit-summary">
        <Descriptions.Item label={t('deposits.fields.format')}>{t(`deposits.formats.${deposit.format}`)}</Descriptions.Item>
        <Descriptions.Item label={t('deposits.fields.encoding')}>{t(`deposits.encodings.${deposit.encoding}`)}</Descriptions.Item>
        <Descriptions.Item label={t('deposits.fields.recordCount')}>
          {deposit.skippedCount ? t('deposits.recordCountSkipped', { count: deposit.recordCount, skipped: deposit.skippedCount }) : t('deposits.recordCount', { count: deposit.recordCount })}
        </Descriptions.Item>
        <Descriptions.Item label={t('deposits.fields.totalAmount')}>{yen(deposit.totalAmount)}</Descriptions.Item>
        <Descriptions.Item label={t('deposits.fields.accountDates')}>{dates}</Descriptions.Item>
        <Descriptions.Item label={t('deposits.fields.createdBy')}>
          {deposit.createdBy.name}（{formatDate(deposit.createdAt, true)}）
        </Descriptions.Item>
        <Descriptions.Item label={t('deposits.fields.matchedAt')}>{formatDate(deposit.matchedAt, true)}</Descriptions.Item>
      </Descriptions>
      {deposit.state !== 'matching' && (
        <Row gutter={24} style={{ marginTop: 8 }}>
          {DEPOSIT_STATUSES.map((status) => (
            <Col key={status}>
              <Statistic
                title={t(`deposits.statuses.${status}`)}
                value={deposit.counts[STATUS_COUNT_KEY[status]]}
                suffix={t('deposits.unit')}
                styles={{ suffix: { marginInlineStart: 0 } }}
                data-testid={`count-${STATUS_COUNT_KEY[status]}`}
              />
            </Col>
          ))}
          <Col>
            <Statistic
              title={t('deposits.recordStates.review')}
              value={deposit.counts.review}
              suffix={t('deposits.unit')}
              styles={{ content: deposit.counts.review ? { color: '#d46b08' } : undefined, suffix: { marginInlineStart: 0 } }}
              data-testid="count-review"
            />
          </Col>
        </Row>
      )}
    </>
  );
}

/** An order number's branches are few: one page holds them all. */
const SEARCH_PER_PAGE = 20;

/**
 * The orders an order number names, for a record left for staff (GET /orders by keyword, which holds
 * the number): any order, paid or not, as candidates found by `search`. The keyword matches within
 * other text too, so only the number (and the branch, when typed) itself is kept.
 */
function useOrdersNumbered(number: ReturnType<typeof readOrderNumber>): ShownCandidate[] | undefined {
  const { orders, isLoading } = useOrders(number ? { keyword: number.orderNo, perPage: SEARCH_PER_PAGE } : null);
  if (!number || isLoading) return undefined;
  return orders
    .filter((o): o is Order => !isMakerOrder(o) && o.orderNo === number.orderNo && (number.branchNo === null || o.branchNo === number.branchNo))
    .map((o) => ({ orderId: Number(o.id), orderNo: o.orderNo, branchNo: o.branchNo, version: o.version, total: o.total, buyerName: o.buyerName, buyerKana: o.buyerKana, orderDate: o.orderDate, foundBy: 'search' }));
}

/**
 * The orders a record left for staff may pay, each with "apply": the candidates matching found, and
 * those staff find by an order number (a payer who wrote none, or a wrong one).
 */
function Candidates({ record, canWrite, onApply }: { record: DepositRecord; canWrite: boolean; onApply: (candidate: ShownCandidate) => void }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [number, setNumber] = useState<ReturnType<typeof readOrderNumber>>(null);
  const [searchError, setSearchError] = useState<string | null>(null);
  const found = useOrdersNumbered(number);
  const listed = new Set(record.candidates.map((c) => c.orderId));
  const rows: ShownCandidate[] = [...record.candidates, ...(found ?? []).filter((c) => !listed.has(c.orderId))];

  const search = (text: string) => {
    const read = text.trim() ? readOrderNumber(text) : null;
    setSearchError(text.trim() && !read ? t('deposits.candidates.search.invalid') : null);
    setNumber(read);
  };

  return (
    <Table<ShownCandidate>
      rowKey="orderId"
      size="small"
      pagination={false}
      data-testid={`candidates-${record.id}`}
      dataSource={rows}
      locale={{ emptyText: t('deposits.candidates.none') }}
      title={() => <Typography.Text strong>{t('deposits.candidates.title')}</Typography.Text>}
      footer={
        canWrite
          ? () => (
              <Space wrap data-testid={`order-search-${record.id}`}>
                <Typography.Text>{t('deposits.candidates.search.label')}</Typography.Text>
                <Input.Search
                  size="small"
                  allowClear
                  id={`order-search-${record.id}`}
                  style={{ width: 280 }}
                  placeholder={t('deposits.candidates.search.placeholder')}
                  enterButton={t('deposits.candidates.search.button')}
                  status={searchError ? 'error' : undefined}
                  value={typed}
                  onChange={(e) => setTyped(e.target.value)}
                  onSearch={search}
                />
                {searchError && <Typography.Text type="danger">{searchError}</Typography.Text>}
                {number && found && (
                  <Typography.Text type="secondary" data-testid={`order-search-result-${record.id}`}>
                    {found.length ? t('deposits.candidates.search.found', { count: found.length }) : t('deposits.candidates.search.none', { orderNo: typed.trim() })}
                  </Typography.Text>
                )}
              </Space>
            )
          : undefined
      }
      columns={[
        { title: t('deposits.fields.orderNo'), key: 'orderNo', render: (_: unknown, c) => orderLink(c) },
        { title: t('deposits.fields.orderDate'), dataIndex: 'orderDate', render: (v: string) => formatDate(v) },
        {
          title: t('deposits.fields.buyer'),
          key: 'buyer',
          render: (_: unknown, c) => (
            <>
              {c.buyerName}
              {c.buyerKana && <Typography.Text type="secondary"> {c.buyerKana}</Typography.Text>}
            </>
          ),
        },
        { title: t('deposits.fields.orderTotal'), dataIndex: 'total', align: 'right', render: yen },
        { title: t('deposits.fields.difference'), key: 'difference', align: 'right', render: (_: unknown, c) => signedYen(record.amount - c.total) },
        { title: t('deposits.fields.foundBy'), dataIndex: 'foundBy', render: (v: ShownCandidate['foundBy']) => t(`deposits.foundBy.${v}`) },
        ...(canWrite
          ? [
              {
                title: t('deposits.fields.actions'),
                key: 'apply',
                render: (_: unknown, c: ShownCandidate) => (
                  <Button size="small" type="primary" id={`apply-${record.id}-${c.orderId}`} onClick={() => onApply(c)}>
                    {t('deposits.apply.button')}
                  </Button>
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/**
 * /revenue/deposits/:id: one upload. While the workers match it, its progress (asked for every
 * second); then its records with what became of each, filtered by state and status; a record left for
 * staff lists its candidate orders to apply it to, a matched one can be taken back, and so can the
 * whole upload.
 */
export function DepositPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id } = useParams();
  const { user } = useCurrentUser();
  const canWrite = !!user?.permissions.includes('deposits.write');
  const { deposit, error } = useDeposit(id);
  const changes = useDepositChanges();
  const { params, query, setParams, move, atCursor } = useCursorList(['state', 'status'] as const);
  const matched = !!deposit && deposit.state !== 'matching';
  const { records, pagination, isLoading, error: recordsError } = useDepositRecords(matched ? id! : null, query);
  useBadCursorReset(recordsError, atCursor, () => setParams({ ...params, page: 1 }));
  const [collapsed, setCollapsed] = useState<Set<number>>(new Set());
  const [applying, setApplying] = useState<{ record: DepositRecord; candidate: ShownCandidate } | null>(null);
  const [reverting, setReverting] = useState<{ kind: 'record' | 'deposit'; record?: DepositRecord; send: (reason: string) => Promise<ApiResult<unknown>> } | null>(null);
  /** What others changed since this page read it (a stale version): the page offers to read it again. */
  const [stale, setStale] = useState<string | null>(null);

  if (!deposit) return error ? <Result status="warning" title={t('common.loadFailed')} /> : <Spin />;

  /** A refused apply or revert: a toast saying why (the orders of a record that moved on by number), and the reload offer when it is stale. */
  const refused = (failure: ApiFailure, record?: DepositRecord) => {
    toast.error(depositRefusal(t, failure, record));
    if (isStale(failure)) setStale(failure.error.errorCode);
  };
  const reload = async () => {
    setStale(null);
    await changes.reload();
  };
  const canApply = canWrite && deposit.state === 'done';
  // A bank's cancellation or correction pays no order (NAL-DEP-047): nothing to apply, nor to search for.
  const opensCandidates = (r: DepositRecord) => r.state === 'review' && !r.takesBack && (r.candidates.length > 0 || canApply);
  const filter = (next: { state?: string; status?: string }) => setParams({ state: params.state, status: params.status, ...next, page: 1, perPage: params.perPage });

  const columns = [
    { title: t('deposits.fields.line'), dataIndex: 'line', width: 56, align: 'right' as const },
    { title: t('deposits.fields.inquiryNo'), dataIndex: 'inquiryNo', render: (v: string | null) => v ?? '—' },
    { title: t('deposits.fields.accountDate'), dataIndex: 'accountDate', render: (v: string) => formatDate(v) },
    { title: t('deposits.fields.amount'), dataIndex: 'amount', align: 'right' as const, render: yen },
    {
      title: t('deposits.fields.payerName'),
      key: 'payerName',
      render: (_: unknown, r: DepositRecord) => (
        <>
          <div>{r.payerName || '—'}</div>
          {(r.ediInfo || r.orderNoHint) && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {[r.ediInfo, r.orderNoHint].filter(Boolean).join(' / ')}
            </Typography.Text>
          )}
        </>
      ),
    },
    {
      title: t('deposits.fields.recordState'),
      key: 'state',
      render: (_: unknown, r: DepositRecord) => (
        <>
          <Tag color={RECORD_STATE_COLORS[r.state]} data-testid={`record-state-${r.id}`} data-state={r.state}>
            {t(`deposits.recordStates.${r.state}`)}
          </Tag>
          {r.reviewReason && r.state === 'review' && (
            <div>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`deposits.reviewReasons.${r.reviewReason}`)}
              </Typography.Text>
            </div>
          )}
        </>
      ),
    },
    {
      title: t('deposits.fields.status'),
      dataIndex: 'status',
      render: (s: DepositRecord['status'], r: DepositRecord) => (
        <Tag color={STATUS_COLORS[s]} data-testid={`record-status-${r.id}`}>
          {t(`deposits.statuses.${s}`)}
        </Tag>
      ),
    },
    { title: t('deposits.fields.matchedBy'), dataIndex: 'matchedBy', render: (v: DepositRecord['matchedBy']) => (v ? t(`deposits.matchedBy.${v}`) : '—') },
    {
      title: t('deposits.fields.orders'),
      key: 'orders',
      render: (_: unknown, r: DepositRecord) => (r.payments.length ? <Space orientation="vertical" size={0}>{r.payments.map(orderLink)}</Space> : '—'),
    },
    { title: t('deposits.fields.difference'), dataIndex: 'difference', align: 'right' as const, render: signedYen },
    { title: t('deposits.fields.transferFee'), dataIndex: 'transferFee', align: 'right' as const, render: (v: number | null) => (v ? yen(v) : '—') },
    {
      title: t('deposits.fields.actions'),
      key: 'actions',
      render: (_: unknown, r: DepositRecord) => {
        if (r.state === 'review') return <Typography.Text type="secondary">{r.candidates.length ? t('deposits.candidates.count', { count: r.candidates.length }) : t('deposits.candidates.noneShort')}</Typography.Text>;
        if (r.state !== 'matched' || !canWrite || deposit.state !== 'done') return null;
        return (
          <Button
            size="small"
            danger
            id={`revert-record-${r.id}`}
            onClick={() => setReverting({ kind: 'record', record: r, send: (reason) => changes.revertRecord(r.id, { version: r.version, reason }) })}
          >
            {t('deposits.revert.button')}
          </Button>
        );
      },
    },
  ];

  return (
    <Card
      size="small"
      title={
        <Space>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="deposit-title">
            {t('deposits.pageTitle', { name: deposit.fileName })}
          </Typography.Title>
          <DepositStateTag deposit={deposit} progress={false} />
        </Space>
      }
      extra={
        <Space wrap>
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(DEPOSITS_SCREEN)} id="deposit-back">
            {t('deposits.backToList')}
          </Button>
          <Button id="deposit-original" onClick={() => void download(() => openDepositFile(deposit.id))}>
            {t('deposits.csv.original')}
          </Button>
          {matched && <ResultCsvButton depositId={deposit.id} />}
          {canWrite && deposit.state === 'done' && (
            <Button
              danger
              icon={<RollbackOutlined />}
              id="deposit-revert"
              onClick={() => setReverting({ kind: 'deposit', send: (reason) => changes.revertDeposit(deposit.id, { version: deposit.version, reason }) })}
            >
              {t('deposits.revert.all')}
            </Button>
          )}
        </Space>
      }
    >
      <DepositSummary deposit={deposit} />
      {deposit.state === 'reverted' && (
        <Alert
          type="info"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="deposit-reverted"
          title={t('deposits.revertedNotice', { date: formatDate(deposit.revertedAt, true), reason: deposit.revertReason ?? '—' })}
        />
      )}
      {stale && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          data-testid="deposit-stale"
          title={errorMessage(stale)}
          action={
            <Button size="small" type="primary" id="deposit-reload" onClick={() => void reload()}>
              {t('common.reload')}
            </Button>
          }
        />
      )}
      {deposit.state === 'matching' ? (
        <div data-testid="deposit-progress" style={{ marginTop: 16 }}>
          <Typography.Paragraph style={{ marginBottom: 4 }}>{t('deposits.matching', { decided: deposit.progress.decided.toLocaleString(), total: deposit.progress.total.toLocaleString() })}</Typography.Paragraph>
          <Progress percent={deposit.progress.total ? Math.min(99, Math.floor((deposit.progress.decided / deposit.progress.total) * 100)) : 0} status="active" />
          <Typography.Text type="secondary">{t('deposits.matchingHelp')}</Typography.Text>
        </div>
      ) : (
        <>
          <Space wrap style={{ margin: '16px 0 8px' }} data-testid="record-filters">
            <Radio.Group size="small" optionType="button" value={params.state ?? ''} onChange={(e) => filter({ state: e.target.value || undefined })} id="filter-state">
              <Radio.Button value="">{t('deposits.filter.all', { count: deposit.recordCount })}</Radio.Button>
              {RECORD_STATES.filter((s) => deposit.counts[STATE_COUNT_KEY[s]] > 0 || s === params.state).map((s) => (
                <Radio.Button key={s} value={s} id={`filter-state-${s}`}>
                  {t('deposits.filter.state', { label: t(`deposits.recordStates.${s}`), count: deposit.counts[STATE_COUNT_KEY[s]] })}
                </Radio.Button>
              ))}
            </Radio.Group>
            <Select
              size="small"
              allowClear
              id="filter-status"
              placeholder={t('deposits.fields.status')}
              style={{ minWidth: 160 }}
              value={params.status}
              onChange={(status?: string) => filter({ status })}
              options={DEPOSIT_STATUSES.map((s) => ({ value: String(s), label: t('deposits.filter.state', { label: t(`deposits.statuses.${s}`), count: deposit.counts[STATUS_COUNT_KEY[s]] }) }))}
            />
          </Space>
          <Table<DepositRecord>
            rowKey="id"
            size="small"
            loading={isLoading}
            dataSource={records}
            scroll={{ x: 'max-content' }}
            pagination={false}
            locale={{ emptyText: t('deposits.records.empty') }}
            rowClassName={(r) => `deposit-record deposit-record-${r.state}`}
            expandable={{
              // A record left for staff shows its candidate orders, open until staff close them.
              rowExpandable: opensCandidates,
              expandedRowKeys: records.filter((r) => opensCandidates(r) && !collapsed.has(r.id)).map((r) => r.id),
              onExpand: (expanded, r) => {
                const next = new Set(collapsed);
                if (expanded) next.delete(r.id);
                else next.add(r.id);
                setCollapsed(next);
              },
              expandedRowRender: (r) => <Candidates record={r} canWrite={canApply} onApply={(candidate) => setApplying({ record: r, candidate })} />,
            }}
            columns={columns}
          />
          <CursorPagination
            pagination={pagination}
            onMove={move}
            onPerPage={(perPage) => setParams({ ...params, page: 1, perPage })}
            showTotal={(total, [from, to]) => t('common.total', { total, from, to })}
          />
        </>
      )}
      <ApplyDialog target={applying} apply={changes.apply} onClose={() => setApplying(null)} onRefused={(failure) => refused(failure, applying?.record)} />
      <RevertDialog target={reverting} onClose={() => setReverting(null)} onRefused={(failure) => refused(failure, reverting?.record)} />
    </Card>
  );
}
