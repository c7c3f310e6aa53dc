import { extractPdfText } from '../../../libs/infra/test/support/pdf-text';
import { deliveryCompany, givenOrder } from './support/order-fixtures';
import { bytesOf, expectErrorEnvelope, useTestApi } from './support/test-app';

const ISSUER = { company: '株式会社テスト商会', registration: 'T7000012050002' };

/**
 * Print documents of orders (SPEC.md §2, §7 download-bill; docs/decisions.md "Print documents"):
 * issued on the first print with a number of their kind and their content frozen, reprinted marked
 * 再発行; qualified invoices with the tax per rate; refusals for orders that cannot have one; one
 * document per order and kind even when printed twice at once; many orders in one PDF.
 */
describe('print documents API', () => {
  const ctx = useTestApi();
  let staff: string;
  let makerId: string;
  let companyId: string;

  const get = (path: string, auth = staff) => ctx.api.http.get(`/api/v1${path}`).set('Authorization', auth);
  /** A download as the console makes it: with a one-minute media token of the user (a bearer token is not a download token). */
  const dl = async (path: string, auth = staff) => `/api/v1${path}${path.includes('token=') ? '' : `${path.includes('?') ? '&' : '?'}token=${await mediaToken(auth)}`}`;
  const pdf = async (path: string, auth = staff) => {
    const res = await bytesOf(ctx.api.http.get(await dl(path, auth)));
    if (res.status !== 200) throw new Error(`${path}: ${res.status} ${res.body}`);
    expect(res.headers['content-type']).toBe('application/pdf');
    return (await extractPdfText(res.body as Buffer)).text;
  };
  const mediaToken = async (auth = staff) => (await get('/medias/token', auth).expect(200)).body.data.token as string;

  /** An order with a 10% line (1,100 × 2), an 8% line (1,080) and 880 yen shipping, its lines in `status`. */
  async function order(status: number, options: { paid?: boolean } = {}) {
    const o = await givenOrder(ctx.api, {
      lines: [
        { makerId, status, amount: 2, priceWithTax: 1100, taxPercentage: 10 },
        { makerId, status, amount: 1, priceWithTax: 1080, taxPercentage: 8 },
      ],
      delivery: { shipDate: '2026-11-05', deliveryCompanyId: companyId, trackingCode: '1234-5678' },
    });
    await ctx.api.dataSource.query(`UPDATE orders SET shipping_fee = 880 WHERE id = $1`, [o.id]);
    if (options.paid) {
      for (const lineId of o.lineIds) {
        await ctx.api.dataSource.query(
          `INSERT INTO order_status_history (order_id, order_line_id, from_status, to_status, command, changed_at) VALUES ($1, $2, 1, 2, 'confirm_payment', '2026-11-03T01:00:00Z')`,
          [o.id, lineId],
        );
      }
    }
    return o;
  }

  beforeAll(async () => {
    staff = (await ctx.api.signedIn('call_center')).auth;
    makerId = (await ctx.api.maker({ name: '印刷木工' })).id;
    companyId = await deliveryCompany(ctx.api);
    await ctx.api.dataSource.query(
      `UPDATE settings_options SET company_name = $1, invoice_registration_number = $2, zip = '100-0001', address = '東京都千代田区1-1', phone = '03-1111-2222', bank_account = 'テスト銀行 本店 普通 1234567' WHERE id = 1`,
      [ISSUER.company, ISSUER.registration],
    );
  });

  it('the invoice is a qualified invoice: issuer, registration number, lines with ※, per-rate amounts and tax, rounded once per rate', async () => {
    const o = await order(5);
    const text = await pdf(`/orders/${o.id}/download-bill?token=${await mediaToken()}`);
    expect(text).toContain('請求書');
    expect(text).toContain(ISSUER.company);
    expect(text).toContain(`登録番号: ${ISSUER.registration}`);
    expect(text).toContain('取引年月日 2026年11月05日');
    expect(text).toContain('8%※');
    expect(text).toContain('※は軽減税率(8%)対象');
    // 10%: 2,200 + 880 shipping = 3,080, tax 280; 8%: 1,080, tax 80; total 4,160.
    expect(text).toContain('10%対象 ¥3,080（内消費税 ¥280）');
    expect(text).toContain('8%対象 ¥1,080（内消費税 ¥80）');
    expect(text).toContain('合計（税込） ¥4,160');
    expect(text).toContain('送料 ¥880');
    expect(text).toMatch(/No\. INV-\d{6}/);
    expect(text).not.toContain('再発行');
  });

  it('printing again reprints the frozen content marked 再発行, with the same number; one row, counted', async () => {
    const o = await order(6);
    const first = await pdf(`/orders/${o.id}/documents/invoice`);
    const number = first.match(/INV-\d{6}/)![0];
    // The issuer's settings changed afterwards: the issued document prints as it was issued (a change of
    // the order's own figures makes a corrected one instead: tested below).
    await ctx.api.dataSource.query(`UPDATE settings_options SET company_name = '改名後の会社' WHERE id = 1`);
    try {
      const second = await pdf(`/orders/${o.id}/download-bill?token=${await mediaToken()}`);
      expect(second).toContain('【再発行】');
      expect(second).toContain(number);
      expect(second).toContain(ISSUER.company);
      expect(second).not.toContain('改名後の会社');
      expect(second).toContain('10%対象 ¥3,080（内消費税 ¥280）');
    } finally {
      await ctx.api.dataSource.query(`UPDATE settings_options SET company_name = $1 WHERE id = 1`, [ISSUER.company]);
    }
    const rows = await ctx.api.dataSource.query(`SELECT document_no, print_count, content->>'documentNo' AS frozen FROM print_documents WHERE order_id = $1`, [o.id]);
    expect(rows).toEqual([{ document_no: number, print_count: 2, frozen: number }]);
  });

  it('refuses orders that cannot have the document (NAL-REVENUE-010, 011, 012) and writes nothing', async () => {
    const unpaid = await order(1);
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${unpaid.id}/documents/invoice`)).expect(400)).body, 'NAL-REVENUE-010');
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${unpaid.id}/documents/delivery_note`)).expect(400)).body, 'NAL-REVENUE-010');
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${unpaid.id}/documents/receipt`)).expect(400)).body, 'NAL-REVENUE-011');
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${unpaid.id}/documents/delivery_request`)).expect(400)).body, 'NAL-REVENUE-012');
    // Shipped by a postpaid path without a payment confirmed: no receipt.
    const shippedUnpaid = await order(5);
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${shippedUnpaid.id}/documents/receipt`)).expect(400)).body, 'NAL-REVENUE-011');
    expect(await ctx.api.dataSource.query(`SELECT id FROM print_documents WHERE order_id = ANY($1::bigint[])`, [[unpaid.id, shippedUnpaid.id]])).toEqual([]);
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/987654321/documents/invoice`)).expect(404)).body, 'NAL-404');
    const bad = await ctx.api.http.get(await dl(`/orders/${unpaid.id}/documents/quotation`)).expect(422);
    expect(bad.body.error.errors).toEqual([expect.objectContaining({ field: 'kind', error_code: 'in' })]);
  });

  it('an invoice or receipt needs the company name and a valid registration number (NAL-REVENUE-013); a delivery note does not', async () => {
    const o = await order(5, { paid: true });
    await ctx.api.dataSource.query(`UPDATE settings_options SET invoice_registration_number = NULL WHERE id = 1`);
    try {
      expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${o.id}/documents/invoice`)).expect(400)).body, 'NAL-REVENUE-013');
      expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${o.id}/documents/receipt`)).expect(400)).body, 'NAL-REVENUE-013');
      // A number of the right shape with a wrong check digit, stored before the check existed.
      await ctx.api.dataSource.query(`UPDATE settings_options SET invoice_registration_number = 'T1234567890123' WHERE id = 1`);
      expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${o.id}/documents/invoice`)).expect(400)).body, 'NAL-REVENUE-013');
      expect(await pdf(`/orders/${o.id}/documents/delivery_note`)).toContain('納品書');
    } finally {
      await ctx.api.dataSource.query(`UPDATE settings_options SET invoice_registration_number = $1 WHERE id = 1`, [ISSUER.registration]);
    }
  });

  it('a receipt: addressee and 但し書き given at its first issue, kept on reissue; others make a corrected receipt; limits checked', async () => {
    const o = await order(3, { paid: true });
    const tooLong = await ctx.api.http.get(await dl(`/orders/${o.id}/documents/receipt?addressee=${encodeURIComponent('宛'.repeat(51))}&proviso=${encodeURIComponent('但'.repeat(51))}`)).expect(422);
    expect(tooLong.body.error.errors).toEqual([
      { field: 'addressee', error_code: 'max_length', params: { max: 50 } },
      { field: 'proviso', error_code: 'max_length', params: { max: 50 } },
    ]);
    const q = `addressee=${encodeURIComponent('株式会社ヤマダ 御中')}&proviso=${encodeURIComponent('家具代として')}`;
    const text = await pdf(`/orders/${o.id}/documents/receipt?${q}`);
    expect(text).toContain('領収書');
    expect(text).toContain('株式会社ヤマダ 御中');
    expect(text).toContain('但し 家具代として');
    expect(text).toContain('入金日 2026年11月03日');
    expect(text).toContain(`登録番号: ${ISSUER.registration}`);
    expect(text).toContain('10%対象 ¥3,080（内消費税 ¥280）');
    expect(text).toMatch(/RCP-\d{6}/);
    const again = await pdf(`/orders/${o.id}/documents/receipt`);
    expect(again).toContain('【再発行】');
    expect(again).toContain('株式会社ヤマダ 御中');
    // A wrong addressee is corrected by a new receipt that names the one it replaces; the first is voided, never a second live one.
    const first = /RCP-\d{6}/.exec(text)![0];
    const corrected = await pdf(`/orders/${o.id}/documents/receipt?addressee=${encodeURIComponent('株式会社ヤマダ商事 御中')}`);
    expect(corrected).toContain('株式会社ヤマダ商事 御中');
    expect(corrected).toContain('但し 家具代として');
    expect(corrected).toContain(`（${first} を訂正）`);
    expect(corrected).not.toContain('再発行');
    const rows = await ctx.api.dataSource.query(`SELECT document_no, voided_at IS NOT NULL AS voided, replaced_by IS NOT NULL AS replaced FROM print_documents WHERE order_id = $1 AND kind = 'receipt' ORDER BY id`, [o.id]);
    expect(rows).toEqual([
      { document_no: first, voided: true, replaced: true },
      { document_no: expect.stringMatching(/^RCP-\d{6}$/), voided: false, replaced: false },
    ]);
  });

  it('an invoice the order has since contradicted (a line refunded) is replaced by a corrected one; unchanged, it is reissued', async () => {
    const o = await order(5);
    const text = await pdf(`/orders/${o.id}/download-bill`);
    const first = /INV-\d{6}/.exec(text)![0];
    expect(await pdf(`/orders/${o.id}/download-bill`)).toContain('【再発行】');
    // Settings changed since do not make a new document: it is kept as issued.
    await ctx.api.dataSource.query(`UPDATE settings_options SET phone = '03-9999-0000' WHERE id = 1`);
    expect(await pdf(`/orders/${o.id}/download-bill`)).toContain(first);
    await ctx.api.dataSource.query(`UPDATE order_lines SET status = 7 WHERE order_id = $1 AND tax_percentage = 8`, [o.id]);
    const corrected = await pdf(`/orders/${o.id}/download-bill`);
    expect(corrected).toContain(`（${first} を訂正）`);
    expect(corrected).not.toContain('8%対象');
    expect(corrected).toContain('10%対象 ¥3,080（内消費税 ¥280）');
    const again = await pdf(`/orders/${o.id}/download-bill`);
    expect(again).toContain('【再発行】');
    expect(/INV-\d{6}/.exec(again)![0]).toBe(/INV-\d{6}/.exec(corrected)![0]);
  });

  it('a monthly-invoice order paid by a deposit after shipment gets a receipt dated the bank day; one with an unpaid line gets none', async () => {
    const o = await order(5);
    await ctx.api.dataSource.query(`UPDATE orders SET payment_method_id = 5 WHERE id = $1`, [o.id]);
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${o.id}/documents/receipt`)).expect(400)).body, 'NAL-REVENUE-011');
    await ctx.api.dataSource.query(`INSERT INTO deposit_payments (order_id, type, status, paid_date, amount, due_amount) VALUES ($1, 0, 2, '2026-11-28', 4160, 4160)`, [o.id]);
    expect(await pdf(`/orders/${o.id}/documents/receipt`)).toContain('入金日 2026年11月28日');

    const partly = await order(2, { paid: true });
    await ctx.api.dataSource.query(`UPDATE order_lines SET status = 1 WHERE order_id = $1 AND tax_percentage = 8`, [partly.id]);
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${partly.id}/documents/receipt`)).expect(400)).body, 'NAL-REVENUE-011');
  });

  it('a delivery request lists what was ordered from makers, with the delivery, without prices', async () => {
    const o = await order(4);
    const text = await pdf(`/orders/${o.id}/documents/delivery_request`);
    expect(text).toContain('発注書兼配送依頼書');
    expect(text).toContain('印刷木工');
    expect(text).toMatch(/REQ-\d{6}/);
    expect(text).not.toContain('¥');
  });

  it('two first prints at once make one document', async () => {
    const o = await order(5);
    const texts = await Promise.all([1, 2, 3, 4].map(() => pdf(`/orders/${o.id}/documents/delivery_note`)));
    const numbers = new Set(texts.map((t) => t.match(/DLV-\d{6}/)![0]));
    expect(numbers.size).toBe(1);
    expect(texts.filter((t) => !t.includes('再発行'))).toHaveLength(1);
    expect(await ctx.api.dataSource.query(`SELECT print_count FROM print_documents WHERE order_id = $1`, [o.id])).toEqual([{ print_count: 4 }]);
  });

  it('many orders: issues what it can, answers each order, and serves the issued ones as one PDF', async () => {
    const [a, b, unpaid] = [await order(5), await order(12), await order(1)];
    const res = await ctx.api.http
      .post('/api/v1/orders/documents')
      .set('Authorization', staff)
      .send({ kind: 'invoice', order_ids: [Number(a.id), Number(unpaid.id), Number(b.id), 987654321] })
      .expect(200);
    const { results, download_path: path } = res.body.data;
    expect(results).toEqual([
      { order_id: a.id, ok: true, document_no: expect.stringMatching(/^INV-\d{6}$/), reissue: false, replaces: null },
      { order_id: unpaid.id, ok: false, error_code: 'NAL-REVENUE-010' },
      { order_id: b.id, ok: true, document_no: expect.stringMatching(/^INV-\d{6}$/), reissue: false, replaces: null },
      { order_id: '987654321', ok: false, error_code: 'NAL-404' },
    ]);
    expect(path).toBe(`/orders/documents/download?kind=invoice&ids=${a.id},${b.id}`);
    const both = await bytesOf(ctx.api.http.get(`/api/v1${path}&token=${await mediaToken()}`)).expect(200).expect('Content-Type', 'application/pdf');
    const { pages } = await extractPdfText(both.body as Buffer);
    // A page per order, in the order asked.
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain(results[0].document_no);
    expect(pages[1]).toContain(results[2].document_no);
    // Issued by the batch, printed once by the download: the next print of either is a reissue.
    expect(await pdf(`/orders/${a.id}/download-bill`)).toContain('【再発行】');

    const tooMany = await ctx.api.http
      .post('/api/v1/orders/documents')
      .set('Authorization', staff)
      .send({ kind: 'invoice', order_ids: Array.from({ length: 201 }, (_, i) => i + 1) })
      .expect(422);
    expect(tooMany.body.error.errors).toEqual([expect.objectContaining({ field: 'order_ids', error_code: 'max' })]);
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/documents/download?kind=receipt&ids=${a.id}`)).expect(404)).body, 'NAL-404');
  });

  it('makers may not print; a download without a token is refused', async () => {
    const o = await order(5);
    const maker = await ctx.api.signedIn('maker', makerId);
    expectErrorEnvelope((await ctx.api.http.get(await dl(`/orders/${o.id}/documents/delivery_note`, maker.auth)).expect(403)).body, 'NAL-403');
    expectErrorEnvelope((await ctx.api.http.get(`/api/v1/orders/${o.id}/download-bill`).expect(401)).body, 'NAL-LO-07');
    // A bearer token is not a download token: a download URL is the one-minute media token's alone.
    expectErrorEnvelope((await get(`/orders/${o.id}/download-bill`).expect(401)).body, 'NAL-LO-07');
  });
});
