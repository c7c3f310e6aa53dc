import { japanToday, validUntil } from '@oms/domain';
import { createFileStorage, EstimateRepository, mediaUploadKey, renderDefaultSeal } from '@oms/infra';
import PDFDocument from 'pdfkit';
import { extractPdfText } from '../../../libs/infra/test/support/pdf-text';
import { bytesOf, expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Json = Record<string, unknown>;

const line = (over: Json = {}) => ({ ec_product_code: 'EC-001', product_name: '桧のダイニングテーブル', tax_percentage: 10, option_detail: '幅180cm', price_with_tax: 110000, amount: 1, unit: '台', ...over });

/** The estimate form as the console sends it: two rates, two fees, notes. */
const form = (customerId: string, over: Json = {}) => ({
  customer_id: customerId,
  person_in_charge: '佐藤 花子',
  delivery_location: '本社ビル 3階',
  fax_number: '03-1234-5678',
  zip: '100-0001',
  estimate_payment_id: 2,
  details: [line(), line({ ec_product_code: 'EC-002', product_name: '国産緑茶ギフト', tax_percentage: 8, option_detail: null, price_with_tax: 3240, amount: 5, unit: '箱' })],
  fee1_id: 1,
  fee1_value: 2200,
  fee2_id: 4,
  fee2_value: 1000,
  estimate_notes: ['納期はご注文から約3週間です。', '送料は本州の場合です。'],
  note: '設置は別途ご相談ください。',
  ...over,
});

function pdfBytes(api: TestApp, url: string) {
  return bytesOf(api.http.get(url));
}

/** A small real PDF. */
function pdfBytesOf(text: string): Promise<Buffer> {
  return new Promise<Buffer>((resolve) => {
    const doc = new PDFDocument();
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.text(text);
    doc.end();
  });
}

const imageCount = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;

describe('estimates', () => {
  const ctx = useTestApi();
  let customerId: string;
  let operator: Awaited<ReturnType<TestApp['signedIn']>>;
  let approver: Awaited<ReturnType<TestApp['signedIn']>>;
  let estimateApprover: Awaited<ReturnType<TestApp['signedIn']>>;

  beforeAll(async () => {
    const [row] = await ctx.api.dataSource.query(`INSERT INTO customers (same_person_id, name, company_name, zip, address) VALUES (0, '山田 太郎', '山田商事株式会社', '150-0001', '東京都渋谷区神宮前1-1-1') RETURNING id::text AS id`);
    customerId = row.id;
    operator = await ctx.api.signedIn('operator');
    approver = await ctx.api.signedIn('approver');
    estimateApprover = await ctx.api.signedIn('estimate_approver');
  });

  const create = (body: Json, auth = operator.auth) => ctx.api.http.post('/api/v1/customers/estimates').set('Authorization', auth).send(body);
  const put = (path: string, body: Json, auth: string) => ctx.api.http.put(`/api/v1/customers/estimates${path}`).set('Authorization', auth).send(body);
  const get = async (id: string, auth = operator.auth) => (await ctx.api.http.get(`/api/v1/customers/estimates/${id}`).set('Authorization', auth).expect(200)).body.data;
  const made = async (over: Json = {}) => (await create(form(customerId, over)).expect(201)).body.data;
  const mediaToken = async (auth: string) => (await ctx.api.http.get('/api/v1/medias/token').set('Authorization', auth).expect(200)).body.data.token as string;
  const historyRows = async (id: string) => (await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM estimate_history WHERE estimate_id = $1`, [id]))[0].n as number;

  describe('create and edit', () => {
    it('creates with a number of its own, and answers the totals the server computes (tax per rate, rounded down once)', async () => {
      const e = await made();
      expect(e).toMatchObject({
        customer_id: customerId,
        estimate_no: expect.stringMatching(/^E-\d{8}-\d{4,}$/),
        revision: 1,
        status: 1,
        button_type: 1,
        special_flow: 0,
        subtotal: 110000 + 16200,
        fees_total: 1200,
        total: 127400,
        taxes: [
          { rate: 10, total_with_tax: 111200, tax: 10109 },
          { rate: 8, total_with_tax: 16200, tax: 1200 },
        ],
        valid_until: validUntil(japanToday()),
        locked: false,
        version: 1,
      });
      expect(e.details[1]).toEqual(expect.objectContaining({ product_name: '国産緑茶ギフト', option_detail: null }));
      expect((await get(e.id)).steps).toEqual([expect.objectContaining({ action: 'create', to_status: 1 })]);
    });

    it('refuses a role without estimates (403) and a missing customer (422), writing nothing', async () => {
      const before = (await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM estimates`))[0].n;
      for (const role of ['accountant', 'maker'] as const) expectErrorEnvelope((await create(form(customerId), (await ctx.api.signedIn(role)).auth).expect(403)).body, 'NAL-403');
      await create(form(customerId), (await ctx.api.signedIn('call_center')).auth).expect(201);
      const res = await create(form('999999999')).expect(422);
      expect(res.body.error.errors).toEqual([{ field: 'customer_id', error_code: 'exists' }]);
      expect((await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM estimates`))[0].n).toBe(before + 1);
    });

    // SPEC.md §5 limits the estimate has, at max (accepted) and max+1 (refused on its wire path).
    const text = (n: number) => 'あ'.repeat(n);
    const notes8 = Array.from({ length: 8 }, () => text(100));
    it.each([
      ['estimate_no', { estimate_no: `N${'1'.repeat(29)}` }, { estimate_no: `N${'1'.repeat(30)}` }, 'estimate_no', 'max_length'],
      ['person_in_charge', { person_in_charge: text(100) }, { person_in_charge: text(101) }, 'person_in_charge', 'max_length'],
      ['delivery_location', { delivery_location: text(100) }, { delivery_location: text(101) }, 'delivery_location', 'max_length'],
      ['fax_number', { fax_number: '0-9-01-234-5678' }, { fax_number: '0-9-0-1-234-5678' }, 'fax_number', 'max_length'],
      ['zip', { zip: '100-0001' }, { zip: '100-00012' }, 'zip', 'max_length'],
      ['product_name', { details: [line({ product_name: text(100) })] }, { details: [line(), line(), line(), line({ product_name: text(101) })] }, 'details.3.product_name', 'max_length'],
      ['ec_product_code', { details: [line({ ec_product_code: 'C'.repeat(70) })] }, { details: [line({ ec_product_code: 'C'.repeat(71) })] }, 'details.0.ec_product_code', 'max_length'],
      ['option_detail', { details: [line({ option_detail: text(50) })] }, { details: [line({ option_detail: text(51) })] }, 'details.0.option_detail', 'max_length'],
      ['unit', { details: [line({ unit: text(10) })] }, { details: [line({ unit: text(11) })] }, 'details.0.unit', 'max_length'],
      ['tax_percentage', { details: [line({ tax_percentage: 100 })] }, { details: [line({ tax_percentage: 101 })] }, 'details.0.tax_percentage', 'max'],
      ['price_with_tax', { details: [line({ price_with_tax: 99_999_999 })], fee1_id: null, fee1_value: null, fee2_id: null, fee2_value: null }, { details: [line({ price_with_tax: 100_000_000 })] }, 'details.0.price_with_tax', 'max'],
      ['amount', { details: [line({ amount: 9999, price_with_tax: 1 })] }, { details: [line({ amount: 10000, price_with_tax: 1 })] }, 'details.0.amount', 'max'],
      ['amount (min)', { details: [line({ amount: 1 })] }, { details: [line({ amount: 0 })] }, 'details.0.amount', 'min'],
      ['fee1_id', { fee1_id: 1 }, { fee1_id: 0 }, 'fee1_id', 'in'],
      ['fee2_value', { fee2_id: 1, fee2_value: 9_999_999 }, { fee2_id: 1, fee2_value: 10_000_000 }, 'fee2_value', 'max'],
      ['fee1_value (min)', { fee1_value: 0 }, { fee1_value: -1 }, 'fee1_value', 'min'],
      ['fee1_value', { fee1_value: 9_999_999 }, { fee1_value: 10_000_000 }, 'fee1_value', 'max'],
      ['fee2_id', { fee2_id: 5 }, { fee2_id: 6 }, 'fee2_id', 'in'],
      ['estimate_notes (count)', { estimate_notes: notes8 }, { estimate_notes: [...notes8, 'x'] }, 'estimate_notes', 'max'],
      ['estimate_notes (length)', { estimate_notes: notes8 }, { estimate_notes: [...notes8.slice(0, 7), text(101)] }, 'estimate_notes.7', 'max_length'],
      ['note', { note: text(100) }, { note: text(101) }, 'note', 'max_length'],
      ['details (count)', { details: Array.from({ length: 100 }, () => line({ price_with_tax: 1000 })) }, { details: Array.from({ length: 101 }, () => line()) }, 'details', 'max'],
    ])('%s: the limit is taken, one past it refused on its field', async (_name, atMax, pastMax, field, code) => {
      await create(form(customerId, atMax)).expect(201);
      const before = (await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM estimates`))[0].n;
      const res = await create(form(customerId, pastMax)).expect(422);
      expectErrorEnvelope(res.body, 'NAL-422');
      expect(res.body.error.errors).toContainEqual(expect.objectContaining({ field, error_code: code }));
      expect((await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM estimates`))[0].n).toBe(before);
    });

    it('needs a line, a fee kind with its value, and a unique number', async () => {
      expect((await create(form(customerId, { details: [] })).expect(422)).body.error.errors).toContainEqual({ field: 'details', error_code: 'required' });
      expect((await create(form(customerId, { fee1_id: 1, fee1_value: null })).expect(422)).body.error.errors).toContainEqual(expect.objectContaining({ field: 'fee1_value', error_code: 'required' }));
      await create(form(customerId, { estimate_no: 'UNIQUE-1' })).expect(201);
      expect((await create(form(customerId, { estimate_no: 'UNIQUE-1' })).expect(422)).body.error.errors).toEqual([{ field: 'estimate_no', error_code: 'unique' }]);
      expectErrorEnvelope((await create(form(customerId, { fee2_id: 4, fee2_value: 200000 })).expect(400)).body, 'NAL-CTM-108');
    });

    it('refuses a stale version with its own code and writes nothing', async () => {
      const e = await made();
      await put(`/${e.id}`, { ...form(customerId), note: '一回目', version: 1 }, operator.auth).expect(200);
      const steps = await historyRows(e.id);
      const res = await put(`/${e.id}`, { ...form(customerId), note: '古い画面から', version: 1 }, operator.auth).expect(400);
      expectErrorEnvelope(res.body, 'NAL-CTM-101');
      const now = await get(e.id);
      expect(now).toMatchObject({ note: '一回目', version: 2 });
      expect(await historyRows(e.id)).toBe(steps);
      expectErrorEnvelope((await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: true }, operator.auth).expect(400)).body, 'NAL-CTM-101');
    });
  });

  describe('the workflow', () => {
    it.each([
      [true, true, 4, 2],
      [true, false, 2, 2],
      [false, true, 3, 3],
      [false, false, 3, 3],
    ])('request-approve with approve=%s stamp=%s → status %i, button %i', async (approve, stamp, status, button) => {
      const e = await made();
      const res = await put(`/${e.id}/request-approve`, { version: 1, approve, stamp }, operator.auth).expect(200);
      expect(res.body.data).toMatchObject({ status, button_type: button, approve, stamp, version: 2 });
      const [event] = await ctx.api.dataSource.query(`SELECT payload FROM outbox_events WHERE type = 'estimate.approval_requested' AND aggregate_id = $1`, [e.id]);
      expect(event.payload).toMatchObject({ estimateId: e.id, revision: 1, step: approve ? 'approve' : 'stamp' });
    });

    it('approve then stamp, each only by whom DESIGN.md §8 allows, leaving a history row each', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: true }, operator.auth).expect(200);
      expectErrorEnvelope((await put('/approve', { id: e.id, version: 2, action: 'approve' }, operator.auth).expect(403)).body, 'NAL-403');
      expectErrorEnvelope((await put('/approve', { id: e.id, version: 2, action: 'stamp' }, approver.auth).expect(400)).body, 'NAL-CTM-102');
      const approved = (await put('/approve', { id: e.id, version: 2, action: 'approve' }, estimateApprover.auth).expect(200)).body.data;
      expect(approved).toMatchObject({ status: 3, button_type: 3, locked: true, approved_date: expect.any(String), seal_approved_date: null });
      expectErrorEnvelope((await put('/approve', { id: e.id, version: 3, action: 'stamp' }, estimateApprover.auth).expect(403)).body, 'NAL-403');
      const stamped = (await put('/approve', { id: e.id, version: 3, action: 'stamp' }, approver.auth).expect(200)).body.data;
      expect(stamped).toMatchObject({ status: 6, button_type: 0, seal_approved_date: expect.any(String) });
      const steps = (await get(e.id)).steps;
      expect(steps.map((s: Json) => [s.action, s.from_status, s.to_status])).toEqual([
        ['create', null, 1],
        ['request_approve', 1, 4],
        ['approve', 4, 3],
        ['stamp', 3, 6],
      ]);
      expect(steps[3]).toMatchObject({ actor_name: 'Test approver', via_link: false });
    });

    it('a rejection and an edit request need their reason, and send the estimate back to request-edit with it', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: false }, operator.auth).expect(200);
      expectErrorEnvelope((await put('/approve', { id: e.id, version: 2, action: 'reject' }, approver.auth).expect(400)).body, 'NAL-CTM-103');
      const rejected = (await put('/approve', { id: e.id, version: 2, action: 'reject', comment: '単価が古いです' }, approver.auth).expect(200)).body.data;
      expect(rejected).toMatchObject({ status: 5, admin_note: '単価が古いです', button_type: 1 });
      await put(`/${e.id}/request-approve`, { version: 3, approve: false, stamp: true }, operator.auth).expect(200);
      const returned = (await put('/approve', { id: e.id, version: 4, action: 'return_edit', comment: '宛名を修正' }, approver.auth).expect(200)).body.data;
      expect(returned).toMatchObject({ status: 5, admin_note: '宛名を修正' });
    });

    it('an edit request after an approval takes the approval back: asked again, the PDF is a draft again', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: true }, operator.auth).expect(200);
      await put('/approve', { id: e.id, version: 2, action: 'approve' }, approver.auth).expect(200);
      const returned = (await put('/approve', { id: e.id, version: 3, action: 'return_edit', comment: '納期を追記' }, approver.auth).expect(200)).body.data;
      expect(returned).toMatchObject({ status: 5, approved_date: null, locked: false });
      const pdf = (await pdfBytes(ctx.api, `/api/v1/customers/estimates/download?id=${e.id}&token=${await mediaToken(operator.auth)}`).expect(200)).body as Buffer;
      expect((await extractPdfText(pdf)).text).toContain('下書き');
    });
  });

  describe('approval links', () => {
    const estimates = new EstimateRepository();
    const issue = async (e: { id: string; revision: number }, recipientId: string, step: 'approve' | 'stamp', expiresAt = new Date(Date.now() + 3600_000)) => {
      // As the worker does: a link of the round the estimate now waits for.
      const [{ requestId }] = await ctx.api.dataSource.query(`SELECT current_request_id::text AS "requestId" FROM estimates WHERE id = $1`, [e.id]);
      return ctx.api.dataSource.transaction((m) => estimates.issueLink(m, { estimateId: e.id, revision: e.revision, step, requestId, recipientId, expiresAt }));
    };
    const check = (token: string) => ctx.api.http.get(`/api/v1/customers/estimates/check?link_token=${encodeURIComponent(token)}`);
    const answer = (body: Json) => ctx.api.http.put('/api/v1/customers/estimates/approve').send(body);

    it('the first answer wins: a second link of the same request answers someone else, with no referrer', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: false }, operator.auth).expect(200);
      const mine = await issue(e, approver.id, 'approve');
      const theirs = await issue(e, estimateApprover.id, 'approve');
      const page = await check(mine).expect(200);
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      // The page shows the quotation, not what only staff see.
      for (const staffOnly of ['s3_path', 'original_file_name', 'admin_note', 'customer_id', 'actions', 'created_at']) expect(page.body.data.estimate).not.toHaveProperty(staffOnly);
      expect(page.body.data).toMatchObject({ step: 'approve', answers: ['approve', 'reject'], recipient_name: 'Test approver', estimate: { id: e.id, version: 2, total: 127400 } });
      const pdf = await pdfBytes(ctx.api, `/api/v1/customers/estimates/download?link_token=${mine}`).expect(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');

      const res = await answer({ id: e.id, version: 2, action: 'approve', link_token: mine }).expect(200);
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.body.data).toMatchObject({ status: 6 });
      expect((await get(e.id)).steps.at(-1)).toMatchObject({ action: 'approve', via_link: true, actor_name: 'Test approver' });

      expectErrorEnvelope((await check(theirs).expect(400)).body, 'NAL-CTM-104');
      expectErrorEnvelope((await answer({ id: e.id, version: 3, action: 'reject', comment: 'x', link_token: theirs }).expect(400)).body, 'NAL-CTM-104');
      expectErrorEnvelope((await check(mine).expect(400)).body, 'NAL-CTM-104');
    });

    it('refuses an expired and a forged token, a link used on another estimate, and an answer the step does not take', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: false }, operator.auth).expect(200);
      const expired = await issue(e, approver.id, 'approve', new Date(Date.now() - 1000));
      expectErrorEnvelope((await check(expired).expect(400)).body, 'NAL-CTM-105');
      expectErrorEnvelope((await answer({ id: e.id, version: 2, action: 'approve', link_token: expired }).expect(400)).body, 'NAL-CTM-105');
      const forged = Buffer.alloc(32, 7).toString('base64url');
      expectErrorEnvelope((await check(forged).expect(400)).body, 'NAL-CTM-106');
      expectErrorEnvelope((await answer({ id: e.id, version: 2, action: 'approve', link_token: forged }).expect(400)).body, 'NAL-CTM-106');
      const good = await issue(e, estimateApprover.id, 'approve');
      const other = await made();
      expectErrorEnvelope((await answer({ id: other.id, version: 1, action: 'approve', link_token: good }).expect(400)).body, 'NAL-CTM-106');
      expectErrorEnvelope((await answer({ id: e.id, version: 2, action: 'stamp', link_token: good }).expect(400)).body, 'NAL-CTM-102');
      // Without a link, no bearer: the guard refuses.
      expectErrorEnvelope((await answer({ id: e.id, version: 2, action: 'approve' }).expect(401)).body, 'NAL-401');
      expect((await get(e.id)).status).toBe(2);
    });

    it('never lets a request without a bearer token reach a PDF it has no link for', async () => {
      const e = await made();
      // A media token alongside a link token is checked as a media token (a bad one: 401), never waved through.
      expectErrorEnvelope((await ctx.api.http.get(`/api/v1/customers/estimates/download?id=${e.id}&link_token=x&token=x`).expect(401)).body, 'NAL-LO-07');
      expectErrorEnvelope((await ctx.api.http.get(`/api/v1/customers/estimates/download?id=${e.id}&link_token=x`).expect(400)).body, 'NAL-CTM-106');
    });

    it('two answers at once: one wins, the other hears someone else answered, never a 500', async () => {
      for (let round = 0; round < 5; round++) {
        const e = await made();
        await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: false }, operator.auth).expect(200);
        const a = await issue(e, approver.id, 'approve');
        const b = await issue(e, estimateApprover.id, 'approve');
        const answers = await Promise.all([
          answer({ id: e.id, version: 2, action: 'approve', link_token: a }),
          answer({ id: e.id, version: 2, action: 'reject', comment: '却下', link_token: b }),
          put('/approve', { id: e.id, version: 2, action: 'approve' }, approver.auth),
        ]);
        expect(answers.map((r) => r.status).sort()).toEqual([200, 400, 400]);
        for (const lost of answers.filter((r) => r.status === 400)) expect(['NAL-CTM-104', 'NAL-CTM-101']).toContain(lost.body.error.error_code);
        const links = answers.slice(0, 2).filter((r) => r.status === 400);
        // A link that lost answers 'someone else', not 'reload'.
        for (const lost of links) expect(lost.body.error.error_code).toBe('NAL-CTM-104');
        expect((await get(e.id)).version).toBe(3);
      }
    });

    it('a link of an earlier round cannot answer the next one', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: false }, operator.auth).expect(200);
      const first = await issue(e, approver.id, 'approve');
      await put('/approve', { id: e.id, version: 2, action: 'reject', comment: '単価を見直して' }, estimateApprover.auth).expect(200);
      await put(`/${e.id}/request-approve`, { version: 3, approve: true, stamp: false }, operator.auth).expect(200);
      expectErrorEnvelope((await check(first).expect(400)).body, 'NAL-CTM-104');
      expectErrorEnvelope((await answer({ id: e.id, version: 4, action: 'approve', link_token: first }).expect(400)).body, 'NAL-CTM-104');
    });

    it('a recipient moved to a role without the step can no longer read or answer through the link', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: false }, operator.auth).expect(200);
      const moved = await ctx.api.user('approver');
      const token = await issue(e, moved.id, 'approve');
      await check(token).expect(200);
      await ctx.api.dataSource.query(`UPDATE users SET role = 'accountant' WHERE id = $1`, [moved.id]);
      expectErrorEnvelope((await check(token).expect(403)).body, 'NAL-403');
      expectErrorEnvelope((await ctx.api.http.get(`/api/v1/customers/estimates/download?link_token=${token}`).expect(403)).body, 'NAL-403');
    });

    it('a recipient disabled since the mail can no longer answer through it', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: false }, operator.auth).expect(200);
      const gone = await ctx.api.user('approver');
      const token = await issue(e, gone.id, 'approve');
      await ctx.api.dataSource.query(`UPDATE users SET status = 'invalid' WHERE id = $1`, [gone.id]);
      expectErrorEnvelope((await answer({ id: e.id, version: 2, action: 'approve', link_token: token }).expect(403)).body, 'NAL-403');
    });

    it('editing an approved estimate makes revision 2, voids revision 1 links and keeps revision 1 as issued', async () => {
      const e = await made();
      await put(`/${e.id}/request-approve`, { version: 1, approve: true, stamp: true }, operator.auth).expect(200);
      await put('/approve', { id: e.id, version: 2, action: 'approve' }, approver.auth).expect(200);
      const stampLink = await issue({ id: e.id, revision: 1 }, approver.id, 'stamp');
      // The customer moves after revision 1 was issued: its PDF keeps the address it was issued to.
      const [{ address }] = await ctx.api.dataSource.query(`SELECT address FROM customers WHERE id = $1`, [customerId]);
      const revised = (await put(`/${e.id}`, { ...form(customerId), estimate_no: 'ANOTHER-NO', details: [line({ price_with_tax: 99000 })], version: 3 }, operator.auth).expect(200)).body.data;
      await ctx.api.dataSource.query(`UPDATE customers SET address = '大阪府大阪市北区梅田1-1' WHERE id = $1`, [customerId]);
      expect(revised).toMatchObject({ revision: 2, estimate_no: e.estimate_no, estimate_no_label: `${e.estimate_no}-R2`, status: 1, approved_date: null, seal_approved_date: null, approve: false, stamp: false, locked: false, total: 100200 });
      expectErrorEnvelope((await check(stampLink).expect(400)).body, 'NAL-CTM-104');
      // Revision 2 is not approved, but its number is the estimate's for good.
      const again = (await put(`/${e.id}`, { ...form(customerId), estimate_no: 'THIRD-NO', details: [line({ price_with_tax: 99000 })], version: revised.version }, operator.auth).expect(200)).body.data;
      expect(again).toMatchObject({ revision: 2, estimate_no: e.estimate_no });

      const detail = await get(e.id);
      expect(detail.revisions).toEqual([
        expect.objectContaining({ revision: 1, current: false, approved_date: expect.any(String), total: 127400 }),
        expect.objectContaining({ revision: 2, current: true, approved_date: null, total: 100200 }),
      ]);
      const history = (await ctx.api.http.get(`/api/v1/customers/${customerId}/estimates/history`).set('Authorization', operator.auth).expect(200)).body;
      expect(history.data.find((row: Json) => row.id === e.id).revisions).toHaveLength(2);

      const token = await mediaToken(operator.auth);
      const first = await pdfBytes(ctx.api, `/api/v1/customers/estimates/download?id=${e.id}&revision=1&token=${token}`).expect(200);
      const firstText = (await extractPdfText(first.body)).text;
      expect(firstText).toContain('¥110,000');
      expect(firstText).not.toContain('-R2');
      expect(firstText).toContain(address);
      expect(firstText).not.toContain('梅田');
      const second = await pdfBytes(ctx.api, `/api/v1/customers/estimates/download?id=${e.id}&token=${token}`).expect(200);
      const secondText = (await extractPdfText(second.body)).text;
      expect(secondText).toContain(`${e.estimate_no}-R2`);
      expect(secondText).toContain('¥99,000');
      expect(secondText).toContain('梅田');
      await ctx.api.dataSource.query(`UPDATE customers SET address = $2 WHERE id = $1`, [customerId, address]);
    });
  });

  describe('the PDF', () => {
    it('holds the Japanese names, the validity a month after issue, tax per rate, the draft mark until approved, and the seal only once stamped', async () => {
      const e = await made();
      const url = async () => `/api/v1/customers/estimates/download?id=${e.id}&token=${await mediaToken(operator.auth)}`;
      const draft = (await pdfBytes(ctx.api, await url()).expect(200)).body as Buffer;
      const text = (await extractPdfText(draft)).text;
      for (const expected of ['御見積書', '桧のダイニングテーブル', '国産緑茶ギフト', '山田商事株式会社', '下書き', '送料', '値引き', '¥127,400']) expect(text).toContain(expected);
      const valid = validUntil(japanToday()).split('-').map(Number);
      expect(text).toContain(`${valid[0]}年${String(valid[1]).padStart(2, '0')}月${String(valid[2]).padStart(2, '0')}日`);
      expect(text).toMatch(/10%.*¥111,200.*¥10,109/);
      expect(text).toMatch(/8%.*¥16,200.*¥1,200/);
      expect(imageCount(draft)).toBe(0);

      await put(`/${e.id}/request-approve`, { version: 1, approve: false, stamp: true }, operator.auth).expect(200);
      await put('/approve', { id: e.id, version: 2, action: 'stamp' }, approver.auth).expect(200);
      const stamped = (await pdfBytes(ctx.api, await url()).expect(200)).body as Buffer;
      expect(imageCount(stamped)).toBeGreaterThan(0);
      expect((await extractPdfText(stamped)).text).not.toContain('下書き');
    });

    it('prints the seal configured in settings: a PNG or JPEG taken over from its upload, nothing else', async () => {
      const admin = await ctx.api.signedIn('system_admin');
      const option = async () => (await ctx.api.http.get('/api/v1/settings/option').set('Authorization', admin.auth).expect(200)).body.data;
      const presigned = (await ctx.api.http.get('/api/v1/medias/presigned_url').query({ file_name: '社印.png', type: 'image/png' }).set('Authorization', admin.auth).expect(200)).body.data;
      const target = new URL(presigned.url);
      await ctx.api.http.put(`${target.pathname}${target.search}`).set(presigned.headers).send(await renderDefaultSeal('見積印刷株式会社')).expect(200);
      const saved = (await ctx.api.http.put('/api/v1/settings/option').set('Authorization', admin.auth).send({ version: (await option()).version, seal_s3_path: presigned.s3_path }).expect(200)).body.data;
      expect(saved.has_seal).toBe(true);
      const [{ key }] = await ctx.api.dataSource.query(`SELECT seal_image_key AS key FROM settings_options`);
      expect(key).toMatch(/^settings\/seal\/[0-9a-f-]{36}\/社印\.png$/);
      expect(await createFileStorage(ctx.api.config).stat(presigned.s3_path)).toBeNull();

      const notAnImage = mediaUploadKey('seal.pdf');
      await createFileStorage(ctx.api.config).put(notAnImage, await pdfBytesOf('not a seal'), 'application/pdf');
      const refused = await ctx.api.http.put('/api/v1/settings/option').set('Authorization', admin.auth).send({ version: saved.version, seal_s3_path: notAnImage }).expect(422);
      expect(refused.body.error.errors).toEqual([{ field: 'seal_s3_path', error_code: 'file_format_invalid' }]);
      expect((await option()).version).toBe(saved.version);
      const [{ key: still }] = await ctx.api.dataSource.query(`SELECT seal_image_key AS key FROM settings_options`);
      expect(still).toBe(key);
    });

    it('download-template is a blank form; downloads need the media token', async () => {
      const blank = await pdfBytes(ctx.api, `/api/v1/customers/estimates/download-template?token=${await mediaToken(operator.auth)}`).expect(200);
      expect((await extractPdfText(blank.body)).text).toContain('御見積書');
      expectErrorEnvelope((await ctx.api.http.get('/api/v1/customers/estimates/download-template?token=nope').expect(401)).body, 'NAL-LO-07');
    });
  });

  describe('the attached file', () => {
    const storage = () => createFileStorage(ctx.api.config);
    const pdfFile = () => pdfBytesOf('Drawing');

    it('uploads through the presigned URL, sets special_flow with the name, opens it, and deleting clears it and the stored file', async () => {
      const e = await made();
      const presigned = (await ctx.api.http.get('/api/v1/medias/presigned_url').query({ file_name: '図面.pdf', type: 'application/pdf' }).set('Authorization', operator.auth).expect(200)).body.data;
      const target = new URL(presigned.url);
      await ctx.api.http.put(`${target.pathname}${target.search}`).set(presigned.headers).send(await pdfFile()).expect(200);
      const attached = (await put(`/${e.id}/upload`, { version: 1, original_file_name: '図面.pdf', s3_path: presigned.s3_path }, operator.auth).expect(200)).body.data;
      // Taken over: moved to the estimate's own key, so the presigned URL no longer reaches it.
      expect(attached).toMatchObject({ special_flow: 1, original_file_name: '図面.pdf', s3_path: expect.stringMatching(new RegExp(`^estimates/${e.id}/[0-9a-f-]{36}/`)), version: 2 });
      expect(await storage().stat(presigned.s3_path)).toBeNull();

      const opened = await ctx.api.http.get(`/api/v1/customers/estimates/download-file?id=${e.id}&token=${await mediaToken(operator.auth)}`).expect(302);
      const signed = new URL(opened.headers.location);
      const file = await pdfBytes(ctx.api, `${signed.pathname}${signed.search}`).expect(200);
      expect((file.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');

      const removed = (await ctx.api.http.delete(`/api/v1/customers/estimates/${e.id}/file?version=2`).set('Authorization', operator.auth).expect(200)).body.data;
      expect(removed).toMatchObject({ special_flow: 0, original_file_name: null, s3_path: null, version: 3 });
      expect(await storage().stat(attached.s3_path)).toBeNull();
      expectErrorEnvelope((await ctx.api.http.delete(`/api/v1/customers/estimates/${e.id}/file?version=3`).set('Authorization', operator.auth).expect(400)).body, 'NAL-CTM-109');
    });

    // As an S3 bucket would hold them: nothing looked at the bytes on arrival, so the claim must.
    it.each([
      ['over the image limit', 'big.png', 'image/png', () => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2048 * 1024 - 7)]), 'file_size_too_large'],
      ['not what it says it is', 'photo.png', 'image/png', async () => pdfFile(), 'file_format_invalid'],
    ])('refuses a file %s and keeps nothing of it', async (_what, name, type, bytes, code) => {
      const e = await made();
      const key = mediaUploadKey(name);
      await storage().put(key, await bytes(), type);
      const res = await put(`/${e.id}/upload`, { version: 1, original_file_name: name, s3_path: key }, operator.auth).expect(422);
      expect(res.body.error.errors).toContainEqual(expect.objectContaining({ field: 's3_path', error_code: code }));
      expect(await storage().stat(key)).toBeNull();
      expect(await get(e.id)).toMatchObject({ special_flow: 0, version: 1 });
    });

    it('an upload is taken over once: a second claim finds nothing, a replayed PUT does not reach the attached file', async () => {
      const [a, b] = [await made(), await made()];
      const presigned = (await ctx.api.http.get('/api/v1/medias/presigned_url').query({ file_name: 'plan.pdf', type: 'application/pdf' }).set('Authorization', operator.auth).expect(200)).body.data;
      const target = new URL(presigned.url);
      const original = await pdfFile();
      await ctx.api.http.put(`${target.pathname}${target.search}`).set(presigned.headers).send(original).expect(200);
      const attached = (await put(`/${a.id}/upload`, { version: 1, original_file_name: 'plan.pdf', s3_path: presigned.s3_path }, operator.auth).expect(200)).body.data;
      const second = await put(`/${b.id}/upload`, { version: 1, original_file_name: 'plan.pdf', s3_path: presigned.s3_path }, operator.auth).expect(422);
      expect(second.body.error.errors).toEqual([{ field: 's3_path', error_code: 'exists' }]);
      await put(`/${b.id}/upload`, { version: 1, original_file_name: 'plan.pdf', s3_path: attached.s3_path }, operator.auth).expect(422);
      // The URL still works until it expires, but only for its own key: the attached copy keeps its bytes.
      await ctx.api.http.put(`${target.pathname}${target.search}`).set(presigned.headers).send(Buffer.concat([original, Buffer.from('%changed')])).expect(200);
      const stored = await storage().get(attached.s3_path);
      const chunks: Buffer[] = [];
      for await (const chunk of stored) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).equals(original)).toBe(true);
    });

    it('takes only a key made by presigned_url', async () => {
      const e = await made();
      const res = await put(`/${e.id}/upload`, { version: 1, original_file_name: 'x.pdf', s3_path: 'settings/seal/default-seal.png' }, operator.auth).expect(422);
      expect(res.body.error.errors).toContainEqual(expect.objectContaining({ field: 's3_path' }));
    });
  });

  it('lists the payment methods an estimate may name', async () => {
    const res = await ctx.api.http.get('/api/v1/customers/estimates/payments').set('Authorization', operator.auth).expect(200);
    expect(res.body.data.map((p: Json) => p.id)).toEqual([0, 1, 2, 3, 4, 5]);
    const bad = await create(form(customerId, { estimate_payment_id: 77 })).expect(422);
    expect(bad.body.error.errors).toEqual([{ field: 'estimate_payment_id', error_code: 'exists' }]);
  });
});
