import { HTTP_URL, INVOICE_REGISTRATION_NUMBER, isMonth, parseDate, timelineIssues } from './settings';

describe('settings rules', () => {
  it('reads dates written Y-m-d or Y/m/d and answers YYYY-MM-DD', () => {
    expect(parseDate('2025-04-01')).toBe('2025-04-01');
    expect(parseDate('2025/4/1')).toBe('2025-04-01');
    expect(parseDate('2024/02/29')).toBe('2024-02-29');
  });

  it('refuses what is not a calendar date', () => {
    for (const text of ['2025-02-29', '2025-13-01', '2025/04-01', '20250401', '2025-04-01T00:00', '', 'tomorrow']) expect(parseDate(text)).toBeNull();
  });

  it('knows a month', () => {
    expect(isMonth('2025-12')).toBe(true);
    expect(isMonth('2025-13')).toBe(false);
    expect(isMonth('2025-00')).toBe(false);
    expect(isMonth('2025/12')).toBe(false);
  });

  it('wants the finish date not before the start date', () => {
    expect(timelineIssues('2025-04-01', '2025-04-01')).toEqual([]);
    expect(timelineIssues('2025-04-02', '2025-04-01')).toEqual([{ field: 'finish_date', errorCode: 'date_after', params: { other: 'start_date' } }]);
  });

  it('checks invoice registration numbers and admin addresses', () => {
    expect(INVOICE_REGISTRATION_NUMBER.test('T9234567890123')).toBe(true);
    expect(INVOICE_REGISTRATION_NUMBER.test('T123456789012')).toBe(false);
    expect(INVOICE_REGISTRATION_NUMBER.test('1234567890123')).toBe(false);
    expect(HTTP_URL.test('https://admin.shop.example.jp/login')).toBe(true);
    expect(HTTP_URL.test('javascript:alert(1)')).toBe(false);
    expect(HTTP_URL.test('ftp://x.example')).toBe(false);
  });
});
