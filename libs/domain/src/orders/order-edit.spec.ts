import { DomainError } from '../errors';
import { LINE_STATUS as S } from './line-status';
import { checkOrderEdit, ediNoteFits, ORDER_LIMITS, preferredDateIssue } from './order-edit';

const codeOf = (run: () => void) => {
  try {
    run();
    return null;
  } catch (error) {
    return (error as DomainError).code;
  }
};

describe('editing an order', () => {
  it('is allowed while every line is unpaid or paid (104 after that)', () => {
    expect(codeOf(() => checkOrderEdit([{ id: '1', status: S.unpaid }, { id: '2', status: S.paid }]))).toBeNull();
    for (const status of [S.ordered, S.orderReceived, S.shipped, S.cancel, S.refunded]) {
      expect(codeOf(() => checkOrderEdit([{ id: '1', status: S.unpaid }, { id: '2', status }]))).toBe('NAL_ORD-104');
    }
  });

  it('may drop unpaid lines but not paid ones (105); keeping the lines as they are drops nothing', () => {
    const lines = [
      { id: '1', status: S.unpaid },
      { id: '2', status: S.paid },
    ];
    expect(codeOf(() => checkOrderEdit(lines, new Set(['2'])))).toBeNull();
    expect(codeOf(() => checkOrderEdit(lines, new Set(['1'])))).toBe('NAL_ORD-105');
    expect(codeOf(() => checkOrderEdit(lines))).toBeNull();
  });

  it('fits the EDI note beside the delivery address: 40 characters together, as PostgreSQL counts', () => {
    expect(ORDER_LIMITS.ediNoteWithAddress).toBe(40);
    expect(ediNoteFits('い'.repeat(10), 'あ'.repeat(30))).toBe(true);
    expect(ediNoteFits('い'.repeat(11), 'あ'.repeat(30))).toBe(false);
    expect(ediNoteFits('\u{20BB7}'.repeat(40), null)).toBe(true);
    expect(ediNoteFits(null, 'あ'.repeat(100))).toBe(true);
  });
});

describe('preferred delivery date', () => {
  it('is not before the order date, compared as dates whatever their spelling', () => {
    const issue = { field: 'preferred_date', errorCode: 'date_after', params: { other: 'order_date' } };
    expect(preferredDateIssue('2025-01-05', '2025-02-01')).toEqual(issue);
    expect(preferredDateIssue('2025/1/5', '2025-02-01')).toEqual(issue);
    expect(preferredDateIssue('2025/2/1', '2025-02-01')).toBeNull();
    expect(preferredDateIssue(null, '2025-02-01')).toBeNull();
    // A free text kept from before dates were required is not judged.
    expect(preferredDateIssue('12月5日', '2025-02-01')).toBeNull();
  });
});
