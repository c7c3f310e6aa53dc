import { dateToWareki, parseWarekiDate, warekiToDate } from './wareki';

describe('warekiToDate: 全銀 YYMMDD, the era inferred', () => {
  const today = '2026-11-24';

  it.each([
    ['081124', '2026-11-24', '令和8年: this year'],
    ['010501', '2019-05-01', '令和元年: the first day of Reiwa'],
    ['310430', '2019-04-30', '平成31年: the last day of Heisei (令和31年 would be 2049, decades ahead)'],
    ['010430', '1989-04-30', '平成元年: Reiwa had not begun on 4月30日 of its first year'],
    ['300101', '2018-01-01', '平成30年: 令和30年 is 2048'],
    ['090101', '2027-01-01', '令和9年: a value date a little ahead of today is still this era'],
    ['640107', '1989-01-07', '昭和64年: its last day (Heisei had no 64th year)'],
    ['010108', '1989-01-08', '平成元年: its first day'],
  ])('%s is %s (%s)', (yymmdd, date) => {
    expect(warekiToDate(yymmdd, today)).toBe(date);
  });

  it.each([
    ['080230', 'no 30 February'],
    ['080229', 'no 29 February in 令和8年 (2026): not read as 平成8年 (1996), which had one'],
    ['310501', 'Heisei had ended on 4月30日 of its 31st year'],
    ['081301', 'no 13th month'],
    ['080000', 'no day 0'],
    ['000101', 'no year 0 in any era'],
    ['640108', 'the 8th of 昭和64年 was 平成元年 already'],
    ['650101', 'neither Reiwa (too far ahead) nor Heisei nor Showa had a 65th year'],
    ['08112', 'five digits'],
    ['08 124', 'a space'],
    ['０８１１２４', 'full-width digits are not what 全銀 writes'],
  ])('refuses %s (%s)', (yymmdd) => {
    expect(warekiToDate(yymmdd, today)).toBeNull();
  });

  it('reads the same digits as another era when today moves: the newest era not far ahead of today', () => {
    expect(warekiToDate('300101', '2026-11-24')).toBe('2018-01-01');
    expect(warekiToDate('300101', '2047-06-01')).toBe('2048-01-01');
    // 令和2年 read in Heisei's last year would be a year and more ahead: 平成2年.
    expect(warekiToDate('020601', '2019-04-01')).toBe('1990-06-01');
  });

  it('knows the leap days of each era', () => {
    expect(warekiToDate('060229', today)).toBe('2024-02-29');
    expect(warekiToDate('200229', today)).toBe('2008-02-29'); // 平成20年
  });
});

describe('dateToWareki: the writer side', () => {
  it.each([
    ['2026-11-24', '081124'],
    ['2019-05-01', '010501'],
    ['2019-04-30', '310430'],
    ['1989-01-08', '010108'],
    ['1989-01-07', '640107'],
  ])('%s is written %s and read back', (date, yymmdd) => {
    expect(dateToWareki(date)).toBe(yymmdd);
    expect(warekiToDate(yymmdd, '2026-11-24')).toBe(date);
  });

  it('refuses what is no date of a known era', () => {
    expect(() => dateToWareki('1926-12-24')).toThrow(RangeError);
    expect(() => dateToWareki('2026-02-30')).toThrow(RangeError);
  });
});

describe('parseWarekiDate: a date written with its era', () => {
  it.each([
    ['R8.11.24', '2026-11-24'],
    ['r8/11/24', '2026-11-24'],
    ['H31.4.30', '2019-04-30'],
    ['令和8年11月24日', '2026-11-24'],
    ['令和元年5月1日', '2019-05-01'],
    ['令和 ８年 １１月 ２４日', '2026-11-24'],
    ['S64.1.7', '1989-01-07'],
  ])('%s is %s', (text, date) => {
    expect(parseWarekiDate(text)).toBe(date);
  });

  it.each(['H31.5.1', 'R1.4.30', 'R0.1.1', 'R8.2.30', '8.11.24', 'M45.1.1', '2026/11/24', ''])('refuses %s', (text) => {
    expect(parseWarekiDate(text)).toBeNull();
  });
});
