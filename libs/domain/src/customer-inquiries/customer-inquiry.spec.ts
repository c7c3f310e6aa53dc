import { DEFAULT_YEAR_END_CLOSING, NO_CLOSING } from '../calendar/business-days';
import { CUSTOMER_INQUIRY_STATE, earliestPickupDate, isAccountHolderKana, isOverdue, pickupDateIssues, replyDueAt, returnRequestIssues, returnWindowIssues } from './customer-inquiry';

/** A moment given in Japan time. */
const jst = (text: string) => new Date(`${text}+09:00`);

describe('the return window (SPEC.md §9)', () => {
  it.each([
    ['2026-11-27', []],
    ['2026-11-20', []], // 7 days after delivery: the last day
    ['2026-11-19', [{ field: 'delivery_date', errorCode: 'NAL-INQ-004', params: { days: 7 } }]], // 8 days: refused
    ['2026-11-28', [{ field: 'delivery_date', errorCode: 'date_before_today' }]],
  ])('delivered %s, asked on 2026-11-27', (delivered, issues) => {
    expect(returnWindowIssues(delivered, '2026-11-27')).toEqual(issues);
  });
});

describe('the pickup date (SPEC.md §5, §9)', () => {
  it('is at least 4 business days ahead: asked Friday 27 November 2026, Thursday 3 December is the first', () => {
    expect(earliestPickupDate('2026-11-27', NO_CLOSING)).toBe('2026-12-03');
    expect(pickupDateIssues('2026-12-03', '2026-11-27', NO_CLOSING)).toEqual([]);
    expect(pickupDateIssues('2026-12-02', '2026-11-27', NO_CLOSING)).toEqual([{ field: 'pickup_date', errorCode: 'NAL-INQ-005', params: { min: '2026-12-03', days: 4 } }]);
  });

  it('counts no closing day: asked 24 December the first is 5 January, asked 25 December 6 January', () => {
    expect(earliestPickupDate('2026-12-24', DEFAULT_YEAR_END_CLOSING)).toBe('2027-01-05');
    expect(earliestPickupDate('2026-12-25', DEFAULT_YEAR_END_CLOSING)).toBe('2027-01-06');
  });

  it('is refused more than 60 days ahead', () => {
    expect(pickupDateIssues('2027-01-26', '2026-11-27', NO_CLOSING)).toEqual([]);
    expect(pickupDateIssues('2027-01-27', '2026-11-27', NO_CLOSING)).toEqual([{ field: 'pickup_date', errorCode: 'NAL-INQ-006', params: { max: '2027-01-26' } }]);
  });
});

describe('the reply deadline (SPEC.md §9)', () => {
  it.each([
    ['Monday 11:00, in hours: 24 hours later', '2026-11-30T11:00:00', '2026-12-01T11:00:00'],
    ['Friday 16:59, in hours: the same time on the next business day', '2026-11-27T16:59:00', '2026-11-30T16:59:00'],
    ['Friday 17:01, after hours: the next business day, by 17:00', '2026-11-27T17:01:00', '2026-11-30T17:00:00'],
    ['Friday 17:00 exactly is after hours', '2026-11-27T17:00:00', '2026-11-30T17:00:00'],
    ['Saturday: the next business day, by 17:00', '2026-11-28T10:30:00', '2026-11-30T17:00:00'],
    ['Tuesday 09:59, before hours: that business day, by 17:00', '2026-12-01T09:59:00', '2026-12-01T17:00:00'],
    ['Tuesday 00:01, before hours: that business day', '2026-12-01T00:01:00', '2026-12-01T17:00:00'],
    ['Monday 23:59, after hours: the next business day (not later than Tuesday 00:01)', '2026-11-30T23:59:00', '2026-12-01T17:00:00'],
    ['Tuesday 10:00, in hours', '2026-12-01T10:00:00', '2026-12-02T10:00:00'],
    ['the day before Golden Week', '2026-04-28T12:00:00', '2026-04-30T12:00:00'],
    ['a holiday (勤労感謝の日)', '2026-11-23T12:00:00', '2026-11-24T17:00:00'],
    ['the last day before the year-end closing', '2026-12-28T15:00:00', '2027-01-04T15:00:00'],
  ])('%s', (_, received, due) => {
    expect(replyDueAt(jst(received), DEFAULT_YEAR_END_CLOSING).toISOString()).toBe(jst(due).toISOString());
  });

  it('flags a waiting inquiry past its deadline only', () => {
    const due = jst('2026-11-30T17:00:00');
    expect(isOverdue(CUSTOMER_INQUIRY_STATE.waiting, due, jst('2026-11-30T17:00:01'))).toBe(true);
    expect(isOverdue(CUSTOMER_INQUIRY_STATE.waiting, due, jst('2026-11-30T17:00:00'))).toBe(false);
    expect(isOverdue(CUSTOMER_INQUIRY_STATE.replied, due, jst('2026-12-30T17:00:00'))).toBe(false);
  });
});

describe('the return form (SPEC.md §5)', () => {
  const pickupReturn = {
    deliveryDate: '2026-11-25',
    returnRequest: 2,
    returnMethod: 1,
    pickupDate: '2026-12-03',
    pickupSlot: 1,
    bankName: 'みずほ銀行',
    bankBranch: '本店',
    bankAccountType: 1,
    bankAccountNumber: '1234567',
    bankAccountHolder: 'ヤマダ タロウ',
    agreement: true,
  };

  it('takes a complete pickup return', () => {
    expect(returnRequestIssues(pickupReturn, '2026-11-27', NO_CLOSING)).toEqual([]);
  });

  it('needs the agreement, a pickup date and slot, and the refund account, all said at once', () => {
    const issues = returnRequestIssues({ ...pickupReturn, agreement: false, pickupDate: null, pickupSlot: null, bankName: null, bankAccountHolder: '' }, '2026-11-27', NO_CLOSING);
    expect(issues.map((i) => `${i.field}:${i.errorCode}`)).toEqual(['agreement:required', 'pickup_date:required', 'pickup_slot:required', 'bank_name:required', 'bank_account_holder:required']);
  });

  it('asks no pickup date of goods the customer sends, and no account for an exchange', () => {
    expect(returnRequestIssues({ ...pickupReturn, returnMethod: 2, returnRequest: 1, pickupDate: null, pickupSlot: null, bankName: null, bankBranch: null, bankAccountType: null, bankAccountNumber: null, bankAccountHolder: null }, '2026-11-27', NO_CLOSING)).toEqual([]);
  });

  it('refuses a pickup 3 business days ahead and a delivery 8 days ago together', () => {
    const issues = returnRequestIssues({ ...pickupReturn, deliveryDate: '2026-11-19', pickupDate: '2026-12-02' }, '2026-11-27', NO_CLOSING);
    expect(issues.map((i) => i.errorCode)).toEqual(['NAL-INQ-004', 'NAL-INQ-005']);
  });
});

describe('the reply deadline never goes back as time goes on', () => {
  it('over a fortnight with a holiday and the year-end closing, minute by quarter hour', () => {
    let previous = 0;
    for (let t = jst('2026-12-21T00:00:00').getTime(); t < jst('2027-01-08T00:00:00').getTime(); t += 15 * 60_000) {
      const due = replyDueAt(new Date(t), DEFAULT_YEAR_END_CLOSING).getTime();
      expect(due).toBeGreaterThanOrEqual(previous);
      expect(due).toBeGreaterThan(t);
      previous = due;
    }
  });
});

describe('the refund account holder (口座名義)', () => {
  it.each([
    ['ヤマダ タロウ', true],
    ['カ）ヤマダショウジ', true],
    ['ヤマダ（カ', true],
    ['ＡＢＣ．ショウジ', true],
    ['やまだ たろう', false],
    ['山田 太郎', false],
    ['ﾔﾏﾀﾞ', false],
    ['（）', false],
  ])('%s: %s', (name, ok) => {
    expect(isAccountHolderKana(name)).toBe(ok);
  });
});
