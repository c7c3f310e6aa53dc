import { ORDER_NO, parseDepositDate, parseYen } from './deposit-file';

describe('parseDepositDate: the dates bank CSVs write', () => {
  it.each([
    ['2026-11-24', '2026-11-24'],
    ['2026/11/24', '2026-11-24'],
    ['2026/1/5', '2026-01-05'],
    ['2026.11.24', '2026-11-24'],
    ['20261124', '2026-11-24'],
    ['2026年11月24日', '2026-11-24'],
    ['２０２６／１１／２４', '2026-11-24'],
    ['2026/11/24 10:15', '2026-11-24'],
    ['2026-11-24 10:15:30', '2026-11-24'],
    [' 2026/11/24 ', '2026-11-24'],
    ['R8.11.24', '2026-11-24'],
    ['令和8年11月24日', '2026-11-24'],
  ])('%j is %s', (text, date) => {
    expect(parseDepositDate(text)).toBe(date);
  });

  it.each(['2026-02-30', '20261324', '2026/11', '24/11/2026', '081124', '2026-11-24T10:15Z', 'tomorrow', ''])('refuses %j', (text) => {
    expect(parseDepositDate(text)).toBeNull();
  });
});

describe('parseYen: amounts as written', () => {
  it.each([
    ['12345', 12345],
    ['12,345', 12345],
    ['¥12,345', 12345],
    ['￥12,345', 12345],
    ['12,345円', 12345],
    ['１２，３４５', 12345],
    ['+12,345', 12345],
    ['-1,100', -1100],
    ['-¥1,100', -1100],
    ['12345.00', 12345],
    [' 500 ', 500],
    ['0', 0],
  ])('%j is %d', (text, yen) => {
    expect(parseYen(text)).toBe(yen);
  });

  it.each(['', '12.5', '1,2a', 'abc', '--5', '1e5', '1234567890123456'])('refuses %j', (text) => {
    expect(parseYen(text)).toBeNull();
  });
});

describe('ORDER_NO', () => {
  it('is the date, a hyphen and a running number of 7 to 11 digits', () => {
    expect(ORDER_NO.test('20261124-0000123')).toBe(true);
    expect(ORDER_NO.test('20261124-12345678901')).toBe(true);
    for (const text of ['202611240000123', '20261124-123456', '2026112-0000123', ' 20261124-0000123', '20261124-123456789012']) expect(ORDER_NO.test(text)).toBe(false);
  });
});
