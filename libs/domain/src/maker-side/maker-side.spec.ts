import { DomainError } from '../errors';
import { canChangeShipDate, checkConfirmLink, confirmLinkExpiry, confirmLinkStage, linesAwaitingAnswer, linesAwaitingShipment, makerAnswerIssues } from './confirmation';
import { ediHold } from './edi-stop';
import { initialSheetStatus, isFaxGatewayPattern, isResent, ordererContact, sheetRecipient, shopContactIssues } from './order-sheet';
import { addDays } from '../calendar/business-days';
import { isReminderDue, reminderCron, reminderCutoffs, reminderSchedules } from './reminders';

const code = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    return (e as DomainError).code;
  }
  return null;
};

describe('EDI stop', () => {
  const shop = { ediStopAmount: 30, npLimitAmount: null };
  it('holds an order whose total reaches the stop amount (× 10,000 yen), not one just below', () => {
    expect(ediHold({ total: 299_999, paymentMethodId: 1 }, shop)).toBeNull();
    expect(ediHold({ total: 300_000, paymentMethodId: 1 }, shop)).toEqual({ code: 'NAL_ORD-123', limit: 300_000, total: 300_000 });
  });
  it('has no stop when the shop sets none', () => {
    expect(ediHold({ total: 10_000_000, paymentMethodId: 1 }, { ediStopAmount: null, npLimitAmount: null })).toBeNull();
  });
  it('holds a deferred payment over the standard cap of 55,000 yen, or over the shop’s own limit', () => {
    const none = { ediStopAmount: null, npLimitAmount: null };
    expect(ediHold({ total: 55_000, paymentMethodId: 4 }, none)).toBeNull();
    expect(ediHold({ total: 55_001, paymentMethodId: 4 }, none)?.code).toBe('NAL_ORD-126');
    expect(ediHold({ total: 40_001, paymentMethodId: 4 }, { ediStopAmount: null, npLimitAmount: 40_000 })).toEqual({ code: 'NAL_ORD-126', limit: 40_000, total: 40_001 });
    expect(ediHold({ total: 90_000, paymentMethodId: 1 }, none)).toBeNull();
  });
  it('names the EDI stop first when both apply', () => {
    expect(ediHold({ total: 100_000, paymentMethodId: 4 }, { ediStopAmount: 1, npLimitAmount: null })?.code).toBe('NAL_ORD-123');
  });
});

describe('order sheet recipient', () => {
  const gateway = '{fax}@fax-gateway.example';
  it('mails e-mail makers at their address', () => {
    expect(sheetRecipient({ orderMethod: 'email', email: ' maker@example.jp ', fax: '03-1234-5678' }, gateway)).toBe('maker@example.jp');
    expect(sheetRecipient({ orderMethod: 'email', email: null, fax: '03-1234-5678' }, gateway)).toBeNull();
  });
  it('faxes through the gateway with the fax number’s digits', () => {
    expect(sheetRecipient({ orderMethod: 'fax', email: 'x@example.jp', fax: '03-1234-5678' }, gateway)).toBe('0312345678@fax-gateway.example');
    expect(sheetRecipient({ orderMethod: 'fax', email: null, fax: '(06) 1234 5678' }, 'fax+{fax}@gw.local')).toBe('fax+0612345678@gw.local');
    expect(sheetRecipient({ orderMethod: 'fax', email: null, fax: '123' }, gateway)).toBeNull();
    expect(sheetRecipient({ orderMethod: 'fax', email: null, fax: null }, gateway)).toBeNull();
  });
  it('accepts only gateway patterns with one {fax} before the @', () => {
    expect(isFaxGatewayPattern('{fax}@fax-gateway.example')).toBe(true);
    expect(isFaxGatewayPattern('fax@gateway.example')).toBe(false);
    expect(isFaxGatewayPattern('{fax}{fax}@gateway.example')).toBe(false);
    expect(isFaxGatewayPattern('{fax}@')).toBe(false);
    expect(isFaxGatewayPattern('x@{fax}.example')).toBe(false);
  });
  it('sends a new revision unless held, and fails it without an address', () => {
    const hold = { code: 'NAL_ORD-123' as const, limit: 300_000, total: 300_000 };
    expect(initialSheetStatus(null, 'm@example.jp')).toBe('pending');
    expect(initialSheetStatus(hold, 'm@example.jp')).toBe('held');
    expect(initialSheetStatus(hold, null)).toBe('held');
    expect(initialSheetStatus(null, null)).toBe('failed');
  });
  it('marks a revision re-sent only after a sent one', () => {
    expect(isResent([])).toBe(false);
    expect(isResent([{ status: 'held' }, { status: 'failed' }])).toBe(false);
    expect(isResent([{ status: 'sent' }])).toBe(true);
  });
});

describe('confirmation link', () => {
  const now = new Date('2026-11-22T00:00:00Z');
  it('expires the given number of days after it is made', () => {
    expect(confirmLinkExpiry(now, 14)).toEqual(new Date('2026-12-06T00:00:00Z'));
  });
  it('answers the maker’s waiting lines of one status, ordered before re-ordered, nobody else’s', () => {
    const lines = [
      { id: '1', makerId: 'A', status: 3 as const },
      { id: '2', makerId: 'A', status: 10 as const },
      { id: '3', makerId: 'B', status: 3 as const },
      { id: '4', makerId: 'A', status: 4 as const },
    ];
    expect(linesAwaitingAnswer(lines, 'A')).toEqual(['1']);
    expect(linesAwaitingAnswer(lines.slice(1), 'A')).toEqual(['2']);
    expect(linesAwaitingAnswer([lines[3]], 'A')).toEqual([]);
  });
  it('takes an answer until it expires, and once', () => {
    expect(code(() => checkConfirmLink({ expiresAt: new Date('2026-11-22T00:00:01Z'), usedAt: null }, now))).toBeNull();
    expect(code(() => checkConfirmLink({ expiresAt: now, usedAt: null }, now))).toBe('NAL_ORD-132');
    expect(code(() => checkConfirmLink({ expiresAt: new Date('2026-12-01T00:00:00Z'), usedAt: now }, now))).toBe('NAL_ORD-131');
    // An expired link says so, answered or not.
    expect(code(() => checkConfirmLink({ expiresAt: now, usedAt: now }, now))).toBe('NAL_ORD-132');
  });
  it('changes a ship date on the maker’s accepted lines not shipped, order received before re-order received', () => {
    const lines = [
      { id: '1', makerId: 'A', status: 11 as const },
      { id: '2', makerId: 'A', status: 4 as const },
      { id: '3', makerId: 'B', status: 4 as const },
      { id: '4', makerId: 'A', status: 5 as const },
    ];
    expect(linesAwaitingShipment(lines, 'A')).toEqual(['2']);
    expect(linesAwaitingShipment([lines[0], lines[3]], 'A')).toEqual(['1']);
    expect(linesAwaitingShipment([lines[3]], 'A')).toEqual([]);
  });

  describe('what a link shows', () => {
    const open = { expiresAt: new Date('2026-12-01T00:00:00Z'), usedAt: null };
    const used = { ...open, usedAt: now };
    const at = (...statuses: (3 | 4 | 5 | 7 | 8 | 2 | 10)[]) => statuses.map((status) => ({ status }));
    it('asks for the answer while the lines wait and the link is unused', () => {
      expect(confirmLinkStage(open, now, at(3), null)).toEqual({ stage: 'awaiting_answer', canChangeShipDate: false });
      expect(confirmLinkStage(open, now, at(10), null).stage).toBe('awaiting_answer');
      // A sheet sent again after a refusal asks again.
      expect(confirmLinkStage(open, now, at(3), 3).stage).toBe('awaiting_answer');
    });
    it('shows the answer given once answered, the ship date open to change until the lines ship', () => {
      expect(confirmLinkStage(used, now, at(4), 1)).toEqual({ stage: 'answered', canChangeShipDate: true });
      expect(confirmLinkStage(used, now, at(4), 2)).toEqual({ stage: 'answered', canChangeShipDate: true });
      expect(confirmLinkStage(used, now, at(5), 1)).toEqual({ stage: 'answered', canChangeShipDate: false });
      expect(confirmLinkStage(used, now, at(3), 3)).toEqual({ stage: 'answered', canChangeShipDate: false });
      // A fresh link (a reminder's) on an answered order shows the answer too.
      expect(confirmLinkStage(open, now, at(4), 1)).toEqual({ stage: 'answered', canChangeShipDate: true });
    });
    it('is used up when staff moved the lines elsewhere, and expired when expired', () => {
      expect(code(() => confirmLinkStage(used, now, at(8, 7), 1))).toBe('NAL_ORD-131');
      expect(code(() => confirmLinkStage(open, now, at(2), null))).toBe('NAL_ORD-131');
      expect(code(() => confirmLinkStage(used, now, at(3), null))).toBe('NAL_ORD-131');
      expect(code(() => confirmLinkStage({ ...used, expiresAt: now }, now, at(4), 1))).toBe('NAL_ORD-132');
    });
    it('lets an accepted or undecided answer change its date while a line awaits shipment', () => {
      expect(canChangeShipDate(1, at(4, 5))).toBe(true);
      expect(canChangeShipDate(3, at(4))).toBe(false);
      expect(canChangeShipDate(null, at(4))).toBe(false);
    });
  });

  it('needs the ship date of a maker that accepts, today or later; none of one that refuses', () => {
    const today = '2026-11-22';
    expect(makerAnswerIssues({ confirmStatus: 1, estimatedShipDate: null }, today)).toEqual([{ field: 'estimated_ship_date', errorCode: 'required' }]);
    expect(makerAnswerIssues({ confirmStatus: 1 }, today)).toEqual([{ field: 'estimated_ship_date', errorCode: 'required' }]);
    expect(makerAnswerIssues({ confirmStatus: 1, estimatedShipDate: '2026-11-21' }, today)).toEqual([{ field: 'estimated_ship_date', errorCode: 'date_not_before_today' }]);
    expect(makerAnswerIssues({ confirmStatus: 1, estimatedShipDate: today }, today)).toEqual([]);
    expect(makerAnswerIssues({ confirmStatus: 2, estimatedShipDate: null }, today)).toEqual([]);
    expect(makerAnswerIssues({ confirmStatus: 2, estimatedShipDate: '2026-01-01' }, today)).toEqual([{ field: 'estimated_ship_date', errorCode: 'date_not_before_today' }]);
    expect(makerAnswerIssues({ confirmStatus: 3, estimatedShipDate: '2020-01-01' }, today)).toEqual([]);
  });
});

describe('who orders (the orderer on sheets and mails to makers)', () => {
  const fallback = { company: 'OMS 受発注センター', phone: '03-0000-0000', email: 'center@oms.example' };
  const none = { name: '家具店', contactCompany: null, contactPerson: null, contactPhone: null, contactFax: null, contactEmail: null };
  it('is the shop’s contact when it has one, its company defaulting to the shop’s name', () => {
    expect(ordererContact({ ...none, contactCompany: ' 株式会社家具 ', contactPerson: '佐藤', contactPhone: '03-1', contactFax: '03-2', contactEmail: 'a@b.jp' }, fallback)).toEqual({
      company: '株式会社家具',
      person: '佐藤',
      phone: '03-1',
      fax: '03-2',
      email: 'a@b.jp',
    });
    // Never a mix with the fallback: a shop phone beside the centre's e-mail would mislead.
    expect(ordererContact({ ...none, contactPhone: '03-1' }, fallback)).toEqual({ company: '家具店', person: null, phone: '03-1', fax: null, email: null });
  });
  it('is the configured sender when the shop has none', () => {
    expect(ordererContact({ ...none, contactCompany: '  ' }, fallback)).toEqual({ ...fallback, person: null, fax: null });
  });
  it('needs an e-mail once a shop gives any contact: replies must reach the shop', () => {
    expect(shopContactIssues(none)).toEqual([]);
    expect(shopContactIssues({ ...none, contactPhone: '03-1234-5678' })).toEqual([{ field: 'contact_email', errorCode: 'required' }]);
    expect(shopContactIssues({ ...none, contactPerson: '佐藤', contactEmail: '  ' })).toEqual([{ field: 'contact_email', errorCode: 'required' }]);
    expect(shopContactIssues({ ...none, contactPerson: '佐藤', contactEmail: 'a@b.jp' })).toEqual([]);
    expect(shopContactIssues({ ...none, contactEmail: 'a@b.jp' })).toEqual([]);
  });
});

describe('reminders', () => {
  it('schedules a daily run per kind that has both days and hour', () => {
    expect(reminderSchedules({ orderReminderDays: 2, orderReminderHour: 9, shipReminderDays: null, shipReminderHour: 15 })).toEqual([{ kind: 'confirm', days: 2, hour: 9 }]);
    expect(reminderSchedules({ orderReminderDays: 2, orderReminderHour: 0, shipReminderDays: 7, shipReminderHour: 23 })).toHaveLength(2);
    expect(reminderCron(9)).toBe('0 0 9 * * *');
  });
  it('counts days over month and year ends', () => {
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
  });
  const part = { firstSheetSentOn: '2026-11-20', makerReceiveDate: null, estimatedShipDate: null, shipDate: null, confirmStatus: null };
  it('reminds of an unanswered order once its days have passed since the maker first got the sheet', () => {
    expect(reminderCutoffs('confirm', 2, '2026-11-22')).toEqual({ sentOnOrBefore: '2026-11-20' });
    expect(isReminderDue('confirm', part, 2, '2026-11-21')).toBe(false);
    expect(isReminderDue('confirm', part, 2, '2026-11-22')).toBe(true);
    expect(isReminderDue('confirm', { ...part, makerReceiveDate: '2026-11-21' }, 2, '2026-11-30')).toBe(false);
    // A refusal (no receive date) is an answer all the same.
    expect(isReminderDue('confirm', { ...part, confirmStatus: 3 }, 2, '2026-11-30')).toBe(false);
  });
  it('reminds of a shipment after the estimated ship date, or days after an undecided answer', () => {
    const received = { ...part, makerReceiveDate: '2026-11-21', confirmStatus: 1, estimatedShipDate: '2026-11-25' };
    expect(isReminderDue('ship', received, 3, '2026-11-25')).toBe(false);
    expect(isReminderDue('ship', received, 3, '2026-11-26')).toBe(true);
    expect(isReminderDue('ship', { ...received, shipDate: '2026-11-25' }, 3, '2026-11-30')).toBe(false);
    const undecided = { ...received, confirmStatus: 2, estimatedShipDate: null };
    expect(isReminderDue('ship', undecided, 3, '2026-11-23')).toBe(false);
    expect(isReminderDue('ship', undecided, 3, '2026-11-24')).toBe(true);
    expect(isReminderDue('ship', { ...received, confirmStatus: 3 }, 3, '2026-12-24')).toBe(false);
  });
});
