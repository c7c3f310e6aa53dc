import { addBusinessDays, closingDays, DEFAULT_YEAR_END_CLOSING, isBusinessDay, isClosedForYearEnd, isMonthDay, NO_CLOSING, yearEndClosingIssues } from './business-days';

describe('business days (Japan)', () => {
  it.each([
    ['2026-11-27', true], // a Friday
    ['2026-11-28', false], // Saturday
    ['2026-11-29', false], // Sunday
    ['2026-11-23', false], // 勤労感謝の日, a Monday
    ['2026-05-06', false], // こどもの日 振替休日: 5 May... and 3 May fell on a Sunday
    ['2025-11-24', false], // 振替休日 for 23 November 2025, a Sunday
    ['2026-09-22', false], // 国民の休日 between 敬老の日 and 秋分の日
    ['2026-01-02', true], // no national holiday, and no closing given
  ])('%s is a business day: %s', (date, expected) => {
    expect(isBusinessDay(date, NO_CLOSING)).toBe(expected);
  });

  it('skips Golden Week: from Tuesday 28 April 2026, the 3rd and 4th business days are 7 and 8 May', () => {
    expect([1, 2, 3, 4].map((n) => addBusinessDays('2026-04-28', n))).toEqual(['2026-04-30', '2026-05-01', '2026-05-07', '2026-05-08']);
  });

  it('skips the New Year: the shop closes 29 December to 3 January, 1 January is a holiday too', () => {
    expect([1, 2, 3, 4].map((n) => addBusinessDays('2026-12-25', n, DEFAULT_YEAR_END_CLOSING))).toEqual(['2026-12-28', '2027-01-04', '2027-01-05', '2027-01-06']);
    // Without the closing, only 1 January (元日) and the weekend are skipped.
    expect([1, 2, 3, 4].map((n) => addBusinessDays('2026-12-25', n, NO_CLOSING))).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31']);
  });

  it('skips a substitute holiday: from Friday 21 November 2025, Monday 24 (振替休日) does not count', () => {
    expect(addBusinessDays('2025-11-21', 1)).toBe('2025-11-25');
  });

  it('reads a closing that crosses the year end, or lies within one year', () => {
    expect(['12-28', '12-29', '12-31', '01-01', '01-03', '01-04'].map((d) => isClosedForYearEnd(`2026-${d}`, DEFAULT_YEAR_END_CLOSING))).toEqual([false, true, true, true, true, false]);
    expect(isClosedForYearEnd('2026-08-14', { from: '08-13', to: '08-16' })).toBe(true);
    expect(isClosedForYearEnd('2026-08-17', { from: '08-13', to: '08-16' })).toBe(false);
    expect(isClosedForYearEnd('2026-12-30', { from: null, to: '01-03' })).toBe(false);
  });

  it.each([['12-29', true], ['02-29', true], ['02-30', false], ['13-01', false], ['1-3', false], ['04-31', false]])('%s is a day of the year: %s', (text, expected) => {
    expect(isMonthDay(text)).toBe(expected);
  });
});

describe('the year-end closing the settings hold', () => {
  it.each([
    [{ from: '12-29', to: '01-03' }, 6, []],
    [{ from: '12-01', to: '12-31' }, 31, []],
    [{ from: '12-01', to: '01-01' }, 32, [{ field: 'year_end_closed_to', errorCode: 'max', params: { max: 31 } }]],
    // A range written backwards is nearly a year.
    [{ from: '01-03', to: '12-29' }, 362, [{ field: 'year_end_closed_to', errorCode: 'max', params: { max: 31 } }]],
    [{ from: '01-02', to: '01-01' }, 366, [{ field: 'year_end_closed_to', errorCode: 'max', params: { max: 31 } }]],
    [{ from: '12-29', to: null }, 0, [{ field: 'year_end_closed_to', errorCode: 'required' }]],
    [{ from: null, to: '01-03' }, 0, [{ field: 'year_end_closed_from', errorCode: 'required' }]],
    [{ from: null, to: null }, 0, []],
  ])('%o lasts %i days', (closing, days, issues) => {
    expect(closingDays(closing)).toBe(days);
    expect(yearEndClosingIssues(closing)).toEqual(issues);
  });

  it('never loops for ever on a closing that leaves no business day', () => {
    expect(() => addBusinessDays('2026-06-01', 4, { from: '01-01', to: '12-31' })).toThrow(/no business day/);
  });
});
