import { ERROR_CATALOGUE, ERROR_CODES, isErrorCode } from './error-catalogue';

describe('error catalogue', () => {
  it('names every code in a SPEC.md §8 family shape', () => {
    for (const code of ERROR_CODES) expect(code).toMatch(/^NAL(-|_)[A-Z]*-?[0-9]{2,3}$|^NAL-[0-9]{3}$/);
  });
  it('gives every code an English message and a status of the wire contract', () => {
    for (const code of ERROR_CODES) {
      expect(ERROR_CATALOGUE[code].message.length).toBeGreaterThan(5);
      expect([400, 401, 403, 404, 409, 413, 422, 429, 500, 503]).toContain(ERROR_CATALOGUE[code].status);
    }
  });
  it('knows its own codes and no others', () => {
    expect(isErrorCode('NAL-LO-01')).toBe(true);
    expect(isErrorCode('NAL-LO-99')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
