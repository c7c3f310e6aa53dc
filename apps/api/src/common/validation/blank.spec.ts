import { blankOrMissingToNull, blankToNull, given } from './blank';

describe('blank optional fields', () => {
  it('blankToNull: clears on blank, keeps a field left out as undefined and a value as it is', () => {
    expect(blankToNull('')).toBeNull();
    expect(blankToNull(null)).toBeNull();
    expect(blankToNull(undefined)).toBeUndefined();
    expect(blankToNull('03-1234-5678')).toBe('03-1234-5678');
    // Not trimmed here: the Text rule has trimmed already, and a value is stored as the rules left it.
    expect(blankToNull(' a ')).toBe(' a ');
  });

  it('blankOrMissingToNull: blank, null and a field left out are all null; a value is kept', () => {
    expect(blankOrMissingToNull('')).toBeNull();
    expect(blankOrMissingToNull(null)).toBeNull();
    expect(blankOrMissingToNull(undefined)).toBeNull();
    expect(blankOrMissingToNull('memo')).toBe('memo');
    expect(blankOrMissingToNull('0')).toBe('0');
  });

  it('given: keeps the keys the body gave, null (a clear) included', () => {
    expect(given({ name: 'x', memo: null, fax: undefined })).toEqual({ name: 'x', memo: null });
    expect(Object.keys(given({ a: undefined }))).toEqual([]);
  });
});
