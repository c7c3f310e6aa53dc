import { isValidInvoiceRegistrationNumber, registrationCheckDigit } from './registration-number';

describe('isValidInvoiceRegistrationNumber: T and 13 digits, the first a check digit (法人番号 rule)', () => {
  it.each([
    'T7000012050002', // 国税庁's own
    'T9234567890123',
    'T8000000000001',
    'T9010401012345',
    'T5011001099999',
    'T7123456789012',
  ])('accepts %s', (number) => {
    expect(isValidInvoiceRegistrationNumber(number)).toBe(true);
  });

  it.each([
    ['T1234567890123', 'wrong check digit (9 expected)'],
    ['T0000000000001', 'wrong check digit (8 expected)'],
    ['T6000012050002', 'one off'],
    ['T700001205000', '12 digits'],
    ['T70000120500021', '14 digits'],
    ['7000012050002', 'no T'],
    ['t7000012050002', 'lower-case t'],
    ['T７000012050002', 'a full-width digit'],
    ['', 'empty'],
  ])('refuses %s (%s)', (number) => {
    expect(isValidInvoiceRegistrationNumber(number)).toBe(false);
  });

  it('the check digit is 9 − (Σ Pn × Qn mod 9), counted from the last base digit', () => {
    // 000012050002: from the last, P1=2, P5=5, P7=2, P8=1 → 2 + 5 + 2 + 1×2 = 11; 9 − 11 mod 9 = 7.
    expect(registrationCheckDigit('000012050002')).toBe(7);
    // A sum that is a multiple of 9 gives 9, never 0.
    expect(registrationCheckDigit('234567890123')).toBe(9);
  });
});
