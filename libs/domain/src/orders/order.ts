import { DomainError, FieldValidationError } from '../errors';
import { DomainEvent, domainEvent } from '../events';
import { CLOSED_STATUSES, HistoryCommandName, LINE_STATUS, LineStatus, LineTransition, OrderCommandName, summaryStatus, transitionsFrom } from './line-status';
import { checkOrderTotal, OrderFees, orderTotals, OrderTotals } from './order-totals';
import { paymentCanFollowShipment, PaymentMethodRule, refundFeeFor } from './payment-rules';
import { checkSalesMonth, isSold, SalesMonthPeriod, salesMonthOf } from '../revenues/revenue';

/** A fixed marker stored on every order this system makes (SPEC.md §9: "a fixed origin marker"). */
export const ORDER_ORIGIN = 'NAL-OMS';

/** Maker confirm status (SPEC.md §4). */
export const MAKER_CONFIRM_STATUS = { accepted: 1, shipDateUndecided: 2, notAccepted: 3 } as const;
export type MakerConfirmStatus = (typeof MAKER_CONFIRM_STATUS)[keyof typeof MAKER_CONFIRM_STATUS];

export interface OrderLineState {
  readonly id: string;
  readonly makerId: string;
  status: LineStatus;
  /** The status the line had before its current one, from its history (null or absent: not known). */
  previousStatus?: LineStatus | null;
  /** When the line was first ordered from its maker (null: never; absent: not read). The maker sees it from then on (isVisibleToMaker). */
  readonly firstOrderedAt?: string | null;
  readonly amount: number;
  readonly priceWithTax: number;
  readonly taxPercentage: number;
}

export interface DeliveryInfo {
  shipDate: string | null;
  deliveryCompanyId: string | null;
  trackingCode: string | null;
}

export interface MakerPartState extends DeliveryInfo {
  readonly makerId: string;
  confirmStatus: MakerConfirmStatus | null;
  refusalReason: string | null;
  makerOrderDate: string | null;
  makerReceiveDate: string | null;
  estimatedShipDate: string | null;
}

export interface OrderState {
  readonly id: string;
  readonly version: number;
  /** YYYY-MM-DD */
  readonly orderDate: string;
  readonly paymentMethod: PaymentMethodRule;
  /** The sales month (`YYYY-MM`): set by the first shipment, moved by ChangeRevenue, cleared when nothing is sold any more. */
  revenueMonth: string | null;
  /** The first shipment's date: the revenue's ship date, which a re-ship (that rewrites the maker part's) does not move. */
  firstShipDate?: string | null;
  fees: OrderFees;
  readonly lines: OrderLineState[];
  readonly makers: MakerPartState[];
}

/** A monthly timeline entry (time_shipments): the ship dates that belong to its (sales) month. */
export type TimelinePeriod = SalesMonthPeriod;

export interface LineStatusChange {
  readonly lineId: string;
  readonly from: LineStatus;
  readonly to: LineStatus;
}

/** What an order writes to the outbox: the facts a worker acts on (an order sheet, a shipment notice). */
export type OrderEvent = DomainEvent<'order.sent_to_maker' | 'order.shipped' | 'order.revenue_changed'>;

/** A maker's answer given by the last command: its confirmation links are used up, and a refusal is an order error. */
export interface AnswerRecorded {
  readonly makerId: string;
  readonly refused: boolean;
}

/** A maker part has delivery info when it has all three: ship date, delivery company, tracking code. */
export const hasDeliveryInfo = (part: DeliveryInfo) => Boolean(part.shipDate && part.deliveryCompanyId && part.trackingCode);

/**
 * The Order aggregate (DESIGN.md §5). Each command checks its rules against the transition table,
 * changes the lines and the maker parts, and records what happened: the line status changes (one
 * history row each: the order's record of every command), the events for the outbox (only what a
 * worker acts on) and the makers' answers. The version check is the repository's.
 */
export class Order {
  private readonly changes: LineStatusChange[] = [];
  private readonly events: OrderEvent[] = [];
  private readonly answers: AnswerRecorded[] = [];
  private command: HistoryCommandName | null = null;
  /** What the history rows of the last command note besides the statuses (a refusal's reason, a ship date's change). */
  private note: string | null = null;
  /** Whether a command touched an order with sold lines: one `order.revenue_changed` closes the events. */
  private revenueTouched = false;

  private constructor(private readonly state: OrderState) {}

  static from(state: OrderState): Order {
    return new Order({
      ...state,
      fees: { ...state.fees },
      lines: state.lines.map((l) => ({ ...l })),
      makers: state.makers.map((m) => ({ ...m })),
    });
  }

  get id(): string {
    return this.state.id;
  }

  get version(): number {
    return this.state.version;
  }

  /** The state after the commands, for the repository to write. */
  snapshot(): Readonly<OrderState> & { status: LineStatus; totals: OrderTotals; hasDeliveryInfo: boolean } {
    // Delivery info is asked of the makers that still have a live line (cancelled or refunded ones ship nothing).
    const liveMakers = new Set(this.state.lines.filter((l) => !CLOSED_STATUSES.includes(l.status)).map((l) => l.makerId));
    const parts = this.state.makers.filter((m) => liveMakers.has(m.makerId));
    return { ...this.state, status: this.status, totals: this.totals, hasDeliveryInfo: parts.length > 0 && parts.every(hasDeliveryInfo) };
  }

  get status(): LineStatus {
    return summaryStatus(this.state.lines.map((l) => l.status));
  }

  get totals(): OrderTotals {
    return orderTotals(
      this.state.lines.map((l) => ({ ...l, counts: !CLOSED_STATUSES.includes(l.status) })),
      this.state.fees,
    );
  }

  /**
   * What the commands did: the last one's name, the line changes (one history row each, with the
   * note), the events for the outbox and the makers' answers.
   */
  recorded(): {
    command: HistoryCommandName | null;
    note: string | null;
    changes: readonly LineStatusChange[];
    events: readonly OrderEvent[];
    answers: readonly AnswerRecorded[];
  } {
    const events = this.revenueTouched ? [...this.events, domainEvent('order.revenue_changed', this.state.id, { orderId: this.state.id })] : [...this.events];
    return { command: this.command, note: this.note, changes: [...this.changes], events, answers: [...this.answers] };
  }

  /** PUT /orders/paid: 1 → 2. Answers whether every live line is now paid (the console then offers to order). */
  confirmPayment(lineIds: readonly string[]): { isShowPopup: boolean } {
    const lines = this.select(lineIds);
    if (!lines.some((l) => l.status === LINE_STATUS.unpaid)) throw new DomainError('NAL_ORD-169');
    if (lines.some((l) => l.status !== LINE_STATUS.unpaid)) throw new DomainError('NAL_ORD-166');
    // Its own codes first (SPEC §8), then the table's row: unpaid → paid.
    this.apply('confirm_payment', lines, this.transition('confirm_payment', lines).to!);
    const live = this.state.lines.filter((l) => !CLOSED_STATUSES.includes(l.status));
    return { isShowPopup: live.every((l) => l.status === LINE_STATUS.paid) };
  }

  /**
   * A deposit pays the order (issue 13): every unpaid line confirmed as PUT /orders/paid confirms them,
   * the history noting which deposit. Answers the lines it confirmed (none when the order had no unpaid line).
   */
  payByDeposit(note: string): string[] {
    const unpaid = this.state.lines.filter((l) => l.status === LINE_STATUS.unpaid).map((l) => l.id);
    if (unpaid.length === 0) return [];
    this.confirmPayment(unpaid);
    this.note = note;
    return unpaid;
  }

  /**
   * A deposit's payment taken back: the lines it confirmed that are still paid go back to unpaid, the
   * reverse step of the table (change_status 2 → 1), the history noting why. A line that has moved on
   * (ordered from its maker) cannot lose its payment here: NAL-DEP-041.
   */
  revertDepositPayment(lineIds: readonly string[], note: string): void {
    const lines = this.state.lines.filter((l) => lineIds.includes(l.id) && !CLOSED_STATUSES.includes(l.status));
    if (lines.some((l) => l.status !== LINE_STATUS.paid)) throw new DomainError('NAL-DEP-041');
    if (lines.length === 0) return;
    this.changeStatus(lines.map((l) => l.id), LINE_STATUS.unpaid);
    this.note = note;
  }

  /** 2 → 3 (1 → 3 when payment is not required or postpaid); one `order.sent_to_maker` per maker (its order sheet). */
  orderToMaker(lineIds: readonly string[], today: string): void {
    const lines = this.select(lineIds);
    const transition = this.transition('order_to_maker', lines);
    this.apply('order_to_maker', lines, transition.to!);
    for (const [makerId, makerLines] of this.byMaker(lines)) {
      this.part(makerId).makerOrderDate = today;
      this.events.push(domainEvent('order.sent_to_maker', this.state.id, { orderId: this.state.id, makerId, lineIds: idsOf(makerLines) }));
    }
  }

  /**
   * 3 → 4 and 10 → 11 with the maker's answer. A maker that does not accept (3) keeps the lines
   * where they are and needs a reason; the refusal is a history row of its own (3 → 3, the reason
   * as its note) and staff see it as an order error. A refusal receives nothing: no receive date,
   * no ship date.
   */
  makerReceive(
    lineIds: readonly string[],
    answer: { makerReceiveDate: string; confirmStatus: MakerConfirmStatus; refusalReason?: string | null; estimatedShipDate?: string | null },
  ): void {
    const lines = this.select(lineIds);
    const transition = this.transition('maker_receive', lines);
    const refused = answer.confirmStatus === MAKER_CONFIRM_STATUS.notAccepted;
    if (refused && !answer.refusalReason?.trim()) throw new DomainError('NAL_ORD-103');
    if (!refused) this.assertNotBeforeOrder({ maker_receive_date: answer.makerReceiveDate, estimated_ship_date: answer.estimatedShipDate });
    for (const makerId of this.byMaker(lines).keys()) {
      const part = this.part(makerId);
      part.confirmStatus = answer.confirmStatus;
      part.refusalReason = refused ? answer.refusalReason!.trim() : null;
      part.makerReceiveDate = refused ? null : answer.makerReceiveDate;
      if (refused) part.estimatedShipDate = null;
      else if (answer.estimatedShipDate !== undefined) part.estimatedShipDate = answer.estimatedShipDate;
      this.answers.push({ makerId, refused });
    }
    if (refused) {
      this.apply('maker_refused', lines, this.sharedStatus(lines));
      this.note = answer.refusalReason!.trim();
    } else this.apply('maker_receive', lines, transition.to!);
  }

  /**
   * A maker that answered (accepted, or ship date undecided) changes its estimated ship date until
   * the lines ship: lines order received or re-order received, a date not before today. The lines
   * keep their status; the history notes the change. A date given after 'ship date undecided'
   * decides it: the answer becomes accepted.
   */
  /** A maker cannot receive or plan to ship an order before it was placed: a mistyped year is refused, not stored. */
  private assertNotBeforeOrder(dates: Record<string, string | null | undefined>): void {
    const issues = Object.entries(dates)
      .filter(([, date]) => date && date < this.state.orderDate)
      .map(([field]) => ({ field, errorCode: 'date_after', params: { other: 'order_date' } }));
    if (issues.length) throw new FieldValidationError(issues);
  }

  changeEstimatedShipDate(lineIds: readonly string[], estimatedShipDate: string, today: string): void {
    const lines = this.select(lineIds);
    const status = this.sharedStatus(lines);
    if (status !== LINE_STATUS.orderReceived && status !== LINE_STATUS.reorderReceived) throw new DomainError('NAL_ORD-086');
    if (estimatedShipDate < today) throw new FieldValidationError([{ field: 'estimated_ship_date', errorCode: 'date_not_before_today' }]);
    const notes: string[] = [];
    for (const makerId of this.byMaker(lines).keys()) {
      const part = this.part(makerId);
      if (part.confirmStatus !== MAKER_CONFIRM_STATUS.accepted && part.confirmStatus !== MAKER_CONFIRM_STATUS.shipDateUndecided) throw new DomainError('NAL_ORD-086');
      notes.push(`${part.estimatedShipDate ?? '—'} → ${estimatedShipDate}`);
      part.estimatedShipDate = estimatedShipDate;
      part.confirmStatus = MAKER_CONFIRM_STATUS.accepted;
    }
    this.apply('maker_ship_date_changed', lines, status);
    this.note = [...new Set(notes)].join(', ');
  }

  /** 4 → 5 and 11 → 12, with delivery info (088) and a ship date that can be selected (191). */
  makerShip(lineIds: readonly string[], delivery: Partial<DeliveryInfo>, timeline: readonly TimelinePeriod[]): void {
    const lines = this.select(lineIds);
    const transition = this.transition('maker_ship', lines);
    const parts = [...this.byMaker(lines).keys()].map((makerId) => this.part(makerId));
    const merged = parts.map((part) => ({
      shipDate: delivery.shipDate ?? part.shipDate,
      deliveryCompanyId: delivery.deliveryCompanyId ?? part.deliveryCompanyId,
      trackingCode: delivery.trackingCode ?? part.trackingCode,
    }));
    if (!merged.every(hasDeliveryInfo)) throw new DomainError('NAL_ORD-088');
    for (const info of merged) this.checkShipDate(info.shipDate!, timeline);
    parts.forEach((part, i) => Object.assign(part, merged[i]));
    this.apply('maker_ship', lines, transition.to!);
    this.recordShipped(lines, timeline);
  }

  /**
   * 4 → 5 from the delivery info already on the order: every line order-received (087) with delivery
   * info (088) and a ship date that can be selected (191), as a maker's shipment needs.
   */
  dataPatch(lineIds: readonly string[], timeline: readonly TimelinePeriod[]): void {
    const lines = this.select(lineIds);
    if (lines.some((l) => l.status !== LINE_STATUS.orderReceived)) throw new DomainError('NAL_ORD-087');
    const transition = this.transition('data_patch', lines);
    const parts = [...this.byMaker(lines).keys()].map((makerId) => this.part(makerId));
    if (!parts.every(hasDeliveryInfo)) throw new DomainError('NAL_ORD-088');
    for (const part of parts) this.checkShipDate(part.shipDate!, timeline);
    this.apply('data_patch', lines, transition.to!);
    this.recordShipped(lines, timeline);
  }

  /** Along the table only: forward to delivered or re-ordered, or one step back after a mistake. */
  changeStatus(lineIds: readonly string[], to: LineStatus): void {
    const lines = this.select(lineIds);
    const from = this.sharedStatus(lines);
    const row = this.allowed('change_status', from).find((t) => t.to === to);
    if (!row) throw new DomainError('NAL_ORD-086');
    // A step back returns each line to where it came from: 6 → 5 for a line that was shipped, not re-shipped.
    if (row.back && lines.some((l) => l.previousStatus != null && l.previousStatus !== to)) throw new DomainError('NAL_ORD-086');
    this.apply('change_status', lines, to);
  }

  /** 5, 6, 12 → 9; the fees entered (shipping, payment) replace the order's. */
  returnLines(lineIds: readonly string[], fees: { shippingFee?: number; fee?: number }): void {
    const lines = this.select(lineIds);
    const transition = this.transition('return', lines);
    this.setFees(fees);
    this.apply('return', lines, transition.to!);
    checkOrderTotal(this.totals);
  }

  /** 2, 3, 4, 9 → 7; a bank transfer refund costs its refund fee. */
  refund(lineIds: readonly string[], fees: { shippingFee?: number; fee?: number }): void {
    const lines = this.select(lineIds);
    const transition = this.transition('refund', lines);
    this.setFees(fees);
    this.state.fees = { ...this.state.fees, refundFee: refundFeeFor(this.state.paymentMethod.id) };
    this.apply('refund', lines, transition.to!);
    checkOrderTotal(this.totals);
  }

  /** 1, 2, 3, 4 → 8, with the shipping fee and fee that still apply. */
  cancel(lineIds: readonly string[], fees: { shippingFee: number; fee: number }): void {
    const lines = this.select(lineIds);
    const transition = this.transition('cancel', lines);
    this.setFees(fees);
    this.apply('cancel', lines, transition.to!);
    checkOrderTotal(this.totals);
  }

  /** Sets the revenue (sales) month; lines must be shipped, delivered or re-shipped, the month one of the timeline's (NAL-REVENUE-001). */
  changeRevenue(lineIds: readonly string[], revenueMonth: string, timeline: readonly TimelinePeriod[]): void {
    const lines = this.select(lineIds);
    this.transition('change_revenue', lines);
    checkSalesMonth(revenueMonth, timeline);
    // The lines keep their status; the history still records who set the month, and when.
    this.apply('change_revenue', lines, this.sharedStatus(lines));
    this.state.revenueMonth = revenueMonth;
  }

  private select(lineIds: readonly string[]): OrderLineState[] {
    const ids = [...new Set(lineIds.map(String))];
    if (ids.length === 0) throw new DomainError('NAL_ORD-101');
    return ids.map((id) => {
      const line = this.state.lines.find((l) => l.id === id);
      if (!line) throw new DomainError('NAL_ORD-102');
      return line;
    });
  }

  private sharedStatus(lines: OrderLineState[]): LineStatus {
    const statuses = new Set(lines.map((l) => l.status));
    if (statuses.size !== 1) throw new DomainError('NAL_ORD-084');
    return lines[0].status;
  }

  /** The one transition the table allows this command from the lines' shared status (084, 086). */
  private transition(command: OrderCommandName, lines: OrderLineState[]): LineTransition {
    const allowed = this.allowed(command, this.sharedStatus(lines));
    if (allowed.length === 0) throw new DomainError('NAL_ORD-086');
    return allowed[0];
  }

  /** The table's rows for this command and status whose condition this order meets. */
  private allowed(command: OrderCommandName, from: LineStatus): LineTransition[] {
    return transitionsFrom(command, from).filter((t) => t.when !== 'payment_not_required_or_postpaid' || paymentCanFollowShipment(this.state.paymentMethod));
  }

  private apply(command: HistoryCommandName, lines: OrderLineState[], to: LineStatus): void {
    this.command = command;
    const soldBefore = this.state.lines.some((l) => isSold(l.status));
    for (const line of lines) {
      this.changes.push({ lineId: line.id, from: line.status, to });
      if (line.status !== to) line.previousStatus = line.status;
      line.status = to;
    }
    // An order with sold lines, before or after, has a revenue record to bring in step (made, changed or removed).
    const soldAfter = this.state.lines.some((l) => isSold(l.status));
    if (soldBefore || soldAfter) this.revenueTouched = true;
    // A shipment stepped back (change_status, one step back) leaves nothing sold: the next one is the first
    // again, its month and date with it. A refund after a return keeps them: its fees are still that month's.
    if (command === 'change_status' && soldBefore && !soldAfter) {
      this.state.revenueMonth = null;
      this.state.firstShipDate = null;
    }
  }

  /** The fees entered replace the order's; the command then checks the total they make (NAL_ORD-106), nothing saved when refused. */
  private setFees(fees: { shippingFee?: number; fee?: number }): void {
    this.state.fees = {
      ...this.state.fees,
      ...(fees.shippingFee !== undefined ? { shippingFee: fees.shippingFee } : {}),
      ...(fees.fee !== undefined ? { fee: fees.fee } : {}),
    };
  }

  private checkShipDate(shipDate: string, timeline: readonly TimelinePeriod[]): void {
    if (shipDate < this.state.orderDate) throw new DomainError('NAL_ORD-191');
    if (timeline.length > 0 && !timeline.some((p) => p.startDate <= shipDate && shipDate <= p.finishDate)) throw new DomainError('NAL_ORD-191');
  }

  private byMaker(lines: OrderLineState[]): Map<string, OrderLineState[]> {
    const groups = new Map<string, OrderLineState[]>();
    for (const line of lines) groups.set(line.makerId, [...(groups.get(line.makerId) ?? []), line]);
    return groups;
  }

  private part(makerId: string): MakerPartState {
    let part = this.state.makers.find((m) => m.makerId === makerId);
    if (!part) {
      part = { makerId, confirmStatus: null, refusalReason: null, makerOrderDate: null, makerReceiveDate: null, estimatedShipDate: null, shipDate: null, deliveryCompanyId: null, trackingCode: null };
      this.state.makers.push(part);
    }
    return part;
  }

  /**
   * One `order.shipped` per maker, with the delivery info it shipped with (the buyer's shipment
   * notice tells it). The first shipment sets the sales month from the timeline (ChangeRevenue moves it).
   */
  private recordShipped(lines: OrderLineState[], timeline: readonly TimelinePeriod[]): void {
    if (!this.state.firstShipDate) {
      const shippedMakers = new Set(this.state.lines.filter((l) => isSold(l.status)).map((l) => l.makerId));
      const firstShipDate = this.state.makers.filter((m) => shippedMakers.has(m.makerId) && m.shipDate).map((m) => m.shipDate!).sort()[0] ?? null;
      this.state.firstShipDate = firstShipDate;
      if (firstShipDate && this.state.revenueMonth === null) this.state.revenueMonth = salesMonthOf(firstShipDate, timeline);
    }
    for (const [makerId, makerLines] of this.byMaker(lines)) {
      const { shipDate, deliveryCompanyId, trackingCode } = this.part(makerId);
      this.events.push(domainEvent('order.shipped', this.state.id, { orderId: this.state.id, makerId, lineIds: idsOf(makerLines), shipDate, deliveryCompanyId, trackingCode }));
    }
  }
}

const idsOf = (lines: readonly OrderLineState[]) => lines.map((l) => l.id);
