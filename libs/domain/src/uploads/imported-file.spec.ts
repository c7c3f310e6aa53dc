import { ERROR_CATALOGUE } from '../errors/error-catalogue';
import { EarlierImport, FILE_NAME_MAX, fileNameIssue, fileNameKey, reimportIssue, storedFileName } from './imported-file';

describe('file names compared', () => {
  it.each([
    ['products.csv', 'Products.CSV'],
    ['ＳＡＭＰＬＥ.csv', 'ｓａｍｐｌｅ.csv'], // full-width letters have cases too
    ['データ.csv', 'テ\u3099ータ.csv'.normalize('NFD')], // a Mac's decomposed dakuten
    ['Émile.csv', 'E\u0301mile.csv'],
  ])('takes %s and %s as one name (case, NFC)', (a, b) => {
    expect(a).not.toBe(b);
    expect(fileNameKey(a)).toBe(fileNameKey(b));
  });

  it.each([
    ['ABC.csv', 'ＡＢＣ.csv'], // full-width and half-width are names chosen apart
    ['商品①.csv', '商品1.csv'],
    ['商品 .csv', '商品.csv'], // spaces count
    ['商品.csv', '商品.csv.csv'],
  ])('keeps %s and %s apart', (a, b) => {
    expect(fileNameKey(a)).not.toBe(fileNameKey(b));
  });

  it('keeps and compares the first 255 characters, counting an emoji as one', () => {
    const long = `${'😀'.repeat(FILE_NAME_MAX)}.csv`;
    expect(Array.from(storedFileName(long))).toHaveLength(FILE_NAME_MAX);
    expect(storedFileName(long)).toBe('😀'.repeat(FILE_NAME_MAX));
    expect(storedFileName('短い.csv')).toBe('短い.csv');
    expect(fileNameKey(`${'a'.repeat(FILE_NAME_MAX)}1.csv`)).toBe(fileNameKey(`${'A'.repeat(FILE_NAME_MAX)}2.csv`));
    // Lower case can lengthen a name (İ → i̇): the key is cut again.
    expect(Array.from(fileNameKey('İ'.repeat(FILE_NAME_MAX)))).toHaveLength(FILE_NAME_MAX);
  });
});

describe('a file name that cannot be kept', () => {
  it.each(['a\u0000.csv', '改行\n.csv', 'tab\t.csv', 'del\u007f.csv', 'c1\u0085.csv'])('refuses %j (a control character)', (name) => {
    expect(fileNameIssue(name)).toEqual({ field: 'file', errorCode: 'invalid' });
  });

  it.each(['商品.csv', 'my file (1).csv', '😀.csv', 'ｶﾀｶﾅ.csv'])('takes %j', (name) => {
    expect(fileNameIssue(name)).toBeNull();
  });
});

describe('a file imported before', () => {
  const earlier: EarlierImport = { id: '12', fileName: '商品.csv', importedAt: new Date('2026-11-20T01:30:00Z'), importedBy: '山田 花子', sameName: true };

  it('is refused, naming the file, when and by whom, with a code of the catalogue (422)', () => {
    expect(reimportIssue(earlier, { confirmed: false, confirmedOver: null })).toEqual({
      field: 'file',
      errorCode: 'NAL-UPL-001',
      params: { file_name: '商品.csv', imported_at: '2026-11-20T01:30:00.000Z', imported_by: '山田 花子' },
    });
    expect(reimportIssue({ ...earlier, sameName: false }, { confirmed: false, confirmedOver: null })?.errorCode).toBe('NAL-UPL-002');
    expect(ERROR_CATALOGUE['NAL-UPL-001'].status).toBe(422);
    expect(ERROR_CATALOGUE['NAL-UPL-002'].status).toBe(422);
  });

  it('passes when nothing was imported, or staff confirmed a re-import', () => {
    expect(reimportIssue(null, { confirmed: false, confirmedOver: null })).toBeNull();
    expect(reimportIssue(earlier, { confirmed: true, confirmedOver: null })).toBeNull();
  });

  it('passes an import staff confirmed over already, but not one recorded since (two uploads of one name, both applied)', () => {
    expect(reimportIssue(earlier, { confirmed: false, confirmedOver: '12' })).toBeNull();
    expect(reimportIssue(earlier, { confirmed: false, confirmedOver: '9' })?.errorCode).toBe('NAL-UPL-001');
    // Ids compare as numbers, not text.
    expect(reimportIssue({ ...earlier, id: '100' }, { confirmed: false, confirmedOver: '99' })?.errorCode).toBe('NAL-UPL-001');
    expect(reimportIssue({ ...earlier, id: '99' }, { confirmed: false, confirmedOver: '100' })).toBeNull();
  });
});
