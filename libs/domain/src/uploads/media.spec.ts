import { acceptedMediaType, contentMatchesType, MEDIA_MAX_KB, mediaKindOf, mediaMaxBytes, safeMediaFileName, sniffMediaType, SniffedFormat } from './media';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? Array.from(Buffer.from(p, 'latin1')) : p)));
const utf8 = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
// 見積,金額 in Shift_JIS (CP932).
const SJIS_CSV = bytes([0x8c, 0xa9, 0x90, 0xcf], ',', [0x8b, 0xe0, 0x8a, 0x7a], '\r\n1,1000\r\n');

describe('sniffMediaType', () => {
  const cases: [string, Uint8Array, SniffedFormat | null][] = [
    ['PNG', bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13], 'IHDR'), 'png'],
    ['JPEG (JFIF)', bytes([0xff, 0xd8, 0xff, 0xe0, 0, 0x10], 'JFIF'), 'jpeg'],
    ['JPEG (Exif)', bytes([0xff, 0xd8, 0xff, 0xe1]), 'jpeg'],
    ['GIF87a', bytes('GIF87a', [1, 0, 1, 0]), 'gif'],
    ['GIF89a', bytes('GIF89a', [1, 0, 1, 0]), 'gif'],
    ['WebP', bytes('RIFF', [0x24, 0, 0, 0], 'WEBPVP8 '), 'webp'],
    ['RIFF that is not WebP (WAV)', bytes('RIFF', [0x24, 0, 0, 0], 'WAVEfmt '), null],
    ['PDF', bytes('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n'), 'pdf'],
    ['PDF with a line before its header', bytes('garbage line\n%PDF-1.4\n', [0, 1, 2]), 'pdf'],
    ['PDF header past the first 1024 bytes', bytes([...Array(1100).fill(0)], '%PDF-1.4'), null],
    ['xlsx/docx (zip)', bytes([0x50, 0x4b, 0x03, 0x04, 0x14, 0, 6, 0]), 'zip'],
    ['empty zip (not an office file)', bytes([0x50, 0x4b, 0x05, 0x06]), null],
    ['xls/doc (OLE)', bytes([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0]), 'ole'],
    ['UTF-8 CSV', utf8('氏名,金額\r\n山田,1000\r\n'), 'text'],
    ['UTF-8 CSV with BOM', utf8('\ufeff氏名,金額\n'), 'text'],
    ['Shift_JIS CSV', SJIS_CSV, 'text'],
    ['ASCII with tabs and a DOS end-of-file mark', bytes('a\tb\r\n\x1a'), 'text'],
    ['text with a NUL', bytes('a,b\n', [0], 'c'), null],
    ['UTF-16LE text (NULs)', new Uint8Array(Buffer.from('\ufeffa,b', 'utf16le')), null],
    ['text with an escape character', bytes('a\x1b[31m'), null],
    ['binary noise', bytes([0x00, 0x9a, 0xff, 0x10, 0x80]), null],
    ['bytes neither UTF-8 nor Shift_JIS', bytes('a', [0x80, 0x80], 'b'), null],
    ['an ELF executable', bytes([0x7f], 'ELF', [2, 1, 1]), null],
    ['HTML is text (a CSV must be text; its columns are the importer\'s business)', utf8('<html><script>alert(1)</script>'), 'text'],
    ['nothing', new Uint8Array(0), null],
  ];

  it.each(cases)('%s', (_name, head, expected) => {
    expect(sniffMediaType(head)).toBe(expected);
  });

  it('takes a prefix cut inside a character as text, but not a whole file that ends so', () => {
    // Cut inside a four-byte character (whose first three bytes are no Shift_JIS either).
    const cutUtf8 = utf8('a,😀').slice(0, -1);
    expect(sniffMediaType(cutUtf8)).toBe('text');
    expect(sniffMediaType(cutUtf8, { whole: true })).toBeNull();
    const cutSjis = SJIS_CSV.slice(0, 3);
    expect(sniffMediaType(cutSjis)).toBe('text');
    expect(sniffMediaType(cutSjis, { whole: true })).toBeNull();
  });
});

describe('accepted types and kinds', () => {
  it.each([
    ['image/png', 'a.png', 'image/png', 'image'],
    ['IMAGE/JPEG', 'a.jpg', 'image/jpeg', 'image'],
    ['image/jpg', 'a.jpg', 'image/jpeg', 'image'],
    ['image/webp', 'a.webp', 'image/webp', 'image'],
    ['image/gif', 'a.gif', 'image/gif', 'image'],
    ['application/pdf', 'a.pdf', 'application/pdf', 'document'],
    ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'a.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', 'document'],
    ['application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'a.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'document'],
    ['application/vnd.ms-excel', 'a.xls', 'application/vnd.ms-excel', 'document'],
    ['application/vnd.ms-excel', '見積.CSV', 'text/csv', 'document'],
    ['application/msword', 'a.doc', 'application/msword', 'document'],
    ['text/csv; charset=shift_jis', 'a.csv', 'text/csv', 'document'],
    ['text/comma-separated-values', 'a.csv', 'text/csv', 'document'],
  ])('%s (%s) is %s, a %s', (declared, name, type, kind) => {
    expect(acceptedMediaType(declared, name)).toBe(type);
    expect(mediaKindOf(type)).toBe(kind);
  });

  it.each(['', 'text/html', 'image/svg+xml', 'application/octet-stream', 'application/zip', 'text/plain', 'application/x-msdownload', 'constructor', '__proto__'])('refuses %j', (declared) => {
    expect(acceptedMediaType(declared, 'a.png')).toBeNull();
    expect(mediaKindOf(declared)).toBeNull();
  });

  it('limits images to 2 MB and documents to 10 MB', () => {
    expect(MEDIA_MAX_KB).toEqual({ image: 2048, document: 10240 });
    expect(mediaMaxBytes('image')).toBe(2 * 1024 * 1024);
    expect(mediaMaxBytes('document')).toBe(10 * 1024 * 1024);
  });

  it('matches content against the declared type, not the name', () => {
    const pdf = bytes('%PDF-1.7\n');
    expect(contentMatchesType(pdf, 'application/pdf')).toBe(true);
    expect(contentMatchesType(pdf, 'image/png')).toBe(false);
    expect(contentMatchesType(utf8('a,b\n'), 'text/csv; charset=utf-8')).toBe(true);
    expect(contentMatchesType(utf8('a,b\n'), 'application/pdf')).toBe(false);
    expect(contentMatchesType(pdf, 'text/html')).toBe(false);
  });
});

describe('safeMediaFileName', () => {
  it.each([
    ['見積書 2025年4月.pdf', '見積書 2025年4月.pdf'],
    ['../../etc/passwd', '_.._etc_passwd'],
    ['a\\b:c*d?e"f<g>h|i.png', 'a_b_c_d_e_f_g_h_i.png'],
    ['  .hidden.png', 'hidden.png'],
    ['a\u0000b\nc.csv', 'abc.csv'],
    ['...', 'file'],
    ['', 'file'],
    ['x.meta.json', 'x.meta.json_'],
    // NFD (a Mac's) becomes NFC.
    ['\u30c6\u3099\u30fc\u30bf.csv', 'データ.csv'],
  ])('%j → %j', (name, safe) => {
    expect(safeMediaFileName(name)).toBe(safe);
  });

  it('cuts a long name to 180 bytes, keeping its extension and whole characters', () => {
    const safe = safeMediaFileName(`${'あ'.repeat(100)}.xlsx`);
    expect(Buffer.byteLength(safe)).toBeLessThanOrEqual(180);
    expect(safe).toBe(`${'あ'.repeat(58)}.xlsx`);
  });
});
