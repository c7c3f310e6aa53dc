import iconv from 'iconv-lite';
import { BankRecord } from '@oms/domain';
import { DEPOSIT_CSV_HEADERS, readBankFile, writeDepositCsv, writeZenginFile, ZenginFileInput, ZenginFileRecord } from '../../src/deposits';

// Pure tests: reading deposit files needs no database, but lives with the infra tests.

/** Noon in Tokyo on 2026-11-24 (令和8年). */
const TODAY = new Date('2026-11-24T03:00:00Z');
const read = (buffer: Buffer) => readBankFile(buffer, { today: TODAY });

const ACCOUNT = { bankCode: '0005', bankName: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｴｲ', branchCode: '001', branchName: 'ﾎﾝﾃﾝ', accountNo: '1234567', accountName: 'ｶ)ﾅﾙｼｽﾃﾑ' };

const YAMADA: ZenginFileRecord = { inquiryNo: '000123', accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ', bankName: 'ﾐｽﾞﾎ', branchName: 'ｼﾌﾞﾔ' };
const SHOJI: ZenginFileRecord = { inquiryNo: '000124', accountDate: '2026-11-21', amount: 55_000, payerName: 'ｶ)ｼﾖｳｼﾞ ｼﾖｳｶｲ', ediInfo: '20261101-0000042' };
const TAKEN_BACK: ZenginFileRecord = { inquiryNo: '000125', accountDate: '2026-11-21', amount: 3_000, payerName: 'ｽｽﾞｷ ﾊﾅｺ', cancelled: true };

const transfer = (records: readonly ZenginFileRecord[], extra: Partial<ZenginFileInput> = {}) => writeZenginFile({ kind: 'transfer', account: ACCOUNT, records, ...extra });
const statement = (records: readonly ZenginFileRecord[], extra: Partial<ZenginFileInput> = {}) =>
  writeZenginFile({ kind: 'statement', account: { ...ACCOUNT, accountNo: '0001234567' }, records, ...extra });

/** The file with `text` written over bytes `from`… of record `line` (records end to end, as `lineBreak: 'none'` writes them). */
function patch(file: Buffer, line: number, from: number, text: string): Buffer {
  const copy = Buffer.from(file);
  iconv.encode(text, 'cp932').copy(copy, (line - 1) * 200 + from - 1);
  return copy;
}

const expectRecord = (record: BankRecord | undefined, expected: Partial<BankRecord>) => expect(record).toEqual(expect.objectContaining(expected));

describe('全銀 振込入金通知 (種別コード 01)', () => {
  it('reads every data record by byte position: dates from the era, half-width kana as written, cancellations skipped', async () => {
    const file = transfer([YAMADA, SHOJI, TAKEN_BACK]);
    // The payer's half-width kana are one byte each in CP932: the reader cuts bytes 50-97, not characters.
    const kana = iconv.encode('ﾔﾏﾀﾞ ﾀﾛｳ', 'cp932');
    expect(kana).toHaveLength(8);
    expect(file.subarray(202 + 49, 202 + 49 + 8)).toEqual(kana);
    expect(file.toString('latin1', 202 + 7, 202 + 13)).toBe('081120');

    const reading = await read(file);

    expect(reading.issues).toEqual([]);
    expect(reading.format).toBe('zengin_transfer');
    expect(reading.encoding).toBe('shift_jis');
    expect(reading.account).toEqual(ACCOUNT);
    expect(reading.records).toEqual([
      { line: 2, inquiryNo: '000123', accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ', ediInfo: null, orderNo: null, bankName: 'ﾐｽﾞﾎ', branchName: 'ｼﾌﾞﾔ', account: '0005-001-1234567' },
      { line: 3, account: '0005-001-1234567', inquiryNo: '000124', accountDate: '2026-11-21', amount: 55_000, payerName: 'ｶ)ｼﾖｳｼﾞ ｼﾖｳｶｲ', ediInfo: '20261101-0000042', orderNo: null, bankName: null, branchName: null },
    ]);
    // A cancellation keeps its fields: what it takes back is found by them.
    expect(reading.skipped).toEqual([{ line: 4, reason: 'cancelled', record: expect.objectContaining({ line: 4, account: expect.any(String) }) }]);
  });

  it('reads フォーマットB: the amount in 金額(2) when 金額(1) is zeros, EDI情報 after it', async () => {
    let file = transfer([YAMADA, { ...SHOJI, ediInfo: undefined }], { lineBreak: 'none' });
    for (const line of [2, 3]) {
      const amount = line === 2 ? 12_800 : 55_000;
      file = patch(file, line, 20, '0000000000');
      file = patch(file, line, 129, `${String(amount).padStart(12, '0')}${'0'.repeat(12)}${(line === 2 ? 'EDI-B' : '').padEnd(20)}${' '.repeat(28)}`);
    }
    const reading = await read(file);
    expect(reading.issues).toEqual([]);
    expect(reading.records.map((r) => [r.amount, r.ediInfo, r.payerName])).toEqual([
      [12_800, 'EDI-B', 'ﾔﾏﾀﾞ ﾀﾛｳ'],
      [55_000, null, 'ｶ)ｼﾖｳｼﾞ ｼﾖｳｶｲ'],
    ]);
  });

  it('takes a trailer whose 振込合計 leaves the cancellations out (they are in 取消合計), as some banks write it', async () => {
    const file = patch(transfer([YAMADA, TAKEN_BACK], { lineBreak: 'none' }), 4, 2, `000001${String(12_800).padStart(12, '0')}`);
    expect((await read(file)).issues).toEqual([]);
  });
});

describe('全銀 入出金取引明細 (種別コード 03)', () => {
  it('reads deposits (入払区分 1) only: withdrawals and corrections (取引区分 19) are skipped', async () => {
    const file = statement([
      { ...YAMADA, inquiryNo: '00004711' },
      { accountDate: '2026-11-21', amount: 880, withdrawal: true, description: 'ﾃｽｳﾘﾖｳ' },
      { accountDate: '2026-11-22', amount: 12_800, withdrawal: true, transactionType: '19', payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ' },
      { ...SHOJI, inquiryNo: '00004712' },
    ]);
    const reading = await read(file);
    expect(reading.issues).toEqual([]);
    expect(reading.format).toBe('zengin_statement');
    expect(reading.account).toEqual({ ...ACCOUNT, accountNo: '0001234567' });
    expect(reading.records).toEqual([
      { line: 2, inquiryNo: '00004711', accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ', ediInfo: null, orderNo: null, bankName: 'ﾐｽﾞﾎ', branchName: 'ｼﾌﾞﾔ', account: expect.stringMatching(/^0005-001-/) },
      { line: 5, account: expect.stringMatching(/^0005-001-/), inquiryNo: '00004712', accountDate: '2026-11-21', amount: 55_000, payerName: 'ｶ)ｼﾖｳｼﾞ ｼﾖｳｶｲ', ediInfo: '20261101-0000042', orderNo: null, bankName: null, branchName: null },
    ]);
    expect(reading.skipped).toEqual([
      { line: 3, reason: 'withdrawal' },
      { line: 4, reason: 'correction', record: expect.objectContaining({ line: 4 }) },
    ]);
  });

  it('checks the trailer by side: 入金 and 出金 counts and sums, and the data record count', async () => {
    const good = statement([YAMADA, { accountDate: '2026-11-21', amount: 880, withdrawal: true }], { lineBreak: 'none' });
    const trailer = patch(patch(patch(good, 4, 8, '0000000012801'), 4, 27, '0000000000881'), 4, 55, '0000003');
    expect((await read(trailer)).issues).toEqual([
      { line: 4, bytes: { from: 8, to: 20 }, field: 'deposit_amount', errorCode: 'NAL-DEP-015', params: { trailer: 12_801, records: 12_800 } },
      { line: 4, bytes: { from: 27, to: 39 }, field: 'withdrawal_amount', errorCode: 'NAL-DEP-015', params: { trailer: 881, records: 880 } },
      { line: 4, bytes: { from: 55, to: 61 }, field: 'data_count', errorCode: 'NAL-DEP-014', params: { trailer: 3, records: 2 } },
    ]);
  });

  it('refuses a time deposit statement (another data layout)', async () => {
    const file = patch(statement([YAMADA], { lineBreak: 'none' }), 1, 63, '6');
    expect((await read(file)).issues).toEqual([{ line: 1, bytes: { from: 63, to: 63 }, field: 'account_type', errorCode: 'NAL-DEP-013', params: { value: '6' } }]);
  });
});

describe('和暦 dates across era boundaries', () => {
  it('reads the last day of Heisei and the first of Reiwa, both written as the bank does (310430, 010501)', async () => {
    const file = transfer([
      { ...YAMADA, accountDate: '2019-04-30' },
      { ...SHOJI, accountDate: '2019-05-01' },
    ]);
    expect(file.toString('latin1', 202 + 7, 202 + 13)).toBe('310430');
    expect(file.toString('latin1', 404 + 7, 404 + 13)).toBe('010501');
    expect((await read(file)).records.map((r) => r.accountDate)).toEqual(['2019-04-30', '2019-05-01']);
  });

  it("refuses a day that does not exist and one before the system's dates, with the bytes of the field", async () => {
    const file = transfer([YAMADA, SHOJI], { lineBreak: 'none' });
    const reading = await read(patch(patch(file, 2, 8, '080230'), 3, 8, '010430'));
    expect(reading.issues).toEqual([
      { line: 2, bytes: { from: 8, to: 13 }, field: 'account_date', errorCode: 'NAL-DEP-019' },
      // 令和元年4月30日 did not exist: 平成元年 (1989), before any date the system takes.
      { line: 3, bytes: { from: 8, to: 13 }, field: 'account_date', errorCode: 'date_out_of_range', params: { min: '2000-01-01', max: '2100-12-31' } },
    ]);
  });
});

describe('record separators', () => {
  const records = [YAMADA, SHOJI];
  let expected: BankRecord[];
  beforeAll(async () => {
    expected = (await read(transfer(records))).records;
  });

  it.each(['crlf', 'lf', 'none'] as const)('reads records ending in %s', async (lineBreak) => {
    const file = transfer(records, { lineBreak });
    expect(file.length).toBe(5 * (200 + { crlf: 2, lf: 1, none: 0 }[lineBreak]));
    const reading = await read(file);
    expect(reading.issues).toEqual([]);
    expect(reading.records).toEqual(expected);
  });

  it('tolerates an EOF mark (0x1A) at the end, with or without line breaks', async () => {
    for (const lineBreak of ['crlf', 'none'] as const) {
      const reading = await read(Buffer.concat([transfer(records, { lineBreak }), Buffer.from([0x1a])]));
      expect(reading.issues).toEqual([]);
      expect(reading.records).toEqual(expected);
    }
  });
});

describe('a malformed 全銀 file: every problem, by record and byte', () => {
  const good = () => transfer([YAMADA, SHOJI], { lineBreak: 'none' });

  it('names a bad digit, an amount of 0 and trailer mismatches, all at once', async () => {
    let file = patch(good(), 2, 20, '00000128O0'); // the letter O
    file = patch(file, 3, 20, '0000000000');
    file = patch(file, 4, 2, '000003000000067800');
    expect((await read(file)).issues).toEqual([
      { line: 2, bytes: { from: 20, to: 29 }, field: 'amount', errorCode: 'digits', params: { length: 10 } },
      { line: 3, bytes: { from: 20, to: 29 }, field: 'amount', errorCode: 'min', params: { min: 1 } },
      { line: 4, bytes: { from: 2, to: 7 }, field: 'total_count', errorCode: 'NAL-DEP-014', params: { trailer: 3, records: 2 } },
    ]);
  });

  it('checks the trailer total against the records', async () => {
    const file = patch(good(), 4, 8, '000000067801');
    expect((await read(file)).issues).toEqual([{ line: 4, bytes: { from: 8, to: 19 }, field: 'total_amount', errorCode: 'NAL-DEP-015', params: { trailer: 67_801, records: 67_800 } }]);
  });

  it('reports a record of the wrong length (a line that lost its trailing space) and goes on', async () => {
    const lines = transfer([YAMADA, SHOJI]).toString('latin1').split('\r\n');
    lines[2] = lines[2].slice(0, 199);
    const reading = await read(Buffer.from(lines.join('\r\n'), 'latin1'));
    expect(reading.issues).toEqual([{ line: 3, bytes: { from: 1, to: 199 }, field: 'record_length', errorCode: 'NAL-DEP-004', params: { length: 199, expected: 200 } }]);
  });

  it('reports the short last record of a file without line breaks', async () => {
    const file = good().subarray(0, 999);
    expect((await read(file)).issues).toEqual([{ line: 5, bytes: { from: 1, to: 199 }, field: 'record_length', errorCode: 'NAL-DEP-004', params: { length: 199, expected: 200 } }]);
  });

  it('reports missing trailer and end records, data after the end and unknown record types', async () => {
    const file = good();
    const header = file.subarray(0, 200);
    const data = file.subarray(200, 400);
    const trailer = file.subarray(600, 800);
    const end = file.subarray(800, 1000);
    // header, data, (no trailer), end, data after the end
    expect((await read(Buffer.concat([header, data, end, data]))).issues).toEqual([
      { line: 3, bytes: { from: 1, to: 1 }, field: 'data_type', errorCode: 'NAL-DEP-007' },
      { line: 4, bytes: { from: 1, to: 1 }, field: 'data_type', errorCode: 'NAL-DEP-009' },
    ]);
    // no end record at all
    expect((await read(Buffer.concat([header, file.subarray(200, 800)]))).issues).toEqual([
      { line: 0, field: 'data_type', errorCode: 'NAL-DEP-008' },
    ]);
    // a record of type 5
    const unknown = patch(Buffer.concat([header, data, data, trailer, end]), 3, 1, '5');
    expect((await read(unknown)).issues).toEqual([
      { line: 3, bytes: { from: 1, to: 1 }, field: 'data_type', errorCode: 'NAL-DEP-005', params: { value: '5' } },
      { line: 4, bytes: { from: 2, to: 7 }, field: 'total_count', errorCode: 'NAL-DEP-014', params: { trailer: 2, records: 1 } },
      { line: 4, bytes: { from: 8, to: 19 }, field: 'total_amount', errorCode: 'NAL-DEP-015', params: { trailer: 67_800, records: 12_800 } },
    ]);
  });

  it('reports data after a trailer without a header of its own', async () => {
    const one = transfer([YAMADA], { lineBreak: 'none' });
    const stray = good().subarray(400, 600);
    expect((await read(Buffer.concat([one.subarray(0, 600), stray, one.subarray(600)]))).issues).toEqual([{ line: 4, bytes: { from: 1, to: 1 }, field: 'data_type', errorCode: 'NAL-DEP-006' }]);
  });

  it('lists at most 500 problems, then says there were more', async () => {
    const records = Array.from({ length: 600 }, (_, i) => ({ ...YAMADA, inquiryNo: String(i + 1).padStart(6, '0') }));
    let file = transfer(records, { lineBreak: 'none' });
    for (let line = 2; line <= 601; line++) file = patch(file, line, 8, '081399'); // no 13th month
    const issues = (await read(file)).issues;
    expect(issues).toHaveLength(501);
    expect(issues[499]).toEqual({ line: 501, bytes: { from: 8, to: 13 }, field: 'account_date', errorCode: 'NAL-DEP-019' });
    expect(issues[500]).toEqual({ line: 0, field: 'file', errorCode: 'NAL-DEP-003', params: { max: 500 } });
  });

  it('names a 全銀 file of another kind (a 総合振込 request) instead of reading it', async () => {
    const request = Buffer.from(`121000000000${' '.repeat(108)}\r\n`, 'latin1');
    expect((await read(request))).toEqual(expect.objectContaining({ format: null, records: [], issues: [{ line: 1, bytes: { from: 2, to: 3 }, field: 'kind', errorCode: 'NAL-DEP-010', params: { kind: '21' } }] }));
  });
});

describe('bank CSVs', () => {
  /** The first rows of each bank's export, as public parsers of them read it (docs/deposit-files.md). */
  const banks: [string, string[], string[][], Partial<BankRecord>[]][] = [
    [
      '楽天銀行 (one signed column)',
      ['取引日', '入出金(円)', '取引後残高(円)', '入出金内容'],
      [
        ['20261120', '12800', '112800', '振込 ﾔﾏﾀﾞ ﾀﾛｳ'],
        ['20261121', '-1100', '111700', 'ﾃﾞﾝｷﾀﾞｲ'],
      ],
      [{ line: 2, accountDate: '2026-11-20', amount: 12_800, payerName: '振込 ﾔﾏﾀﾞ ﾀﾛｳ' }],
    ],
    [
      'PayPay銀行 (the date in three columns)',
      ['操作日(年)', '操作日(月)', '操作日(日)', '操作時刻(時)', '操作時刻(分)', '操作時刻(秒)', '取引順番号', '摘要', 'お支払金額', 'お預り金額', '残高', 'メモ'],
      [
        ['2026', '11', '20', '10', '05', '00', '3', 'ﾔﾏﾀﾞ ﾀﾛｳ', '', '12,800', '112,800', ''],
        ['2026', '11', '21', '09', '00', '00', '1', 'ｶｰﾄﾞ', '1,100', '', '111,700', ''],
      ],
      [{ line: 2, accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ', inquiryNo: '3' }],
    ],
    [
      '住信SBIネット銀行',
      ['日付', '内容', '出金金額(円)', '入金金額(円)', '残高(円)', 'メモ'],
      [
        ['2026/11/20', '振込＊ヤマダ タロウ', '', '12800', '112800', '-'],
        ['2026/11/21', 'デビット', '1100', '', '111700', '-'],
      ],
      [{ line: 2, accountDate: '2026-11-20', amount: 12_800, payerName: '振込＊ヤマダ タロウ' }],
    ],
    [
      'GMOあおぞらネット銀行',
      ['取引日', '摘要', 'お支払金額', 'お預り金額', '残高', 'メモ'],
      [['2026/11/20', 'ﾌﾘｺﾐ ｶ)ｼﾖｳｼﾞｼﾖｳｶｲ', '', '55000', '167800', '']],
      [{ line: 2, accountDate: '2026-11-20', amount: 55_000, payerName: 'ﾌﾘｺﾐ ｶ)ｼﾖｳｼﾞｼﾖｳｶｲ' }],
    ],
    [
      '三菱UFJ銀行 (摘要 is the kind of entry, 摘要内容 the payer)',
      ['日付', '摘要', '摘要内容', '支払い金額', '預かり金額', '差引残高', 'メモ', '未資金化区分', '入払区分'],
      [
        ['2026/11/20', '振込１', 'ﾔﾏﾀﾞ ﾀﾛｳ', '', '12,800', '112,800', '', '', '入'],
        ['2026/11/21', '口座振替', 'ﾃﾞﾝｷ', '5,000', '', '107,800', '', '', '出'],
      ],
      [{ line: 2, accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ' }],
    ],
    [
      'みずほ銀行',
      ['日付', 'お引出し', 'お預入れ', 'お取引内容', '残高'],
      [['2026.11.20', '', '12800', 'ﾌﾘｺﾐ ﾔﾏﾀﾞ ﾀﾛｳ', '112800']],
      [{ line: 2, accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾌﾘｺﾐ ﾔﾏﾀﾞ ﾀﾛｳ' }],
    ],
    [
      '三井住友銀行',
      ['年月日', 'お引出し', 'お預入れ', 'お取り扱い内容', '残高', 'メモ', 'ラベル'],
      [['2026/11/20', '0', '12800', 'ﾌﾘｺﾐ ﾔﾏﾀﾞ ﾀﾛｳ', '112800', '', '']],
      [{ line: 2, accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾌﾘｺﾐ ﾔﾏﾀﾞ ﾀﾛｳ' }],
    ],
    [
      'an EB service CSV with 照会番号, EDI and an order number column',
      ['勘定日', '起算日', '入金額', '振込依頼人名', '照会番号', 'EDI情報', '受注番号', '仕向銀行名', '仕向支店名'],
      [['R8.11.20', 'R8.11.20', '¥12,800', 'ﾔﾏﾀﾞ ﾀﾛｳ', '000123', 'INV-42', '20261101-0000042', 'ﾐｽﾞﾎ', 'ｼﾌﾞﾔ']],
      [{ line: 2, accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ', inquiryNo: '000123', ediInfo: 'INV-42', orderNo: '20261101-0000042', bankName: 'ﾐｽﾞﾎ', branchName: 'ｼﾌﾞﾔ' }],
    ],
  ];

  it.each(banks)('reads %s', async (_bank, header, rows, expected) => {
    const reading = await read(writeDepositCsv({ header, rows, encoding: 'shift_jis' }));
    expect(reading.issues).toEqual([]);
    expect(reading.format).toBe('bank_csv');
    expect(reading.records).toHaveLength(expected.length);
    expected.forEach((record, i) => expectRecord(reading.records[i], record));
    expect(reading.skipped).toEqual(rows.slice(expected.length).map((_, i) => ({ line: 2 + expected.length + i, reason: 'withdrawal' })));
  });

  it("finds the header below the lines about the account (ゆうちょ銀行), keeping the file's row numbers", async () => {
    const text = [
      'お客さま口座情報,,,,,,,',
      '現在高：,112800,円,,,,,',
      'お客さま口座番号：10110-12345671,,,,,,,',
      '取引日,入出金明細ＩＤ,受入金額（円）,払出金額（円）,詳細１,詳細２,現在（貸付）高,',
      '20261120,00000000001,12800,,振込,ﾔﾏﾀﾞ ﾀﾛｳ,112800,',
      '20261121,00000000002,,1100,ATM,,111700,',
    ].join('\r\n');
    const reading = await read(iconv.encode(text, 'cp932'));
    expect(reading.issues).toEqual([]);
    expect(reading.records).toEqual([{ line: 5, inquiryNo: '00000000001', accountDate: '2026-11-20', amount: 12_800, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ', ediInfo: null, orderNo: null, bankName: null, branchName: null }]);
    expect(reading.skipped).toEqual([{ line: 6, reason: 'withdrawal' }]);
  });

  it('reads UTF-8 with and without a BOM and CP932 alike, and says which it was', async () => {
    const csv = { header: ['入金日', '入金額', '振込依頼人名'], rows: [['2026-11-20', '12800', 'ﾔﾏﾀﾞ ﾀﾛｳ']] };
    const readings = await Promise.all((['utf-8', 'utf-8-bom', 'shift_jis'] as const).map((encoding) => read(writeDepositCsv({ ...csv, encoding }))));
    expect(readings.map((r) => r.encoding)).toEqual(['utf-8', 'utf-8', 'shift_jis']);
    for (const reading of readings) {
      expect(reading.issues).toEqual([]);
      expect(reading.records).toEqual(readings[0].records);
    }
    expect(readings[0].records[0].payerName).toBe('ﾔﾏﾀﾞ ﾀﾛｳ');
  });

  it('knows every name it claims to know (each alias alone names its column)', async () => {
    for (const name of DEPOSIT_CSV_HEADERS.date) {
      const reading = await read(writeDepositCsv({ header: [name, '入金額', '振込依頼人名'], rows: [['2026/11/20', '1', 'A']] }));
      expect([name, reading.records[0]?.accountDate]).toEqual([name, '2026-11-20']);
    }
    for (const name of [...DEPOSIT_CSV_HEADERS.deposit, ...DEPOSIT_CSV_HEADERS.amount]) {
      const reading = await read(writeDepositCsv({ header: ['日付', name, '振込依頼人名'], rows: [['2026/11/20', '500', 'A']] }));
      expect([name, reading.records[0]?.amount]).toEqual([name, 500]);
    }
    for (const name of DEPOSIT_CSV_HEADERS.payerName) {
      const reading = await read(writeDepositCsv({ header: ['日付', '入金額', name], rows: [['2026/11/20', '500', 'ﾔﾏﾀﾞ']] }));
      expect([name, reading.records[0]?.payerName]).toEqual([name, 'ﾔﾏﾀﾞ']);
    }
    for (const name of DEPOSIT_CSV_HEADERS.inquiryNo) {
      const reading = await read(writeDepositCsv({ header: ['日付', '入金額', '振込依頼人名', name], rows: [['2026/11/20', '500', 'A', '77']] }));
      expect([name, reading.records[0]?.inquiryNo]).toEqual([name, '77']);
    }
  });

  it("reports each bad cell by row and the file's own header name, and reads the good rows", async () => {
    const reading = (await read(
      writeDepositCsv({
        header: ['取引日', 'お預り金額', 'お支払金額', '摘要'],
        rows: [
          ['2026/11/20', '12,800', '', 'ﾔﾏﾀﾞ'],
          ['2026/13/01', '500', '', 'ｽｽﾞｷ'],
          ['2026/11/21', '5OO', '', 'ｻﾄｳ'],
          ['2026/11/21', '0', '', 'ｻﾄｳ'],
          ['2026/11/22', '500', '300', 'ﾀﾅｶ'],
          ['', '', '', ''],
          ['1999/12/31', '100', '', 'ｵｵﾀ'],
          ['2026/11/23', '', '', 'ｵｵﾀ'],
        ],
      }),
    ));
    expect(reading.issues).toEqual([
      { line: 3, field: '取引日', errorCode: 'NAL-DEP-020' },
      { line: 4, field: 'お預り金額', errorCode: 'integer' },
      { line: 5, field: 'お預り金額', errorCode: 'min', params: { min: 1 } },
      { line: 6, field: 'お預り金額', errorCode: 'NAL-DEP-018' },
      { line: 8, field: '取引日', errorCode: 'date_out_of_range', params: { min: '2000-01-01', max: '2100-12-31' } },
      { line: 9, field: 'お預り金額', errorCode: 'required' },
    ]);
    expect(reading.records.map((r) => r.line)).toEqual([2]);
  });

  it('reports a row with the wrong number of cells', async () => {
    const text = '日付,入金額,振込依頼人名\r\n2026/11/20,500,A\r\n2026/11/20,500\r\n';
    expect((await read(Buffer.from(text))).issues).toEqual([{ line: 3, field: 'row', errorCode: 'invalid', params: { cells: 2, expected: 3 } }]);
  });

  it('refuses a header without a payer name or order number column, and a bank CSV without a date', async () => {
    expect((await read(Buffer.from('日付,入金額,残高\n2026/11/20,500,1000\n'))).issues).toEqual([{ line: 1, field: 'header', errorCode: 'NAL-DEP-016' }]);
    expect((await read(Buffer.from('入金額,振込依頼人名\n500,A\n'))).issues).toEqual([{ line: 1, field: '取引日', errorCode: 'required' }]);
  });
});

describe('the order-number CSV staff make', () => {
  it('reads 受注番号, 入金額 and 入金日', async () => {
    const reading = await read(writeDepositCsv({ header: ['受注番号', '入金額', '入金日'], rows: [['20261101-0000042', '12,800', '2026/11/20']], encoding: 'shift_jis' }));
    expect(reading.issues).toEqual([]);
    expect(reading.format).toBe('order_csv');
    expect(reading.records).toEqual([{ line: 2, inquiryNo: null, accountDate: '2026-11-20', amount: 12_800, payerName: '', ediInfo: null, orderNo: '20261101-0000042', bankName: null, branchName: null }]);
  });

  it("reads the English header, dates a row without a date today (Japan's date), and takes full-width order numbers", async () => {
    const reading = await read(writeDepositCsv({ header: ['order_no', 'amount', 'date'], rows: [['２０２６１１０１－０００００４２', '500', '']] }));
    expect(reading.issues).toEqual([]);
    expectRecord(reading.records[0], { orderNo: '20261101-0000042', amount: 500, accountDate: '2026-11-24' });
    // Without a date column at all.
    expectRecord((await read(writeDepositCsv({ header: ['受注番号', '金額'], rows: [['20261101-0000042', '500']] }))).records[0], { accountDate: '2026-11-24' });
  });

  it('refuses a missing or malformed order number and a negative amount', async () => {
    const reading = (await read(
      writeDepositCsv({
        header: ['受注番号', '入金額'],
        rows: [
          ['', '500'],
          ['202611010000042', '500'],
          ['20261101-0000042', '-500'],
        ],
      }),
    ));
    expect(reading.issues).toEqual([
      { line: 2, field: '受注番号', errorCode: 'required' },
      { line: 3, field: '受注番号', errorCode: 'NAL-DEP-017' },
      { line: 4, field: '入金額', errorCode: 'min', params: { min: 1 } },
    ]);
  });
});

describe('what is no deposit file', () => {
  it('is one issue on line 0: an unknown format, or an empty file', async () => {
    expect((await read(Buffer.from('name,price\nA,1\n')))).toEqual({ format: null, encoding: 'utf-8', records: [], skipped: [], issues: [{ line: 0, field: 'file', errorCode: 'NAL-DEP-001' }] });
    expect((await read(Buffer.from('%PDF-1.7 binary…')))).toEqual(expect.objectContaining({ format: null, issues: [{ line: 0, field: 'file', errorCode: 'NAL-DEP-001' }] }));
    // A spreadsheet uploaded by mistake: a first "row" longer than any header.
    const xlsx = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(20_000, 0x41)]);
    expect((await read(xlsx)).issues).toEqual([{ line: 0, field: 'file', errorCode: 'NAL-DEP-001' }]);
    // Rows that never name the columns.
    const noHeader = Array.from({ length: 30 }, (_, i) => `20261101-${String(i).padStart(7, '0')},500`).join('\n');
    expect((await read(Buffer.from(noHeader))).issues).toEqual([{ line: 0, field: 'file', errorCode: 'NAL-DEP-001' }]);
    for (const empty of [Buffer.alloc(0), Buffer.from('\ufeff\r\n'), Buffer.from([0x1a])]) {
      expect((await read(empty)).issues).toEqual([{ line: 0, field: 'file', errorCode: 'NAL-DEP-002' }]);
    }
  });
});
