import { DEPOSIT_TYPE, DepositType, DomainError, handPaymentOutcome, NotFoundError, paymentOutcome, RecordMatch, Role, spreadPayment } from '@oms/domain';
import { EntityManager } from 'typeorm';
import { OrderRepository } from '../orders';
import { DepositRepository, RecordRow } from './deposit.repository';

/** Who pays or takes back: the uploader (matching acts for them) or the accountant at the console. */
export interface DepositActor {
  readonly id: string;
  readonly role: Role;
}

/** A payment entered by hand on one order (PUT /deposits/{orderId}/update). */
export interface PaymentByHand {
  readonly orderId: string;
  /** The order's version as the accountant read it. */
  readonly version: number;
  readonly type: DepositType;
  readonly amount: number;
  readonly paidDate: string;
  readonly settlementFee: number;
  readonly transferFee: number;
  readonly otherFee: number;
  readonly shippingFee: number;
  /** The bank record it comes from (one left for review), or null. */
  readonly recordId: string | null;
}

/**
 * The money side of deposits, shared by the workers' matching and the accountant's hand (issue 13):
 * a payment confirms the order's unpaid lines through the Order aggregate and the order repository's
 * version check, the same unit of work PUT /orders/paid runs (STYLE.md "one command, end to end"), and
 * is recorded in `deposit_payments`; a revert takes it back through the reverse status step. Everything
 * runs in the caller's transaction, so a refusal (a changed order: NAL_ORD-193) leaves nothing behind.
 */
export class DepositLedger {
  private readonly orders = new OrderRepository();

  constructor(private readonly deposits: DepositRepository) {}

  /** Pays the orders matching chose for a pending record; answers false (nothing written) when the record is no longer pending. */
  async payFromRecord(m: EntityManager, recordId: string, decision: RecordMatch, fileName: string, actor: DepositActor): Promise<boolean> {
    const record = await this.deposits.lockRecord(m, recordId);
    if (!record || record.state !== 'pending') return false;
    const amounts = spreadPayment(record.amount, decision.orders.map((o) => o.total));
    if (!amounts) throw new DomainError('NAL-DEP-044');
    await this.orders.lockInIdOrder(m, decision.orders.map((o) => o.orderId));
    const last = decision.orders.length - 1;
    for (const [i, due] of decision.orders.entries()) {
      const { result: confirmed } = await this.orders.change(m, { orderId: due.orderId, version: due.version, lineIds: [] }, { ...actor, makerId: null }, (order) =>
        order.payByDeposit(noteOf(fileName, record)),
      true);
      await this.deposits.addPayment(m, {
        orderId: due.orderId,
        recordId,
        depositId: record.depositId,
        type: DEPOSIT_TYPE.payment,
        status: decision.status,
        paidDate: record.accountDate,
        amount: amounts[i],
        dueAmount: due.total,
        settlementFee: 0,
        transferFee: i === last ? decision.transferFee : 0,
        otherFee: 0,
        shippingFee: 0,
        confirmedLineIds: confirmed,
        createdBy: actor.id,
      });
    }
    await this.deposits.decideRecord(m, recordId, {
      state: 'matched',
      status: decision.status,
      matchedBy: decision.matchedBy,
      difference: decision.difference,
      transferFee: decision.transferFee,
      reviewReason: null,
      decidedBy: null,
    });
    return true;
  }

  /**
   * A payment on one order by hand: it replaces the order's live payment (whose confirmed lines it takes
   * over), confirms the order's unpaid lines (version check: NAL_ORD-193), and, from a bank record left
   * for review, matches that record and teaches its payer name as the order's customer's.
   */
  async payByHand(m: EntityManager, input: PaymentByHand, actor: DepositActor): Promise<{ paymentId: string; version: number }> {
    const record = input.recordId ? await this.openRecord(m, input.recordId, input.orderId, input.amount) : null;
    await this.orders.lockInIdOrder(m, [input.orderId]);
    const order = await this.deposits.orderForPayment(m, input.orderId);
    if (!order) throw new NotFoundError('order');
    const [replaced] = await this.deposits.livePayments(m, { orderId: input.orderId });
    // Replacing another bank record's payment would leave that record matched with its money nowhere.
    if (replaced?.recordId && replaced.recordId !== input.recordId) throw new DomainError('NAL-DEP-046', { record_id: replaced.recordId });
    const note = record ? noteOf(null, record) : `入金 ${input.paidDate} ¥${input.amount.toLocaleString('ja-JP')}`;
    const { result: confirmed, version } = await this.orders.change(m, { orderId: input.orderId, version: input.version, lineIds: [] }, { ...actor, makerId: null }, (o) =>
      o.payByDeposit(note),
    true);
    if (replaced) await this.deposits.revertPayment(m, replaced.id, actor.id, 'replaced by hand');
    const { status } = handPaymentOutcome(input.amount, input, order.total);
    const paymentId = await this.deposits.addPayment(m, {
      orderId: input.orderId,
      recordId: record?.id ?? null,
      depositId: record?.depositId ?? null,
      type: input.type,
      status,
      paidDate: input.paidDate,
      amount: input.amount,
      dueAmount: order.total,
      settlementFee: input.settlementFee,
      transferFee: input.transferFee,
      otherFee: input.otherFee,
      shippingFee: input.shippingFee,
      confirmedLineIds: [...(replaced?.confirmedLineIds ?? []), ...confirmed],
      createdBy: actor.id,
    });
    if (record) {
      const payments = await this.deposits.livePayments(m, { recordId: record.id });
      const due = payments.reduce((t, p) => t + p.dueAmount, 0);
      const fee = payments.reduce((t, p) => t + p.transferFee, 0);
      const outcome = paymentOutcome(record.amount + fee, due, []);
      await this.deposits.decideRecord(m, record.id, { state: 'matched', status: outcome.status, matchedBy: 'manual', difference: outcome.difference, transferFee: fee, reviewReason: null, decidedBy: actor.id });
      if (order.customerId) await this.deposits.teachAlias(m, record.payerKey, order.customerId, actor.id);
    }
    return { paymentId, version };
  }

  /**
   * Takes a record's payments back: each order's lines it confirmed go back to unpaid (NAL-DEP-041 when
   * one has moved on, and then nothing is taken back), the payments are marked reverted with the reason,
   * and the record returns to review (`then: 'review'`) or leaves with its upload (`'reverted'`).
   */
  async revertRecord(m: EntityManager, record: RecordRow, actor: DepositActor, reason: string, then: 'review' | 'reverted'): Promise<void> {
    // The orders locked first, then their payments read again: a payment by hand that committed while
    // the lock was awaited is seen as it now is (a payment this record no longer has is not taken back).
    const seen = await this.deposits.livePayments(m, { recordId: record.id });
    await this.orders.lockInIdOrder(m, seen.map((p) => p.orderId));
    const payments = await this.deposits.livePayments(m, { recordId: record.id });
    for (const payment of payments) await this.revertPayment(m, payment, actor, reason);
    // A name staff taught with this record was taught wrong: later runs no longer match by it.
    if (record.matchedBy === 'manual' || record.matchedBy === 'alias') await this.deposits.forgetAlias(m, record.payerKey, payments.map((p) => p.orderId));
    if (then === 'review') {
      await this.deposits.decideRecord(m, record.id, { state: 'review', status: 1, matchedBy: null, difference: null, transferFee: null, reviewReason: 'reverted', decidedBy: actor.id });
    }
  }

  /** One payment taken back: its confirmed lines that are still paid step back to unpaid, the history noting why. */
  private async revertPayment(m: EntityManager, payment: { id: string; orderId: string; orderNo: string; confirmedLineIds: string[] }, actor: DepositActor, reason: string): Promise<void> {
    const [{ version }] = await m.query(`SELECT version FROM orders WHERE id = $1`, [payment.orderId]);
    try {
      await this.orders.change(m, { orderId: payment.orderId, version, lineIds: [] }, { ...actor, makerId: null }, (o) =>
        o.revertDepositPayment(payment.confirmedLineIds, `入金取消: ${reason}`.slice(0, 200)),
      true);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'NAL-DEP-041') throw new DomainError('NAL-DEP-041', { order_no: payment.orderNo });
      throw error;
    }
    await this.deposits.revertPayment(m, payment.id, actor.id, reason);
  }

  /** A record a payment by hand may come from: one left for review or matched by hand, with room for `amount` more. */
  private async openRecord(m: EntityManager, recordId: string, orderId: string, amount: number): Promise<RecordRow> {
    const record = await this.deposits.lockRecord(m, recordId);
    if (!record) throw new NotFoundError('deposit_record');
    if (!(record.state === 'review' || (record.state === 'matched' && record.matchedBy === 'manual'))) throw new DomainError('NAL-DEP-043');
    // A bank's cancellation or correction takes money back: it pays no order.
    if (record.takesBack) throw new DomainError('NAL-DEP-047');
    // What the record paid other orders: this order's payment from it is being replaced.
    const applied = (await this.deposits.livePayments(m, { recordId })).filter((p) => p.orderId !== orderId).reduce((t, p) => t + p.amount, 0);
    if (applied + amount > record.amount) throw new DomainError('NAL-DEP-044', { left: record.amount - applied });
    return record;
  }
}

/** What an order's history notes for a payment from a bank record: the file, 照会番号 or line, the payer and amount. */
function noteOf(fileName: string | null, record: RecordRow): string {
  const reference = record.inquiryNo ? `照会番号${record.inquiryNo}` : `${record.line}行目`;
  return [`入金 ${record.accountDate}`, fileName, reference, record.payerName, `¥${record.amount.toLocaleString('ja-JP')}`].filter(Boolean).join(' ').slice(0, 200);
}
