import { DepositMatching, writeDepositCsv, writeZenginFile, ZenginFileRecord } from '@oms/infra';
import iconv from 'iconv-lite';
import { depositSample } from '../src/deposits/deposit-sample';
import { FixtureOrder, givenOrder } from './support/order-fixtures';
import { bytesOf, download, expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

const ACCOUNT = { bankCode: '0005', bankName: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｪｲ', branchCode: '001', branchName: 'ﾎﾝﾃﾝ', accountNo: '1234567', accountName: 'ｶ)ﾃﾞﾓｼﾖｯﾌﾟ' };
const DAY = '2026-11-20';

describe('deposits: bank files matched against orders', () => {
  const ctx = useTestApi();
  let accountant: Awaited<ReturnType<TestApp['signedIn']>>;
  let operator: Awaited<ReturnType<TestApp['signedIn']>>;
  let maker: string;
  let files = 0;

  beforeAll(async () => {
    accountant = await ctx.api.signedIn('accountant');
    operator = await ctx.api.signedIn('operator');
    maker = (await ctx.api.maker()).id;
  });

  const db = () => ctx.api.dataSource;
  /** An unpaid bank-transfer order of `total` yen for a buyer. */
  const order = (total: number, buyer: { name: string; kana: string | null }, customerId?: string) =>
    givenOrder(ctx.api, { lines: [{ makerId: maker, priceWithTax: total }], buyer, customerId });
  const customer = async (name: string, nameKana: string) => {
    const [row] = await db().query(`INSERT INTO customers (same_person_id, name, name_kana) VALUES (0, $1, $2) RETURNING id::text`, [name, nameKana]);
    return row.id as string;
  };
  const zengin = (records: ZenginFileRecord[], kind: 'transfer' | 'statement' = 'transfer') => writeZenginFile({ kind, account: ACCOUNT, records });
  let inquiry = 100000;
  const rec = (amount: number, payerName: string, over: Partial<ZenginFileRecord> = {}): ZenginFileRecord => ({ inquiryNo: String(++inquiry), accountDate: DAY, amount, payerName, ...over });
  const upload = (content: Buffer, name = `deposits-${++files}.txt`, auth = accountant.auth, confirm = false) => {
    const req = ctx.api.http.post('/api/v1/deposits/payment').set('Authorization', auth).attach('file', content, name);
    return confirm ? req.field('confirm_reimport', 'true') : req;
  };
  const match = (depositId: number) => new DepositMatching(db()).run(String(depositId));
  const records = async (depositId: number, query = '') =>
    (await ctx.api.http.get(`/api/v1/deposits/${depositId}/records?per_page=200${query}`).set('Authorization', accountant.auth).expect(200)).body.data as RecordView[];
  const lineStatuses = async (o: FixtureOrder) => (await db().query(`SELECT status FROM order_lines WHERE order_id = $1 ORDER BY id`, [o.id])).map((r: { status: number }) => r.status);
  const livePayments = async (o: FixtureOrder) => db().query(`SELECT amount, transfer_fee, status FROM deposit_payments WHERE order_id = $1 AND reverted_at IS NULL`, [o.id]);
  const orderVersion = async (o: FixtureOrder) => (await db().query(`SELECT version FROM orders WHERE id = $1`, [o.id]))[0].version as number;

  interface RecordView {
    id: number;
    line: number;
    amount: number;
    state: string;
    status: number;
    matched_by: string | null;
    review_reason: string | null;
    difference: number | null;
    transfer_fee: number | null;
    version: number;
    payments: { order_id: number; amount: number; transfer_fee: number; status: number }[];
    candidates: { order_id: number; version: number; found_by: string }[];
  }

  it('matches by order number, name, several orders of one customer, over, under and short by a fee, and leaves the rest', async () => {
    const byNumber = await order(5500, { name: '佐藤 一郎', kana: 'サトウ イチロウ' });
    const exact = await order(3300, { name: '鈴木 花子', kana: 'スズキ ハナコ' });
    const over = await order(2200, { name: '高橋 健', kana: 'タカハシ ケン' });
    const under = await order(8800, { name: '田中 美咲', kana: 'タナカ ミサキ' });
    const feeShort = await order(11000, { name: '伊藤 翔', kana: 'イトウ ショウ' });
    const company = await customer('株式会社山本商事', 'カブシキガイシャヤマモトショウジ');
    const part1 = await order(4400, { name: '山本 太一', kana: 'ヤマモト タイチ' }, company);
    const part2 = await order(6600, { name: '山本 太一', kana: 'ヤマモト タイチ' }, company);
    const untouched = await order(7700, { name: '渡辺 陽子', kana: 'ワタナベ ヨウコ' });

    const file = zengin([
      rec(5500, `${byNumber.orderNo.replace('-', '')} ｻﾄｳ`),
      rec(3300, 'ｽｽﾞｷ ﾊﾅｺ'),
      rec(2500, 'ﾀｶﾊｼ ｹﾝ'),
      rec(8000, 'ﾀﾅｶ ﾐｻｷ'),
      rec(11000 - 440, 'ｲﾄｳ ｼﾖｳ'),
      rec(11000, 'ｶ)ﾔﾏﾓﾄｼﾖｳｼﾞ'),
      rec(1234, 'ﾅｶﾑﾗ ｼﾞﾛｳ'),
    ]);
    const { body } = await upload(file).expect(202);
    expect(body.data).toMatchObject({ state: 'matching', record_count: 7, format: 'zengin_transfer', encoding: 'shift_jis', progress: { decided: 0, total: 7 } });

    expect(await match(body.data.id)).toMatchObject({ matched: 6, review: 1, finished: true });
    const rows = await records(body.data.id);
    expect(rows.map((r) => [r.state, r.status, r.matched_by])).toEqual([
      ['matched', 2, 'order_no'],
      ['matched', 2, 'name'],
      ['matched', 3, 'name'],
      ['matched', 4, 'name'],
      ['matched', 2, 'name'],
      ['matched', 2, 'name'],
      ['review', 1, null],
    ]);
    expect(rows[2].difference).toBe(300);
    expect(rows[3].difference).toBe(-800);
    expect(rows[4]).toMatchObject({ difference: 0, transfer_fee: 440 });
    expect(rows[5].payments.map((p) => p.order_id).sort()).toEqual([Number(part1.id), Number(part2.id)].sort());
    expect(rows[6].review_reason).toBe('no_match');

    for (const o of [byNumber, exact, over, under, feeShort, part1, part2]) expect(await lineStatuses(o)).toEqual([2]);
    expect(await lineStatuses(untouched)).toEqual([1]);
    expect(await livePayments(feeShort)).toEqual([{ amount: 10560, transfer_fee: 440, status: 2 }]);
    expect(await livePayments(over)).toEqual([{ amount: 2500, transfer_fee: 0, status: 3 }]);
    const [history] = await db().query(`SELECT command, from_status, to_status, note FROM order_status_history WHERE order_id = $1`, [exact.id]);
    expect(history).toMatchObject({ command: 'confirm_payment', from_status: 1, to_status: 2 });
    expect(history.note).toContain('ｽｽﾞｷ ﾊﾅｺ');

    const view = (await ctx.api.http.get(`/api/v1/deposits/${body.data.id}`).set('Authorization', accountant.auth).expect(200)).body.data;
    expect(view).toMatchObject({ state: 'done', progress: { decided: 7, total: 7 }, counts: { matched: 6, review: 1, exact: 4, over: 1, under: 1, not_paid: 1 } });
  });

  it('reads a 入出金取引明細 with LF or no line breaks, deposits only, and the CSV formats', async () => {
    const a = await order(1100, { name: '小林 大', kana: 'コバヤシ ダイ' });
    const b = await order(2200, { name: '加藤 実', kana: 'カトウ ミノル' });
    const statement = writeZenginFile({
      kind: 'statement',
      account: ACCOUNT,
      lineBreak: 'none',
      records: [rec(1100, 'ｺﾊﾞﾔｼ ﾀﾞｲ'), rec(5000, 'ﾃﾞﾝｷﾀﾞｲ', { withdrawal: true })],
    });
    const first = (await upload(statement).expect(202)).body.data;
    expect(first).toMatchObject({ format: 'zengin_statement', record_count: 1, skipped_count: 1 });
    await match(first.id);
    expect(await lineStatuses(a)).toEqual([2]);

    const csv = writeDepositCsv({ header: ['受注番号', '入金額', '入金日'], rows: [[b.orderNo, 2200, '2026/11/20']], encoding: 'shift_jis' });
    const second = (await upload(csv, `orders-${files}.csv`).expect(202)).body.data;
    expect(second.format).toBe('order_csv');
    await match(second.id);
    expect(await lineStatuses(b)).toEqual([2]);
  });

  it('refuses a malformed file whole, every problem by line and byte, keeping nothing', async () => {
    const good = zengin([rec(1000, 'ｱ'), rec(2000, 'ｲ')]);
    const broken = Buffer.from(good);
    // The second data record's amount (bytes 20-29 of record 3) made not a number, and the trailer's total kept.
    broken.write('00000ABC00', 202 * 2 + 19, 'latin1');
    const [{ count: before }] = await db().query(`SELECT count(*)::int AS count FROM deposits`);
    const { body } = await upload(broken).expect(422);
    expectErrorEnvelope(body, 'NAL-422');
    expect(body.error.errors[0]).toMatchObject({ field: expect.stringMatching(/^lines\.3\./), params: expect.objectContaining({ line: 3, from: 20, to: 29 }) });
    const [{ count: after }] = await db().query(`SELECT count(*)::int AS count FROM deposits`);
    expect(after).toBe(before);
    await upload(Buffer.from('hello'), 'x.pdf').expect(422);
    const text = (await upload(Buffer.from('just some text\r\n')).expect(422)).body;
    expect(text.error.errors[0]).toMatchObject({ field: 'file', error_code: 'NAL-DEP-001' });
  });

  it('applies the same file once: its content again is refused, and confirmed anyway its records are duplicates', async () => {
    const o = await order(4321, { name: '松本 潤', kana: 'マツモト ジュン' });
    const file = zengin([rec(4321, 'ﾏﾂﾓﾄ ｼﾞﾕﾝ')]);
    const first = (await upload(file).expect(202)).body.data;
    await match(first.id);
    const again = await upload(file, 'another-name.txt').expect(422);
    expect(again.body.error.errors[0]).toMatchObject({ field: 'file', error_code: 'NAL-UPL-002' });
    const confirmed = (await upload(file, 'another-name.txt', accountant.auth, true).expect(202)).body.data;
    expect(await match(confirmed.id)).toMatchObject({ matched: 0, finished: true });
    expect((await records(confirmed.id))[0]).toMatchObject({ state: 'duplicate' });
    expect(await livePayments(o)).toHaveLength(1);
  });

  it('runs twice, at once or after a crash, and pays each order once', async () => {
    const orders: FixtureOrder[] = [];
    for (let i = 0; i < 130; i++) orders.push(await order(1000 + i, { name: '一括 顧客', kana: null }));
    const file = zengin(orders.map((o, i) => rec(1000 + i, `${o.orderNo}`)));
    const id = (await upload(file).expect(202)).body.data.id;
    // Killed after the first hundred were paid: the progress callback dies on its second call.
    let calls = 0;
    await expect(
      new DepositMatching(db()).run(String(id), () => {
        if (++calls === 2) throw new Error('killed');
      }),
    ).rejects.toThrow('killed');
    const [{ paid }] = await db().query(`SELECT count(*)::int AS paid FROM deposit_records WHERE deposit_id = $1 AND state = 'matched'`, [id]);
    expect(paid).toBe(100);
    const [one, two] = await Promise.all([match(id), match(id)]);
    expect(one.matched + two.matched).toBe(30);
    const [{ payments, orders: paidOrders }] = await db().query(
      `SELECT count(*)::int AS payments, count(DISTINCT order_id)::int AS orders FROM deposit_payments WHERE deposit_id = $1 AND reverted_at IS NULL`,
      [id],
    );
    expect({ payments, paidOrders }).toEqual({ payments: 130, paidOrders: 130 });
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = ANY($1::bigint[]) AND command = 'confirm_payment'`, [orders.map((o) => o.id)]);
    expect(n).toBe(130);
  });

  it('leaves a record for review when its order changes while matching runs', async () => {
    const o = await order(6543, { name: '井上 愛', kana: 'イノウエ アイ' });
    const id = (await upload(zengin([rec(6543, 'ｲﾉｳｴ ｱｲ')])).expect(202)).body.data.id;
    // Between the candidates' read and the payment, someone edits the order.
    const run = await new DepositMatching(db()).run(String(id), async () => {
      await db().query(`UPDATE orders SET memo = 'edited meanwhile', version = version + 1 WHERE id = $1`, [o.id]);
    });
    expect(run).toMatchObject({ matched: 0, finished: true });
    expect((await records(id))[0]).toMatchObject({ state: 'review', review_reason: 'changed', status: 1 });
    expect(await lineStatuses(o)).toEqual([1]);
    expect(await livePayments(o)).toEqual([]);
  });

  it('applies a candidate by hand, which teaches the payer name; reverts it and the upload', async () => {
    const company = await customer('有限会社森田工務店', 'ユウゲンガイシャモリタコウムテン');
    const o = await order(9900, { name: '森田 一', kana: 'モリタ ハジメ' }, company);
    const id = (await upload(zengin([rec(9900, 'ﾓﾘﾀｺｳﾑﾃﾝ ｹｲﾘ')])).expect(202)).body.data.id;
    await match(id);
    const [waiting] = await records(id, '&state=review');
    expect(waiting.candidates.map((c) => c.order_id)).toContain(Number(o.id));
    const candidate = waiting.candidates.find((c) => c.order_id === Number(o.id))!;

    // A stale version is refused and changes nothing.
    const stale = await ctx.api.http
      .put(`/api/v1/deposits/${o.id}/update`)
      .set('Authorization', accountant.auth)
      .send({ version: candidate.version + 5, type: 0, amount: 9900, paid_date: '2026/11/20', record_id: waiting.id })
      .expect(400);
    expectErrorEnvelope(stale.body, 'NAL_ORD-193');
    const applied = await ctx.api.http
      .put(`/api/v1/deposits/${o.id}/update`)
      .set('Authorization', accountant.auth)
      .send({ version: candidate.version, type: 0, amount: 9900, paid_date: '2026/11/20', record_id: waiting.id })
      .expect(200);
    expect(applied.body.data.payment).toMatchObject({ order_id: Number(o.id), amount: 9900, status: 2, paid_date: '2026-11-20' });
    expect(await lineStatuses(o)).toEqual([2]);
    const [record] = await records(id);
    expect(record).toMatchObject({ state: 'matched', matched_by: 'manual', status: 2 });

    // The payer name is now the customer's: a later transfer of the same name matches by it.
    const next = await order(1500, { name: '森田 一', kana: 'モリタ ハジメ' }, company);
    const later = (await upload(zengin([rec(1500, 'ﾓﾘﾀｺｳﾑﾃﾝ ｹｲﾘ')])).expect(202)).body.data.id;
    await match(later);
    expect((await records(later))[0]).toMatchObject({ state: 'matched', matched_by: 'alias' });
    expect(await lineStatuses(next)).toEqual([2]);
    const aliases = async () => (await db().query(`SELECT count(*)::int AS n FROM deposit_payer_aliases WHERE customer_id = $1`, [company]))[0].n;
    expect(await aliases()).toBe(1);

    // The record taken back: the order unpaid again, the history saying why, the record waiting again.
    const reverted = await ctx.api.http
      .put(`/api/v1/deposits/records/${record.id}/revert`)
      .set('Authorization', accountant.auth)
      .send({ version: record.version, reason: '別の受注の入金' })
      .expect(200);
    expect(reverted.body.data).toMatchObject({ state: 'review', review_reason: 'reverted', status: 1 });
    expect(await lineStatuses(o)).toEqual([1]);
    const [back] = await db().query(`SELECT from_status, to_status, note FROM order_status_history WHERE order_id = $1 ORDER BY id DESC LIMIT 1`, [o.id]);
    expect(back).toMatchObject({ from_status: 2, to_status: 1, note: '入金取消: 別の受注の入金' });
    expect(await livePayments(o)).toEqual([]);
    // Taken back as wrong, the name it taught is forgotten: later runs no longer pay this payer to that customer.
    expect(await aliases()).toBe(0);

    // The later upload taken back whole; refused while one of its orders has moved on.
    const laterView = (await ctx.api.http.get(`/api/v1/deposits/${later}`).set('Authorization', accountant.auth).expect(200)).body.data;
    await db().query(`UPDATE order_lines SET status = 3 WHERE order_id = $1`, [next.id]);
    const refused = await ctx.api.http.put(`/api/v1/deposits/${later}/revert`).set('Authorization', accountant.auth).send({ version: laterView.version, reason: '誤り' }).expect(400);
    expectErrorEnvelope(refused.body, 'NAL-DEP-041');
    expect(refused.body.error.params).toEqual({ order_no: next.orderNo });
    expect(await livePayments(next)).toHaveLength(1);
    await db().query(`UPDATE order_lines SET status = 2 WHERE order_id = $1`, [next.id]);
    const whole = await ctx.api.http.put(`/api/v1/deposits/${later}/revert`).set('Authorization', accountant.auth).send({ version: laterView.version, reason: '誤り' }).expect(200);
    expect(whole.body.data).toMatchObject({ state: 'reverted', revert_reason: '誤り' });
    expect(await lineStatuses(next)).toEqual([1]);
    expect((await records(later))[0]).toMatchObject({ state: 'reverted' });
  });

  it('enters a payment by hand on any order, checked at its limits', async () => {
    const o = await givenOrder(ctx.api, { lines: [{ makerId: maker, priceWithTax: 3000 }], paymentMethodId: 3 });
    const put = (body: Record<string, unknown>, auth = accountant.auth) => ctx.api.http.put(`/api/v1/deposits/${o.id}/update`).set('Authorization', auth).send(body);
    const version = await orderVersion(o);
    const tooMuch = await put({ version, type: 9, amount: 100_000_000, paid_date: '2026-11-20', transfer_fee: 10_000_000 }).expect(422);
    expect(tooMuch.body.error.errors.map((e: { field: string }) => e.field).sort()).toEqual(['amount', 'transfer_fee']);
    await put({ version, type: 11, amount: 3000, paid_date: '2026-11-20' }).expect(422);
    await put({ version, type: 9, amount: 3000, paid_date: '2026-13-40' }).expect(422);
    await put({ version, type: 9, amount: 3000, paid_date: '2026-11-20' }, operator.auth).expect(403);
    expect(await lineStatuses(o)).toEqual([1]);
    // Received less the fees the shop bears (transfer, settlement, other): settled in full.
    const settled = await put({ version, type: 9, amount: 2500, paid_date: '2026-11-20', settlement_fee: 300, transfer_fee: 110, other_fee: 90, shipping_fee: 700 }).expect(200);
    expect(settled.body.data.payment).toMatchObject({ type: 9, status: 2, settlement_fee: 300 });
    const ok = await put({ version: settled.body.data.order_version, type: 9, amount: 99_999_999, paid_date: '2026-11-20', shipping_fee: 9_999_999 }).expect(200);
    expect(ok.body.data.payment).toMatchObject({ type: 9, status: 3, shipping_fee: 9_999_999 });
    // The one replaced is kept in the order's deposit history, taken back.
    const history = (await ctx.api.http.get(`/api/v1/deposits/orders/${o.id}`).set('Authorization', operator.auth).expect(200)).body.data;
    expect(history.map((p: { amount: number; reverted_at: string | null }) => [p.amount, p.reverted_at !== null])).toEqual([
      [2500, true],
      [99_999_999, false],
    ]);
  });

  it('downloads the file as uploaded, the result, the period report and the advance payments, in Shift_JIS or UTF-8', async () => {
    const o = await order(2750, { name: '清水 光', kana: 'シミズ ヒカル' });
    const file = zengin([rec(2750, 'ｼﾐｽﾞ ﾋｶﾙ'), rec(999, '=HYPERLINK("x")')]);
    const id = (await upload(file).expect(202)).body.data.id;
    await match(id);
    const token = async () => (await ctx.api.http.get('/api/v1/medias/token').set('Authorization', accountant.auth).expect(200)).body.data.token;

    const original = await ctx.api.http.get(`/api/v1/deposits/${id}/download?token=${await token()}`).expect(302);
    expect((await download(ctx.api, original.headers.location)).bytes.equals(file)).toBe(true);

    const result = await bytesOf(ctx.api.http.get(`/api/v1/deposits/${id}/download-result?encoding=sjis&token=${await token()}`)).expect(200);
    const resultText = iconv.decode(result.body as Buffer, 'cp932');
    expect(resultText.split('\r\n')[0]).toBe('行,照会番号,勘定日,金額,振込依頼人名,EDI情報,処理,入金ステータス,照合方法,受注番号,差額,振込手数料,確認理由');
    expect(resultText).toContain(`消込済,一致,名義,${o.orderNo}-1`);
    expect(resultText).toContain(`"'=HYPERLINK(""x"")"`);

    const report = await bytesOf(ctx.api.http.get(`/api/v1/deposits/report?from=2026-11-20&to=2026-11-20&token=${await token()}`)).expect(200);
    const reportText = (report.body as Buffer).toString('utf8');
    expect(reportText.startsWith('\ufeff入金日,受注番号')).toBe(true);
    expect(reportText).toContain(`2026/11/20,${o.orderNo},1,清水 光,入金,一致,2750,2750`);
    await ctx.api.http.get(`/api/v1/deposits/report?from=2026-11-21&to=2026-11-20&token=${await token()}`).expect(422);

    const advance = await bytesOf(ctx.api.http.get(`/api/v1/deposits/advance-payments?date=2026-11-30&token=${await token()}`)).expect(200);
    expect((advance.body as Buffer).toString('utf8')).toContain(`,${o.orderNo},1,清水 光,`);
  });

  it('takes a cancelled notice out of its file, and leaves a cancellation of an earlier one, and corrections, for staff', async () => {
    const o = await order(6100, { name: '前田 明', kana: 'マエダ アキラ' });
    const cancelledInFile = (await upload(zengin([rec(6100, 'ﾏｴﾀﾞ ｱｷﾗ', { inquiryNo: '900001' }), rec(6100, 'ﾏｴﾀﾞ ｱｷﾗ', { inquiryNo: '900001', cancelled: true })])).expect(202)).body.data;
    expect(cancelledInFile).toMatchObject({ record_count: 0, skipped_count: 1 });
    expect(await match(cancelledInFile.id)).toMatchObject({ matched: 0, finished: true });
    expect(await lineStatuses(o)).toEqual([1]);
    const cancellation = (await upload(zengin([rec(6100, 'ﾏｴﾀﾞ ｱｷﾗ', { inquiryNo: '900002', cancelled: true })])).expect(202)).body.data;
    await match(cancellation.id);
    const [cancelRecord] = await records(cancellation.id);
    expect(cancelRecord).toMatchObject({ state: 'review', review_reason: 'cancellation', status: 1, takes_back: true, candidates: [] });
    // It takes money back: no order can be paid from it, by hand either.
    const refused = await ctx.api.http
      .put(`/api/v1/deposits/${o.id}/update`)
      .set('Authorization', accountant.auth)
      .send({ version: await orderVersion(o), type: 0, amount: 6100, paid_date: '2026-11-20', record_id: cancelRecord.id })
      .expect(400);
    expectErrorEnvelope(refused.body, 'NAL-DEP-047');
    expect(await lineStatuses(o)).toEqual([1]);
    const corrected = writeZenginFile({
      kind: 'statement',
      account: ACCOUNT,
      records: [rec(6100, 'ﾏｴﾀﾞ ｱｷﾗ'), rec(6100, 'ﾏｴﾀﾞ ｱｷﾗ', { withdrawal: true, transactionType: '19' })],
    });
    const third = (await upload(corrected).expect(202)).body.data;
    await match(third.id);
    expect((await records(third.id)).map((r) => [r.state, r.review_reason])).toEqual([
      ['review', 'correction'],
      ['review', 'correction'],
    ]);
    expect(await lineStatuses(o)).toEqual([1]);
  });

  it('keys a bank record by its account: two accounts’ 照会番号 000001 of one day are two deposits', async () => {
    const a = await order(3300, { name: '石井 一', kana: 'イシイ ハジメ' });
    const b = await order(3300, { name: '藤田 二', kana: 'フジタ ジ' });
    const one = (await upload(zengin([rec(3300, 'ｲｼｲ ﾊｼﾞﾒ', { inquiryNo: '000001' })])).expect(202)).body.data;
    const other = writeZenginFile({ kind: 'transfer', account: { ...ACCOUNT, accountNo: '7654321' }, records: [rec(3300, 'ﾌｼﾞﾀ ｼﾞ', { inquiryNo: '000001' })] });
    const two = (await upload(other).expect(202)).body.data;
    await match(one.id);
    await match(two.id);
    expect(await lineStatuses(a)).toEqual([2]);
    expect(await lineStatuses(b)).toEqual([2]);
  });

  it('leaves a deposit no order can be for staff, and matches the rest of its file', async () => {
    const o = await order(4500, { name: '岡田 聡', kana: 'オカダ サトシ' });
    const id = (await upload(zengin([rec(150_000_000, `${o.orderNo} ｵｶﾀﾞ`), rec(4500, 'ｵｶﾀﾞ ｻﾄｼ')])).expect(202)).body.data.id;
    expect(await match(id)).toMatchObject({ matched: 1, finished: true });
    expect((await records(id)).map((r) => [r.state, r.review_reason])).toEqual([
      ['review', 'too_large'],
      ['matched', null],
    ]);
  });

  it('refuses a file with nothing to apply, a cell longer than it can be kept, and a payment of nothing', async () => {
    const empty = await upload(writeDepositCsv({ header: ['受注番号', '入金額'], rows: [] }), `empty-${files}.csv`).expect(422);
    expect(empty.body.error.errors).toEqual([expect.objectContaining({ field: 'file', error_code: 'NAL-DEP-022' })]);
    const long = await upload(writeDepositCsv({ header: ['日付', '入金額', '振込依頼人名'], rows: [['2026/11/20', '500', 'ｱ'.repeat(101)]] }), `long-${files}.csv`).expect(422);
    expect(long.body.error.errors).toEqual([{ field: 'lines.2.payer_name', error_code: 'max_length', params: { max: 100, line: 2 } }]);
    const o = await order(1000, { name: '零 円', kana: 'ゼロ エン' });
    const zero = await ctx.api.http.put(`/api/v1/deposits/${o.id}/update`).set('Authorization', accountant.auth).send({ version: 1, type: 0, amount: 0, paid_date: '2026-11-20' }).expect(422);
    expect(zero.body.error.errors).toEqual([expect.objectContaining({ field: 'amount', error_code: 'min' })]);
  });

  it('will not let a payment by hand replace another bank record’s payment', async () => {
    const o = await order(2400, { name: '原 学', kana: 'ハラ マナブ' });
    const first = (await upload(zengin([rec(2400, 'ﾊﾗ ﾏﾅﾌﾞ')])).expect(202)).body.data.id;
    await match(first);
    const [paidBy] = await records(first);
    const second = (await upload(zengin([rec(2400, 'ﾊﾗ ﾏﾅﾌﾞ ｼﾞﾕﾝｼﾞﾑｼﾖ')])).expect(202)).body.data.id;
    await match(second);
    const [waiting] = await records(second);
    const refused = await ctx.api.http
      .put(`/api/v1/deposits/${o.id}/update`)
      .set('Authorization', accountant.auth)
      .send({ version: await orderVersion(o), type: 0, amount: 2400, paid_date: '2026-11-20', record_id: waiting.id })
      .expect(400);
    expectErrorEnvelope(refused.body, 'NAL-DEP-046');
    expect(refused.body.error.params).toEqual({ record_id: String(paidBy.id) });
    expect((await records(first))[0]).toMatchObject({ id: paidBy.id, state: 'matched' });
    expect(await livePayments(o)).toEqual([{ amount: 2400, transfer_fee: 0, status: 2 }]);
  });

  it('gives the bank records of a reverted upload to a later upload that kept them as duplicates', async () => {
    const o = await order(5150, { name: '村上 誠', kana: 'ムラカミ マコト' });
    const x = rec(5150, 'ﾑﾗｶﾐ ﾏｺﾄ');
    const first = (await upload(zengin([x])).expect(202)).body.data;
    await match(first.id);
    const second = (await upload(zengin([x, rec(777, 'ﾀﾞﾚﾃﾞﾓﾅｲ')])).expect(202)).body.data;
    await match(second.id);
    expect((await records(second.id))[0]).toMatchObject({ state: 'duplicate' });
    const firstView = (await ctx.api.http.get(`/api/v1/deposits/${first.id}`).set('Authorization', accountant.auth).expect(200)).body.data;
    await ctx.api.http.put(`/api/v1/deposits/${first.id}/revert`).set('Authorization', accountant.auth).send({ version: firstView.version, reason: '別口座のファイル' }).expect(200);
    expect(await lineStatuses(o)).toEqual([1]);
    const rematch = (await ctx.api.http.get(`/api/v1/deposits/${second.id}`).set('Authorization', accountant.auth).expect(200)).body.data;
    expect(rematch.state).toBe('matching');
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'deposit.uploaded' AND aggregate_id = $1`, [String(second.id)]);
    expect(n).toBe(2);
    await match(second.id);
    expect((await records(second.id))[0]).toMatchObject({ state: 'matched' });
    expect(await lineStatuses(o)).toEqual([2]);

    // A released record that was to wait for staff (a cancellation) waits for them: it is never matched.
    const c = await order(6200, { name: '前川 光', kana: 'マエカワ ヒカル' });
    const cancellation = rec(6200, 'ﾏｴｶﾜ ﾋｶﾙ', { cancelled: true });
    const a = (await upload(zengin([cancellation])).expect(202)).body.data;
    await match(a.id);
    const b = (await upload(zengin([cancellation, rec(999, 'ﾀﾞﾚﾃﾞﾓﾅｲ')])).expect(202)).body.data;
    await match(b.id);
    const aView = (await ctx.api.http.get(`/api/v1/deposits/${a.id}`).set('Authorization', accountant.auth).expect(200)).body.data;
    await ctx.api.http.put(`/api/v1/deposits/${a.id}/revert`).set('Authorization', accountant.auth).send({ version: aView.version, reason: '誤り' }).expect(200);
    await match(b.id);
    expect((await records(b.id))[0]).toMatchObject({ state: 'review', review_reason: 'cancellation', takes_back: true });
    expect(await lineStatuses(c)).toEqual([1]);
  });

  it('makes a sample file (npm run -s cli -- deposit-sample) that pays the unpaid bank-transfer orders', async () => {
    const o = await order(8250, { name: '長谷川 優', kana: 'ハセガワ ユウ' });
    const id = (await upload(await depositSample(db())).expect(202)).body.data.id;
    await match(id);
    const rows = await records(id);
    expect(rows[rows.length - 1]).toMatchObject({ state: 'review', review_reason: 'no_match' });
    expect(rows.filter((r) => r.state === 'matched').length).toBeGreaterThanOrEqual(1);
    expect(await lineStatuses(o)).toEqual([2]);
  });

  it('lists the uploads newest first with their counts, for those who may read them', async () => {
    const list = await ctx.api.http.get('/api/v1/deposits/history?per_page=20').set('Authorization', operator.auth).expect(200);
    expect(list.body.data.length).toBeGreaterThan(3);
    expect(list.body.data[0].id).toBeGreaterThan(list.body.data[1].id);
    expect(list.body.data[0]).toMatchObject({ created_by: { name: expect.any(String) }, counts: expect.any(Object) });
    const callCenter = await ctx.api.signedIn('call_center');
    await ctx.api.http.get('/api/v1/deposits/history').set('Authorization', callCenter.auth).expect(403);
    await upload(zengin([rec(1, 'ｱ')]), 'x.txt', operator.auth).expect(403);
  });
});
