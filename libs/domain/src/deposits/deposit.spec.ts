import { BankRecord } from './bank-record';
import { bankRecordKey, decideMatches, DEFAULT_TRANSFER_FEES, DueOrder, keyBankRecords, paymentOutcome, RecordCandidates, spreadPayment } from './deposit';

const order = (orderId: string, total: number, payerGroup = 'c1'): DueOrder => ({ orderId, version: 1, total, payerGroup });
const record = (amount: number, found: Partial<Omit<RecordCandidates, 'recordId' | 'amount'>> = {}, recordId = 'r1'): RecordCandidates => ({
  recordId,
  amount,
  namedOrderNos: [],
  byNumber: [],
  byName: [],
  byAlias: [],
  ...found,
});
const fees = DEFAULT_TRANSFER_FEES;

describe('paymentOutcome', () => {
  it.each([
    [10000, 10000, { status: 2, difference: 0, transferFee: 0 }],
    [10500, 10000, { status: 3, difference: 500, transferFee: 0 }],
    [9000, 10000, { status: 4, difference: -1000, transferFee: 0 }],
    [9890, 10000, { status: 2, difference: 0, transferFee: 110 }],
    [9120, 10000, { status: 2, difference: 0, transferFee: 880 }],
    [9119, 10000, { status: 4, difference: -881, transferFee: 0 }],
    [9900, 10000, { status: 4, difference: -100, transferFee: 0 }],
  ])('%i paid for %i due', (amount, due, expected) => {
    expect(paymentOutcome(amount, due, fees)).toEqual(expected);
  });
});

describe('decideMatches', () => {
  it('pays the orders a record names by number, over or under', () => {
    const named = { namedOrderNos: ['20261124-0000001'], byNumber: [order('1', 10000)] };
    expect(decideMatches([record(10000, named)], fees)[0]).toMatchObject({ outcome: 'matched', matchedBy: 'order_no', status: 2 });
    expect(decideMatches([record(12000, named)], fees)[0]).toMatchObject({ outcome: 'matched', status: 3, difference: 2000 });
    expect(decideMatches([record(8000, named)], fees)[0]).toMatchObject({ outcome: 'matched', status: 4, difference: -2000 });
  });

  it('leaves a record naming an order that is not unpaid for staff, even when its name matches', () => {
    const decision = decideMatches([record(10000, { namedOrderNos: ['20261124-0000001'], byName: [order('2', 10000)] })], fees)[0];
    expect(decision).toEqual({ recordId: 'r1', outcome: 'review', reason: 'order_not_due' });
  });

  it('picks the one order of the name the amount pays, short by a transfer fee too', () => {
    const byName = [order('1', 5000), order('2', 10000)];
    expect(decideMatches([record(10000, { byName })], fees)[0]).toMatchObject({ outcome: 'matched', matchedBy: 'name', orders: [byName[1]], status: 2 });
    expect(decideMatches([record(9670, { byName })], fees)[0]).toMatchObject({ orders: [byName[1]], status: 2, transferFee: 330 });
  });

  it('pays several orders of one payer with one transfer', () => {
    const byName = [order('1', 5000), order('2', 3000), order('3', 4000, 'c2')];
    expect(decideMatches([record(8000, { byName })], fees)[0]).toMatchObject({ outcome: 'matched', orders: [byName[0], byName[1]], status: 2 });
  });

  it('matches the single order of the name over or under; two orders of the name without an exact amount are ambiguous', () => {
    expect(decideMatches([record(7000, { byName: [order('1', 5000)] })], fees)[0]).toMatchObject({ status: 3, difference: 2000 });
    expect(decideMatches([record(7000, { byName: [order('1', 5000), order('2', 6000)] })], fees)[0]).toMatchObject({ outcome: 'review', reason: 'ambiguous' });
    expect(decideMatches([record(5000, { byName: [order('1', 5000), order('2', 5000, 'c2')] })], fees)[0]).toMatchObject({ outcome: 'review', reason: 'ambiguous' });
  });

  it('prefers a name staff taught to the buyer names', () => {
    const decision = decideMatches([record(5000, { byAlias: [order('7', 5000)], byName: [order('8', 5000)] })], fees)[0];
    expect(decision).toMatchObject({ matchedBy: 'alias', orders: [order('7', 5000)] });
  });

  it('leaves a record with no candidate unpaid', () => {
    expect(decideMatches([record(5000)], fees)[0]).toEqual({ recordId: 'r1', outcome: 'review', reason: 'no_match' });
  });

  it('never gives one order to two records: the later one goes to review', () => {
    const byName = [order('1', 5000)];
    const [first, second] = decideMatches([record(5000, { byName }, 'a'), record(5000, { byName }, 'b')], fees);
    expect(first).toMatchObject({ recordId: 'a', outcome: 'matched' });
    expect(second).toEqual({ recordId: 'b', outcome: 'review', reason: 'already_claimed' });
  });
});

describe('spreadPayment', () => {
  it('gives each order its total and the last what is left', () => {
    expect(spreadPayment(8000, [5000, 3000])).toEqual([5000, 3000]);
    expect(spreadPayment(9000, [5000, 3000])).toEqual([5000, 4000]);
    expect(spreadPayment(7670, [5000, 3000])).toEqual([5000, 2670]);
    expect(spreadPayment(4000, [5000, 3000])).toBeNull();
  });
});

describe('bankRecordKey', () => {
  it('is 照会番号 + 勘定日 + amount + occurrence, and a CSV without one uses the payer and order', () => {
    expect(bankRecordKey({ inquiryNo: '000123', accountDate: '2026-11-24', amount: 5000, payerKey: 'ヤマダ', orderNo: null }, 1)).toBe('000123|2026-11-24|5000|1');
    expect(bankRecordKey({ inquiryNo: null, accountDate: '2026-11-24', amount: 5000, payerKey: 'ヤマダ', orderNo: null }, 2)).toBe('-ヤマダ-|2026-11-24|5000|2');
  });
});

describe('keyBankRecords', () => {
  const read = (line: number, payerName: string, over: Partial<BankRecord> = {}): BankRecord => ({
    line,
    inquiryNo: '000123',
    accountDate: '2026-11-24',
    amount: 5000,
    payerName,
    ediInfo: null,
    orderNo: null,
    bankName: null,
    branchName: null,
    ...over,
  });

  it('keys the payer name, finds the order numbers named anywhere, and counts a repeated record as a further deposit', () => {
    const [named, repeated, again] = keyBankRecords([
      read(2, '202611240000123 ﾔﾏﾀﾞ ﾀﾛｳ', { inquiryNo: '000122', ediInfo: '20261124-0000124' }),
      read(3, 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'),
      read(4, 'ｶ)ﾔﾏﾀﾞｼﾖｳｼﾞ'),
    ]);
    expect(named.orderNos).toEqual(['20261124-0000123', '20261124-0000124']);
    expect(repeated).toMatchObject({ payerKey: 'ヤマダシヨウジ', orderNos: [], recordKey: '000123|2026-11-24|5000|1' });
    expect(again.recordKey).toBe('000123|2026-11-24|5000|2');
  });
});
