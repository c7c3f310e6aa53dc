import { ArrowLeftOutlined, BranchesOutlined, EditOutlined } from '@ant-design/icons';
import { App, Button, Card, Col, Descriptions, Result, Row, Space, Spin, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { ApiFailure, ApiResult } from '../../api/client';
import { useCurrentUser } from '../../auth/use-current-user';
import { toast } from '../../common/toast';
import i18n, { formatDate } from '../../i18n';
import { MakerThread } from '../conversations/MakerThread';
import { OrderDepositHistory } from '../deposits/OrderDepositHistory';
import { EDITABLE_STATUSES, LINE_STATUS } from './api/line-status';
import { useConfirmPayment } from './api/confirm-payment';
import { AnyOrderLine, isMakerOrder, Order, OrderMaker, orderNumber, TaxByRate } from './api/order';
import type { CommandFields } from './api/order-commands';
import { useOrderSheets } from './api/order-sheets';
import { useOrderCommands } from './api/use-order-commands';
import { useDeliveryCompanies, useOrder } from './api/use-orders';
import { CommandModal } from './CommandModal';
import { preferredDateLabel, yen } from './format';
import { preferredPeriodLabel, refusalMessage } from './messages';
import { OrderActionBar } from './OrderActionBar';
import { ACTION_PERMISSION, selectedLineOf, type OrderAction } from './order-actions';
import { OrderErrors } from './OrderErrors';
import { OrderHistoryTable } from './OrderHistoryTable';
import { MakerOrderSheets } from './MakerOrderSheets';
import { PrintMenu } from './PrintMenu';
import { MakerAmount, MakerDelivery, MakerOrderSummary } from './MakerOrderView';
import { OrderMakerPart } from './OrderMakerPart';
import { ReloadPrompt } from './ReloadPrompt';
import { StatusTag } from './StatusTag';

/** Editing is allowed while every line is unpaid or paid (NAL_ORD-086 otherwise). */

/** The order's amounts: fees, totals and the tax per rate (rounded down once per rate); a maker's view has MakerAmount instead. */
function OrderAmounts({ order }: { order: Order }) {
  const { t } = useTranslation();
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Descriptions size="small" column={1} bordered data-testid="order-amounts">
          <Descriptions.Item label={t('orders.fields.productsTotal')}>{yen(order.productsTotal)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.settlementFee')}>{yen(order.settlementFee)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.shippingFee')}>{yen(order.shippingFee)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.otherFee')}>{yen(order.otherFee)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.fee')}>{yen(order.fee)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.refundFee')}>{yen(order.refundFee)}</Descriptions.Item>
          <Descriptions.Item label={<strong>{t('orders.fields.total')}</strong>}>
            <strong data-testid="order-total">{yen(order.total)}</strong>
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.taxTotal')}>{yen(order.taxTotal)}</Descriptions.Item>
        </Descriptions>
      </Col>
      <Col xs={24} md={12}>
        <Table<TaxByRate>
          rowKey="rate"
          size="small"
          pagination={false}
          dataSource={order.taxByRate}
          columns={[
            { title: t('orders.fields.taxRate'), dataIndex: 'rate', render: (v: number) => `${v}%` },
            { title: t('orders.fields.amountWithTax'), dataIndex: 'amountWithTax', align: 'right', render: yen },
            { title: t('orders.fields.tax'), dataIndex: 'tax', align: 'right', render: yen },
          ]}
        />
      </Col>
    </Row>
  );
}

/** The people: buyer and delivery address, with the preferred delivery date and period. */
function OrderPeople({ order }: { order: Order }) {
  const { t } = useTranslation();
  const dash = (v: string | null | undefined) => v || '—';
  const person = (prefix: 'buyer' | 'delivery') => (
    <Descriptions size="small" column={1} title={t(`orders.sections.${prefix}`)}>
      <Descriptions.Item label={t('orders.fields.name')}>{order[`${prefix}Name`]}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.kana')}>{dash(order[`${prefix}Kana`])}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.tel')}>{dash(order[`${prefix}Tel`])}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.zip')}>{dash(order[`${prefix}Zip`])}</Descriptions.Item>
      <Descriptions.Item label={t('orders.fields.address')}>{dash(order[`${prefix}Address`])}</Descriptions.Item>
      {prefix === 'buyer' && <Descriptions.Item label={t('orders.fields.email')}>{dash(order.buyerEmail)}</Descriptions.Item>}
      {prefix === 'delivery' && <Descriptions.Item label={t('orders.fields.preferredDate')}>{preferredDateLabel(order.preferredDate, formatDate)}</Descriptions.Item>}
      {prefix === 'delivery' && <Descriptions.Item label={t('orders.fields.preferredPeriod')}>{preferredPeriodLabel(t, order.preferredPeriod)}</Descriptions.Item>}
    </Descriptions>
  );
  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>{person('buyer')}</Col>
      <Col xs={24} md={12}>{person('delivery')}</Col>
    </Row>
  );
}

/** The payment method with its detail (postpaid, fee, limit) and the customer it is billed to. */
function OrderPayment({ order }: { order: Order }) {
  const { t } = useTranslation();
  const method = order.paymentMethod;
  if (!method) return <Typography.Text>{order.paymentMethodId}</Typography.Text>;
  return (
    <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="order-payment">
      <Descriptions.Item label={t('orders.fields.paymentMethod')}>{i18n.language === 'en' ? method.nameEn : method.nameJa}</Descriptions.Item>
      <Descriptions.Item label={t('orders.payment.postpaid')}>{t(method.isPostpaid ? 'common.yes' : 'common.no')}</Descriptions.Item>
      <Descriptions.Item label={t('orders.payment.businessOnly')}>{t(method.businessOnly ? 'common.yes' : 'common.no')}</Descriptions.Item>
      <Descriptions.Item label={t('orders.payment.fee')}>{yen(method.feeWithTax)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.payment.limit')}>{yen(method.limitAmount)}</Descriptions.Item>
      <Descriptions.Item label={t('orders.payment.customer')}>
        {method.customer ? [method.customer.name, method.customer.companyName].filter(Boolean).join(' / ') : '—'}
      </Descriptions.Item>
    </Descriptions>
  );
}

/**
 * OrderInformation: the order with its lines per maker, the actions on the selected lines (one
 * order's endpoints), its errors and status history. A stale version (NAL_ORD-193) asks for a reload.
 */
export function OrderDetailPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const navigate = useNavigate();
  const { modal } = App.useApp();
  const { user } = useCurrentUser();
  const { order, error, mutate: reloadOrder } = useOrder(id);
  const { sheets, followRequest } = useOrderSheets(id);
  const permissions = user?.permissions ?? [];
  // Every signed-in user may read delivery companies (makers ship with them).
  const companies = useDeliveryCompanies(true);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [pending, setPending] = useState<{ action: OrderAction; lineIds: string[]; makerPart?: OrderMaker } | null>(null);
  const [reloadPrompt, setReloadPrompt] = useState(false);
  const { run: runOrderCommand, revalidateOrder } = useOrderCommands();
  const { confirm: confirmPayment } = useConfirmPayment();

  if (!order) return error ? <Result status="warning" title={t('common.loadFailed')} /> : <Spin />;

  const linesOf = (ids: readonly string[]) => order.lines.filter((l) => ids.includes(l.id));
  const selectedLines = linesOf([...selected]).map((l) => selectedLineOf(order, l));

  const select = (lines: AnyOrderLine[], ids: string[]) => {
    const next = new Set(selected);
    for (const line of lines) if (ids.includes(line.id)) next.add(line.id);
    else next.delete(line.id);
    setSelected(next);
  };

  const open = (action: OrderAction) => {
    const lines = linesOf([...selected]);
    const makerIds = new Set(lines.map((l) => l.makerId));
    const makerPart = makerIds.size === 1 ? order.makers.find((m) => makerIds.has(m.makerId)) : undefined;
    setPending({ action, lineIds: lines.map((l) => l.id), makerPart });
  };

  /**
   * Runs an action on this order's lines as last read; a refusal comes back to the caller to show
   * (the modal keeps what was typed), a stale version (NAL_ORD-193) also asks for a reload.
   */
  const run = async (action: OrderAction, lineIds: string[], version: number, fields?: CommandFields): Promise<ApiResult<unknown>> => {
    const target = { id: order.id, version };
    if (action !== 'paid') return settle(action, await runOrderCommand(action, target, lineIds, fields));
    const result = settle(action, await confirmPayment(target, lineIds));
    if (result.ok && result.data.isShowPopup) offerOrderToMakers(lineIds, result.data.version);
    return result;
  };

  /** What follows any command's answer on this page: the reload prompt, or the selection cleared and the toast. */
  const settle = <T,>(action: OrderAction, result: ApiResult<T>): ApiResult<T> => {
    if (!result.ok) {
      if (result.error.errorCode === 'NAL_ORD-193') setReloadPrompt(true);
      return result;
    }
    setPending(null);
    setSelected(new Set());
    toast.success(t(`orders.done.${action}`));
    // The worker writes and sends the sheets after this answer: follow them for a while.
    if (action === 'order_process') void followRequest();
    return result;
  };

  /** Every line is paid now: offer to send the order to the makers at once. */
  const offerOrderToMakers = (paidNow: string[], version: number) => {
    const lineIds = order.lines.filter((l) => l.status === LINE_STATUS.paid || paidNow.includes(l.id)).map((l) => l.id);
    modal.confirm({
      title: t('orders.paidPopup.title'),
      content: t('orders.paidPopup.body'),
      okText: t('orders.action.order_process'),
      cancelText: t('orders.paidPopup.later'),
      okButtonProps: { id: 'paid-popup-ok' },
      onOk: async () => {
        const result = await run('order_process', lineIds, version);
        if (!result.ok && result.error.errorCode !== 'NAL_ORD-193') toast.error(refusalMessage(t, 'order_process', result.error));
      },
    });
  };

  const submit = async (fields: CommandFields): Promise<ApiFailure | void> => {
    if (!pending) return;
    const result = await run(pending.action, pending.lineIds, order.version, fields);
    if (!result.ok) return result;
  };

  const reload = async () => {
    setReloadPrompt(false);
    setSelected(new Set());
    await revalidateOrder(order.id);
  };

  const canProcess = permissions.includes('orders.process');
  const canPrint = permissions.includes('orders.print');
  // Chat with the order's makers (SPEC.md §2 "order detail with chat"): staff of the maker chat, and a maker user with its own.
  const canChat = permissions.includes('maker-chat');
  // Sending a sheet again is ordering from the maker again: the same permission.
  const canResendSheets = permissions.includes(ACTION_PERMISSION.order_process);
  // A maker user reads the maker's view: its lines and the delivery, no payment, buyer, money or staff memo.
  const makerView = isMakerOrder(order);
  const editable = order.lines.every((l) => (EDITABLE_STATUSES as readonly number[]).includes(l.status));
  const parts = order.makers.map((maker) => ({ maker, lines: order.lines.filter((l) => l.makerId === maker.makerId) }));

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card
        title={
          <Space>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="order-number">
              {orderNumber(order)}
            </Typography.Title>
            <StatusTag status={order.status} />
          </Space>
        }
        extra={
          <Space>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/orders')}>
              {t('orders.backToList')}
            </Button>
            {canPrint && !makerView && <PrintMenu orderId={order.id} orderNumber={orderNumber(order)} />}
            {canProcess && (
              <Button icon={<BranchesOutlined />} onClick={() => navigate(`/orders/create?branchOf=${order.id}`)} id="order-branch">
                {t('orders.branchOrder')}
              </Button>
            )}
            {canProcess && editable && (
              <Button type="primary" icon={<EditOutlined />} onClick={() => navigate(`/orders/${order.id}/edit`)} id="order-edit">
                {t('common.edit')}
              </Button>
            )}
          </Space>
        }
      >
        {makerView ? (
          <MakerOrderSummary order={order} />
        ) : (
        <Descriptions size="small" column={{ xs: 1, md: 3 }} data-testid="order-header">
          {/* The origin is a fixed internal marker (SPEC.md §9, "value not printed"): nothing to show a user. */}
          <Descriptions.Item label={t('orders.fields.ecOrderId')}>{order.ecOrderId ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.shop')}>{order.shopName}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.orderDate')}>{formatDate(order.orderDate)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.revenueMonth')}>{order.revenueMonth ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.customer')}>
            {order.customerId ? <Link to={`/customers/${order.customerId}`}>{order.paymentMethod?.customer?.name ?? order.customerId}</Link> : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.sendMailFlag')}>{t(`orders.sendMailFlag.${order.sendMailFlag}`)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.sentToOriginFlag')}>{t(`orders.sentToOriginFlag.${order.sentToOriginFlag}`)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.fileType')}>{t(`orders.fileType.${order.fileType}`)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.updatedAt')}>{formatDate(order.updatedAt, true)}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.memo')}>{order.memo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.supplierMemo')}>{order.supplierMemo ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('orders.fields.ediNote')}>{order.ediNote ?? '—'}</Descriptions.Item>
        </Descriptions>
        )}
      </Card>
      {!makerView && (
        <Card title={t('orders.sections.payment')} size="small">
          <OrderPayment order={order} />
        </Card>
      )}
      {/* The order's deposits and payments, for those who may read deposits (the panel asks for nothing otherwise). */}
      {!makerView && <OrderDepositHistory order={order} onStale={() => setReloadPrompt(true)} />}
      <Card size="small">{makerView ? <MakerDelivery order={order} /> : <OrderPeople order={order} />}</Card>
      <Card title={t(makerView ? 'orders.sections.wholesale' : 'orders.sections.amounts')} size="small">
        {makerView ? <MakerAmount order={order} /> : <OrderAmounts order={order} />}
      </Card>
      <Card
        title={t('orders.sections.lines')}
        size="small"
        extra={
          <Typography.Text type="secondary" data-testid="selection-count">
            {t('orders.selectedCount', { count: selected.size })}
          </Typography.Text>
        }
      >
        <div style={{ marginBottom: 12 }}>
          <OrderActionBar lines={selectedLines} permissions={permissions} onRun={open} />
        </div>
        {parts.map(({ maker, lines }) => (
          <OrderMakerPart key={maker.makerId} maker={maker} lines={lines} companies={companies} selected={selected} onSelect={select}>
            <MakerOrderSheets
              orderId={order.id}
              version={order.version}
              makerId={maker.makerId}
              makerName={maker.makerName}
              sheets={sheets.filter((s) => s.makerId === maker.makerId)}
              canResend={canResendSheets}
              canDownload={permissions.includes('orders.maker')}
              onRequested={() => {
                // The request moved the order's version on: read it again, and follow the sheet.
                void revalidateOrder(order.id);
                void followRequest();
              }}
              onStale={() => setReloadPrompt(true)}
            />
            {/* The thread with this maker (a maker user reads its own part only); its status follows the messages. */}
            {canChat && (
              <MakerThread
                target={{ orderId: Number(order.id), makerId: Number(maker.makerId) }}
                status={maker.conversationStatus}
                canSetStatus={!makerView}
                testId={`maker-chat-${maker.makerId}`}
                onChange={() => void reloadOrder()}
              />
            )}
          </OrderMakerPart>
        ))}
      </Card>
      {/* Order errors are the staff's to deal with: a maker's view has none. */}
      {!makerView && (
        <Card title={t('orders.errors.title')} size="small">
          <OrderErrors orderId={order.id} errors={order.errors ?? []} canDelete={canProcess} />
        </Card>
      )}
      <Card title={t('orders.history.title')} size="small">
        <OrderHistoryTable orderId={order.id} />
      </Card>
      <CommandModal
        action={pending?.action ?? null}
        lines={pending ? linesOf(pending.lineIds).map((l) => selectedLineOf(order, l)) : []}
        makerPart={pending?.makerPart}
        onSubmit={submit}
        onClose={() => setPending(null)}
      />
      <ReloadPrompt open={reloadPrompt} onReload={reload} onClose={() => setReloadPrompt(false)} />
    </Space>
  );
}
