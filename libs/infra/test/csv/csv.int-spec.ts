import iconv from 'iconv-lite';
import { Readable, Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  checkCsvUpload,
  createCsvStream,
  CsvEncoding,
  CsvHeaderReader,
  CSV_LIMITS,
  decodeCsv,
  neutraliseFormula,
  parseCsv,
  readCsv,
  readCsvHeader,
  toCsv,
  unneutraliseFormula,
} from '../../src/csv';

// Pure tests: the CSV building blocks need no database, but live with the infra integration tests.

const columns = [
  { header: '商品コード', key: 'code' },
  { header: '商品名', key: 'name' },
] as const;

const japanese = '商品コード,商品名\nA-1,ｶﾀｶﾅと漢字の商品「特選」\n';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('decodeCsv', () => {
  it('reads UTF-8 with a BOM, UTF-8 without one and Shift_JIS (CP932) as the same text', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(japanese, 'utf8')]);
    const withoutBom = Buffer.from(japanese, 'utf8');
    const shiftJis = iconv.encode(japanese, 'cp932');

    expect(decodeCsv(withBom)).toEqual({ text: japanese, encoding: 'utf-8' });
    expect(decodeCsv(withoutBom)).toEqual({ text: japanese, encoding: 'utf-8' });
    expect(decodeCsv(shiftJis)).toEqual({ text: japanese, encoding: 'shift_jis' });
  });

  it('reads the CP932 extensions (NEC and IBM characters) that plain Shift_JIS lacks', () => {
    const text = '①髙～\n';
    expect(decodeCsv(iconv.encode(text, 'cp932')).text).toBe(text);
  });
});

describe('checkCsvUpload', () => {
  it.each([
    ['商品.csv', 100, null],
    ['PRODUCTS.CSV', 100, null],
    ['products.xlsx', 100, 'file_format_invalid'],
    ['products.csv.txt', 100, 'file_format_invalid'],
    ['csv', 100, 'file_format_invalid'],
    ['products.csv', 10 * 1024 * 1024, null],
    ['products.csv', 10 * 1024 * 1024 + 1, 'file_size_too_large'],
  ])('%s of %i bytes → %s', (originalName, size, expected) => {
    expect(checkCsvUpload({ originalName, size })).toBe(expected);
  });

  it('takes another limit', () => {
    expect(checkCsvUpload({ originalName: 'a.csv', size: 11, maxBytes: 10 })).toBe('file_size_too_large');
  });
});

describe('parseCsv', () => {
  it('reads every encoding into the same rows, with the header as line 1', () => {
    for (const bytes of [Buffer.from(`\ufeff${japanese}`, 'utf8'), Buffer.from(japanese), iconv.encode(japanese, 'cp932')]) {
      const parsed = parseCsv(bytes, { columns });
      expect(parsed.headerIssues).toEqual([]);
      expect(parsed.rowIssues).toEqual([]);
      expect(parsed.rows).toEqual([{ line: 2, values: { code: 'A-1', name: 'ｶﾀｶﾅと漢字の商品「特選」' }, cells: ['A-1', 'ｶﾀｶﾅと漢字の商品「特選」'] }]);
    }
  });

  it('maps columns by header name, whatever their order', () => {
    const parsed = parseCsv(Buffer.from('商品名,商品コード\r\n特選茶,T-9\r\n'), { columns });
    expect(parsed.rows).toEqual([{ line: 2, values: { code: 'T-9', name: '特選茶' }, cells: ['特選茶', 'T-9'] }]);
  });

  it('reports missing, unknown and repeated headers, and returns no rows then', () => {
    expect(parseCsv(Buffer.from('商品コード,価格\nA-1,100\n'), { columns })).toEqual({
      encoding: 'utf-8',
      rows: [],
      headerIssues: [
        { column: '価格', errorCode: 'invalid' },
        { column: '商品名', errorCode: 'required' },
      ],
      rowIssues: [],
    });
    expect(parseCsv(Buffer.from('商品コード,商品名,商品名\nA-1,a,b\n'), { columns }).headerIssues).toEqual([
      { column: '商品名', errorCode: 'invalid' },
    ]);
  });

  it('reports every column as required in an empty file', () => {
    expect(parseCsv(Buffer.alloc(0), { columns }).headerIssues).toEqual([
      { column: '商品コード', errorCode: 'required' },
      { column: '商品名', errorCode: 'required' },
    ]);
  });

  it('keeps values exactly: quoted commas, quotes, line breaks and surrounding spaces', () => {
    const csv = '商品コード,商品名\r\n" A-1 ","茶, ""特選""\r\n二行目"\r\n';
    expect(parseCsv(Buffer.from(csv), { columns }).rows).toEqual([
      { line: 2, values: { code: ' A-1 ', name: '茶, "特選"\r\n二行目' }, cells: [' A-1 ', '茶, "特選"\r\n二行目'] },
    ]);
  });

  it('counts lines as a spreadsheet shows rows: a multi-line cell is one row, a blank line is one row', () => {
    const csv = [
      '商品コード,商品名', // 1
      'A-1,"三行に', //       2 (one record over three lines)
      'わたる',
      '商品名"',
      '', //                  3 (blank: skipped but counted)
      'A-2,普通', //          4
      ',', //                 5 (cleared row: skipped)
      'A-3,最後', //          6
    ].join('\n');
    const parsed = parseCsv(Buffer.from(csv), { columns });
    expect(parsed.rowIssues).toEqual([]);
    expect(parsed.rows.map((row) => [row.line, row.values.code])).toEqual([
      [2, 'A-1'],
      [4, 'A-2'],
      [6, 'A-3'],
    ]);
  });

  it('reads CRLF, LF and CR line endings, even mixed, without leaving a CR in a value', () => {
    const parsed = parseCsv(Buffer.from('商品コード,商品名\r\nA-1,一\nA-2,"二\n"\rA-3,三\r\n'), { columns });
    expect(parsed.rows.map((row) => row.values)).toEqual([
      { code: 'A-1', name: '一' },
      { code: 'A-2', name: '二\n' },
      { code: 'A-3', name: '三' },
    ]);
  });

  it('reports every row with the wrong number of cells by line, and reads the others', () => {
    const csv = '商品コード,商品名\nA-1,"二\n行"\nA-2\nA-3,三\nA-4,四,余分\n';
    const parsed = parseCsv(Buffer.from(csv), { columns });
    expect(parsed.rowIssues).toEqual([
      { line: 3, column: '*', errorCode: 'invalid', params: { cells: 1, expected: 2 }, cells: ['A-2'] },
      { line: 5, column: '*', errorCode: 'invalid', params: { cells: 3, expected: 2 }, cells: ['A-4', '四', '余分'] },
    ]);
    expect(parsed.rows.map((row) => [row.line, row.values.code])).toEqual([
      [2, 'A-1'],
      [4, 'A-3'],
    ]);
  });

  it('reports a quoting error on its row instead of throwing', () => {
    const unclosed = parseCsv(Buffer.from('商品コード,商品名\nA-1,一\nA-2,"閉じない\nA-3,三\n'), { columns });
    expect(unclosed.rows.map((row) => row.line)).toEqual([2]);
    expect(unclosed.rowIssues).toEqual([{ line: 3, column: '*', errorCode: 'invalid' }]);

    const stray = parseCsv(Buffer.from('商品コード,商品名\n\nA-1,"一"x\n'), { columns });
    expect(stray.rowIssues).toEqual([{ line: 3, column: '*', errorCode: 'invalid' }]);
  });

  it('lets a header hook name the columns: lines above the header skipped, other columns ignored, its issues kept', () => {
    const seen: number[] = [];
    const readHeader: CsvHeaderReader<'code' | 'name'> = (cells, line) => {
      seen.push(line);
      if (!cells.includes('品名')) return null;
      const keys = cells.map((cell) => (cell === 'コード' ? 'code' : cell === '品名' ? 'name' : undefined));
      return { keys, issues: keys.includes('code') ? [] : [{ column: 'コード', errorCode: 'required' }] };
    };
    const parsed = parseCsv(Buffer.from('出力日,2026-11-24\n\nコード,メモ,品名\nA-1,x,一\n'), { columns, readHeader });
    expect(seen).toEqual([1, 3]);
    expect(parsed.headerIssues).toEqual([]);
    expect(parsed.rows).toEqual([{ line: 4, values: { code: 'A-1', name: '一' }, cells: ['A-1', 'x', '一'] }]);

    const refused = parseCsv(Buffer.from('メモ,品名\nx,一\n'), { columns, readHeader });
    expect(refused).toEqual(expect.objectContaining({ rows: [], headerIssues: [{ column: 'コード', errorCode: 'required' }] }));
  });
});

describe('limits: a hostile file costs what a normal one does', () => {
  it('refuses a header longer than its limit as one issue, without reading its cells', () => {
    const wide = Buffer.from(`${'a,'.repeat(4_900_000)}\n`); // 9.8 MB, four million cells
    const parsed = parseCsv(wide, { columns });
    expect(parsed.headerIssues).toEqual([{ column: '*', errorCode: 'max_length', params: { max: CSV_LIMITS.headerBytes } }]);
    expect(parsed.rows).toEqual([]);
    // Empty cells count too (csv-parse's own record limit counts only the characters of the cells).
    expect(parseCsv(Buffer.from(','.repeat(100_000)), { columns }).headerIssues).toEqual([{ column: '*', errorCode: 'max_length', params: { max: CSV_LIMITS.headerBytes } }]);
    expect(readCsvHeader(wide, { columns }).headerIssues).toEqual([{ column: '*', errorCode: 'max_length', params: { max: CSV_LIMITS.headerBytes } }]);
  });

  it('refuses a header of too many cells, naming the count', () => {
    const header = Array.from({ length: 300 }, (_, i) => `c${i}`).join(',');
    expect(parseCsv(Buffer.from(`${header}\nA-1,x\n`), { columns }).headerIssues).toEqual([{ column: '*', errorCode: 'invalid', params: { cells: 300, max: CSV_LIMITS.headerCells } }]);
  });

  it('stops at a record longer than its limit, on its line, keeping the rows before it', () => {
    const csv = `商品コード,商品名\r\nA-1,一\r\n\r\nA-2,"${'長'.repeat(30_000)}\r\n${'い'.repeat(30_000)}"\r\nA-3,三\r\n`;
    for (const sliceBytes of [7, 1000, 64 * 1024]) {
      const parsed = parseCsv(Buffer.from(csv), { columns, sliceBytes });
      expect(parsed.rows.map((r) => r.line)).toEqual([2]);
      expect(parsed.rowIssues).toEqual([{ line: 4, column: '*', errorCode: 'max_length', params: { max: CSV_LIMITS.recordBytes } }]);
    }
    expect(parseCsv(Buffer.from('商品コード,商品名\nA-1,一二三四五\nA-2,二\n'), { columns, limits: { recordBytes: 8 } }).rowIssues).toEqual([
      { line: 2, column: '*', errorCode: 'max_length', params: { max: 8 } },
    ]);
  });
});

describe('readCsv and readCsvHeader', () => {
  const rows = Array.from({ length: 3000 }, (_, i) => `P-${i},"商品 ${i}${i % 7 === 0 ? '\r\n二行目' : ''}"`);
  const text = `商品コード,商品名\r\n${rows.join('\r\n')}\r\nbad\r\n`;

  it.each<CsvEncoding>(['utf-8', 'shift_jis'])('gives the rows of parseCsv in batches, slice by slice (%s)', async (encoding) => {
    const bytes = encoding === 'utf-8' ? Buffer.from(text) : iconv.encode(text, 'cp932');
    const reading = readCsv(bytes, { columns, sliceBytes: 4096 });
    expect(reading.encoding).toBe(encoding);
    const batches = [];
    for await (const batch of reading) batches.push(batch);
    expect(batches.length).toBeGreaterThan(10);
    expect(batches.at(-1)?.bytesRead).toBe(bytes.length);
    const parsed = parseCsv(bytes, { columns });
    expect(batches.flatMap((b) => b.rows)).toEqual(parsed.rows);
    expect(batches.flatMap((b) => b.rowIssues)).toEqual([{ line: 3002, column: '*', errorCode: 'invalid', params: { cells: 1, expected: 2 }, cells: ['bad'] }]);
    expect(reading.headerIssues).toEqual([]);
  });

  it('lets the event loop run between slices', async () => {
    let turns = 0;
    const timer = setInterval(() => turns++, 0);
    for await (const batch of readCsv(Buffer.from(text), { columns, sliceBytes: 2048 })) void batch;
    clearInterval(timer);
    expect(turns).toBeGreaterThan(5);
  });

  it('reports header issues and no rows', async () => {
    const reading = readCsv(Buffer.from('商品コード,価格\nA-1,100\n'), { columns });
    const batches = [];
    for await (const batch of reading) batches.push(batch);
    expect(batches).toEqual([]);
    expect(reading.headerIssues).toEqual([
      { column: '価格', errorCode: 'invalid' },
      { column: '商品名', errorCode: 'required' },
    ]);
  });

  it('reads the header from the first bytes of any encoding', () => {
    const sjis = iconv.encode(`商品名,商品コード\r\n${'長い行,'.repeat(5000)}\r\n`, 'cp932');
    expect(readCsvHeader(sjis, { columns })).toEqual({ encoding: 'shift_jis', headerIssues: [] });
    expect(readCsvHeader(Buffer.from('\ufeff商品コード\n'), { columns })).toEqual({ encoding: 'utf-8', headerIssues: [{ column: '商品名', errorCode: 'required' }] });
    expect(readCsvHeader(Buffer.alloc(0), { columns }).headerIssues).toEqual([
      { column: '商品コード', errorCode: 'required' },
      { column: '商品名', errorCode: 'required' },
    ]);
    // A UTF-8 file whose first 8 KB end inside a character is still UTF-8.
    const utf8 = Buffer.from(`商品コード,商品名\n${'あ'.repeat(10_000)}\n`);
    expect(readCsvHeader(utf8, { columns })).toEqual({ encoding: 'utf-8', headerIssues: [] });
  });
});

describe('formula neutralisation', () => {
  it.each([
    ['=SUM(A1)', "'=SUM(A1)"],
    ['+81-3-1234-5678', "'+81-3-1234-5678"],
    ['-1', "'-1"],
    ['@cmd', "'@cmd"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["'=already", "''=already"],
    // Japanese Excel runs the full-width twins typed with a Japanese input method too.
    ['＝SUM(A1)', "'＝SUM(A1)"],
    ['＋81', "'＋81"],
    ['－1', "'－1"],
    ['＠cmd', "'＠cmd"],
    ["'＝already", "''＝already"],
    ['A=B', 'A=B'],
    ['Ａ＝Ｂ', 'Ａ＝Ｂ'],
    ["it's", "it's"],
    ['', ''],
  ])('%j → %j and back', (value, written) => {
    expect(neutraliseFormula(value)).toBe(written);
    expect(unneutraliseFormula(written)).toBe(value);
  });

  it('leaves numbers alone and neutralises strings in a written file', async () => {
    const bytes = await readAll(
      toCsv(
        [
          { code: '=SUM(A1)', name: -1 },
          { code: '-1', name: null },
        ],
        { columns },
      ),
    );
    expect(bytes.toString('utf8')).toBe("\ufeff商品コード,商品名\r\n'=SUM(A1),-1\r\n'-1,\r\n");
  });
});

describe('createCsvStream and toCsv', () => {
  it('writes UTF-8 with a BOM, the header, CRLF rows and quotes only where needed', async () => {
    const bytes = await readAll(toCsv([{ code: 'A-1', name: '茶, "特選"\n二行目' }, { code: 7n }], { columns, encoding: 'utf-8' }));
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe('商品コード,商品名\r\nA-1,"茶, ""特選""\n二行目"\r\n7,\r\n');
  });

  it('can be written to directly: createCsvStream takes row objects and picks the columns in order', async () => {
    const csv = createCsvStream({ columns: [columns[1], columns[0]], encoding: 'utf-8' });
    csv.write({ code: 'A-1', name: '一', price: 100 });
    csv.end({ name: '二', code: 'A-2' });
    expect((await readAll(csv)).toString('utf8')).toBe('\ufeff商品名,商品コード\r\n一,A-1\r\n二,A-2\r\n');
  });

  it('writes the header alone for no rows', async () => {
    expect((await readAll(toCsv([], { columns }))).toString('utf8')).toBe('\ufeff商品コード,商品名\r\n');
  });

  it('writes Shift_JIS as CP932 without a BOM; what CP932 cannot hold becomes ?', async () => {
    const bytes = await readAll(toCsv([{ code: 'A-1', name: 'ｶﾀｶﾅと漢字①〜😀' }], { columns, encoding: 'shift_jis' }));
    expect(bytes[0]).not.toBe(0xef);
    expect(iconv.decode(bytes, 'cp932')).toBe('商品コード,商品名\r\nA-1,ｶﾀｶﾅと漢字①～?\r\n');
    expect(decodeCsv(bytes).encoding).toBe('shift_jis');
  });

  it('refuses a cell that is not a string, number or empty', async () => {
    await expect(readAll(toCsv([{ code: new Date(), name: 'x' }], { columns }))).rejects.toThrow('CSV column "code"');
  });

  it.each<CsvEncoding>(['utf-8', 'shift_jis'])('reads back exactly what it wrote (%s)', async (encoding) => {
    const tricky = ['カンマ,入り', '"引用符"', '改行\r\nあり', 'LF\nだけ', ' 前後の空白 ', '=HYPERLINK("x")', '-1', '+1', '@a', "'=quoted", '', '半角ｶﾅ①髙'];
    const written = Array.from({ length: 500 }, (_, i) => ({ code: `P-${i}`, name: tricky[i % tricky.length] }));
    const parsed = parseCsv(await readAll(toCsv(written, { columns, encoding })), { columns });

    expect(parsed.encoding).toBe(encoding);
    expect(parsed.headerIssues).toEqual([]);
    expect(parsed.rowIssues).toEqual([]);
    const read = parsed.rows.map((row) => ({ code: unneutraliseFormula(row.values.code), name: unneutraliseFormula(row.values.name) }));
    // Rows whose cells are all empty are skipped on reading; none here, since every row has a code.
    expect(read).toEqual(written);
    expect(parsed.rows.at(-1)?.line).toBe(501);
  });

  it('fails the stream when the rows fail, and stops the rows when the reader goes away', async () => {
    async function* failing() {
      yield { code: 'A-1', name: '一' };
      throw new Error('cursor broke');
    }
    await expect(readAll(toCsv(failing(), { columns }))).rejects.toThrow('cursor broke');

    let closed = false;
    async function* endless() {
      try {
        for (let i = 0; ; i++) yield { code: `A-${i}`, name: '名' };
      } finally {
        closed = true;
      }
    }
    const csv = toCsv(endless(), { columns });
    for await (const _chunk of csv) break; // for-await's break destroys the stream
    await new Promise((resolve) => setImmediate(resolve));
    expect(closed).toBe(true);
  });

  it('pulls rows only as fast as they are read (backpressure)', async () => {
    let produced = 0;
    async function* rows() {
      for (; produced < 100_000; ) {
        produced++;
        yield { code: `A-${produced}`, name: '商品名'.repeat(10) };
      }
    }
    const csv = toCsv(rows(), { columns });
    await new Promise((resolve) => setTimeout(resolve, 100)); // nobody reads yet
    const ahead = produced;
    expect(ahead).toBeGreaterThan(0);
    expect(ahead).toBeLessThan(2_000);

    const bytes = await readAll(csv);
    expect(produced).toBe(100_000);
    expect(bytes.toString('utf8').split('\r\n')).toHaveLength(100_000 + 2); // header, rows, the empty end
  });

  it('streams 200,000 rows without holding them: live heap grows by less than 50 MB', async () => {
    const gc = exposeGc();
    const rowCount = 200_000;
    const name = '特選の商品名、説明つき'.repeat(20); // ~600 bytes a row: about 120 MB of CSV in all
    async function* rows() {
      for (let i = 0; i < rowCount; i++) yield { code: `P-${i}`, name: `${name}${i}` };
    }

    gc();
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    let bytes = 0;
    let chunks = 0;
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length;
        if (++chunks % 20_000 === 0) {
          gc(); // measure what is alive, not garbage awaiting collection
          peak = Math.max(peak, process.memoryUsage().heapUsed - before);
        }
        callback();
      },
    });
    await new Promise<void>((resolve, reject) => toCsv(rows(), { columns }).pipe(sink).on('finish', resolve).on('error', reject));

    expect(bytes).toBeGreaterThan(100 * 1024 * 1024);
    expect(peak).toBeLessThan(50 * 1024 * 1024);
  }, 60_000);
});

/** global.gc when node runs with --expose-gc, otherwise the same function obtained by setting the flag now. */
function exposeGc(): () => void {
  if (typeof global.gc === 'function') return global.gc as () => void;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
