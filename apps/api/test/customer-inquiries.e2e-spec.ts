import {
  addBusinessDays,
  addDays,
  CUSTOMER_INQUIRY_LIMITS as L,
  CUSTOMER_INQUIRY_METHOD,
  CUSTOMER_INQUIRY_STATE,
  earliestPickupDate,
  japanToday,
  replyDueAt,
  YearEndClosing,
} from '@oms/domain';
import { deliveryCompany, givenOrder } from './support/order-fixtures';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;

/**
 * Customer inquiries (issue 16): the two public forms (SPEC.md §2, §5, §9), their abuse guards, and
 * staff's list, record and handling. Each request of a form comes from an address of its own (the
 * API trusts X-Forwarded-For from loopback, as behind the console's proxy) unless a test says otherwise,
 * so that only the rate-limit tests meet the limits.
 */
describe('customer inquiries: the public forms and staff handling', () => {
  const ctx = useTestApi({ PUBLIC_FORM_LIMIT_PER_ADDRESS: '1000', PUBLIC_FORM_LIMIT_PER_CONTACT: '1000' });
  let operator: Signed;
  let callCenter: Signed;
  let accountant: Signed;
  let closing: YearEndClosing;
  let address = 0;

  const db = () => ctx.api.dataSource;
  const v1 = (path: string) => `/api/v1${path}`;
  const nextAddress = () => `198.51.100.${++address % 250}, 10.0.${Math.floor(address / 250)}.1`;
  const form = (kind: 'inquiry-form' | 'return-form', body: object, from = nextAddress()) =>
    ctx.api.http.post(v1(`/customer-inquiries/${kind}`)).set('X-Forwarded-For', from.split(',')[0]).send(body);
  const get = (path: string, who: Signed) => ctx.api.http.get(v1(path)).set('Authorization', who.auth);
  const post = (path: string, who: Signed, body: object) => ctx.api.http.post(v1(path)).set('Authorization', who.auth).send(body);
  const put = (path: string, who: Signed, body: object) => ctx.api.http.put(v1(path)).set('Authorization', who.auth).send(body);
  const counts = async () =>
    (
      await db().query(
        `SELECT (SELECT count(*)::int FROM customer_inquiries) AS inquiries, (SELECT count(*)::int FROM customers) AS customers,
                (SELECT count(*)::int FROM outbox_events WHERE type = 'customer_inquiry.received') AS events`,
      )
    )[0] as { inquiries: number; customers: number; events: number };
  let mail = 0;
  const email = () => `customer${++mail}.${Date.now()}@example.jp`;

  const inquiry = (over: object = {}) => {
    const address = email();
    return { name: '問合 花子', email: address, confirm_email: address, inquiry_type: 1, title: 'サイズについて', content: '24cm はありますか？', language: 'ja', ...over };
  };
  const today = () => japanToday();
  let order: { id: string; orderNo: string };
  let unshipped: { id: string; orderNo: string };
  /**
   * A return of the fixture order (bought by taro@example.jp, 03-1234-5678), picked up on the first day
   * allowed. It is found by the buyer's phone; the e-mail is new each time, so that the per-e-mail limit
   * is met only where a test means it.
   */
  const returnRequest = (over: object = {}) => {
    const address = email();
    return {
      name: '山田 太郎',
      email: address,
      confirm_email: address.toUpperCase(),
      phone: '03-1234-5678',
      order_no: order.orderNo,
      product: 'ケアシューズ 24.0cm',
      purchase_date: addDays(today(), -9),
      delivery_date: addDays(today(), -2),
      return_request: 2,
      return_method: 1,
      content: 'サイズが合いませんでした。',
      pickup_date: earliestPickupDate(today(), closing),
      pickup_slot: 2,
      return_zip: '150-0001',
      return_address: '東京都渋谷区神宮前1-1-1',
      bank_name: 'みずほ銀行',
      bank_branch: '渋谷支店',
      bank_account_type: 1,
      bank_account_number: '1234567',
      bank_account_holder: 'ヤマダ タロウ',
      agreement: true,
      language: 'ja',
      ...over,
    };
  };

  /** Sends a refused form and shows it changed nothing: the envelope, the fields, no row, customer or event. */
  const refused = async (kind: 'inquiry-form' | 'return-form', body: object, fields: Record<string, string>, status = 422) => {
    const before = await counts();
    const res = await form(kind, body).expect(status);
    expectErrorEnvelope(res.body, status === 422 ? 'NAL-422' : res.body.error.error_code);
    const got = Object.fromEntries(res.body.error.errors.map((e: { field: string; error_code: string }) => [e.field, e.error_code]));
    expect(got).toEqual(fields);
    expect(await counts()).toEqual(before);
    return res.body.error;
  };

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    callCenter = await ctx.api.signedIn('call_center');
    accountant = await ctx.api.signedIn('accountant');
    const [row] = await db().query(`SELECT year_end_closed_from AS "from", year_end_closed_to AS "to" FROM settings_options WHERE id = 1`);
    closing = row;
    const maker = (await ctx.api.maker()).id;
    // Shipped 9 days ago: a delivery on any of the last 7 days is possible.
    order = await givenOrder(ctx.api, {
      lines: [{ makerId: maker, status: 5 }],
      orderDate: addDays(japanToday(), -10),
      delivery: { shipDate: addDays(japanToday(), -9), deliveryCompanyId: await deliveryCompany(ctx.api), trackingCode: '1234-5678-9012' },
    });
    unshipped = await givenOrder(ctx.api, { lines: [{ makerId: maker, status: 4 }], orderDate: addDays(japanToday(), -3) });
  });

  describe('the general inquiry form', () => {
    it('takes an inquiry without signing in: answers only the reference, stores it with its deadline, customer and event', async () => {
      const before = await counts();
      const body = inquiry({ company: '株式会社テスト', position: '購買部', phone: '090-1111-2222', product: 'ケアシューズ' });
      const res = await form('inquiry-form', body).expect(201);
      expect(Object.keys(res.body.data).sort()).toEqual(['received_at', 'reference']);
      expect(res.body.data.reference).toMatch(/^CI-[0-9A-HJKMNP-TV-Z]{8}$/);
      const [row] = await db().query(
        `SELECT i.*, c.name AS customer_name, c.email AS customer_email FROM customer_inquiries i JOIN customers c ON c.id = i.customer_id WHERE reference = $1`,
        [res.body.data.reference],
      );
      expect(row).toMatchObject({ kind: 'inquiry', method: CUSTOMER_INQUIRY_METHOD.shop, state: CUSTOMER_INQUIRY_STATE.waiting, inquiry_type: 1, language: 'ja', company: '株式会社テスト', customer_name: '問合 花子', customer_email: body.email });
      expect(row.reply_due_at.toISOString()).toBe(replyDueAt(row.received_at, closing).toISOString());
      expect(await counts()).toEqual({ inquiries: before.inquiries + 1, customers: before.customers + 1, events: before.events + 1 });
    });

    it('links a second inquiry of the same person (e-mail in another case, or the phone) to the same customer', async () => {
      const first = inquiry({ phone: '03-9999-0001' });
      await form('inquiry-form', first).expect(201);
      const again = { ...inquiry(), email: first.email.toUpperCase(), confirm_email: first.email.toUpperCase() };
      await form('inquiry-form', again).expect(201);
      await form('inquiry-form', inquiry({ phone: '０３９９９９０００１' })).expect(201);
      const rows = await db().query(`SELECT DISTINCT customer_id FROM customer_inquiries WHERE lower(email) = $1 OR phone = '03-9999-0001'`, [first.email]);
      expect(rows).toHaveLength(1);
    });

    it.each([
      ['name', L.nameMax],
      ['company', L.companyMax],
      ['position', L.positionMax],
      ['title', L.titleMax],
      ['content', L.contentMax],
      ['product', L.productMax],
    ])('%s: %i characters are taken, one more is refused', async (field, max) => {
      await form('inquiry-form', inquiry({ [field]: 'あ'.repeat(max) })).expect(201);
      await refused('inquiry-form', inquiry({ [field]: 'あ'.repeat(max + 1) }), { [field]: 'max_length' });
    });

    it('phone: 15 characters are taken (a phone number), one more is refused; the order number at 20', async () => {
      await form('inquiry-form', inquiry({ phone: '03-1111-2222-33' })).expect(422); // 15 characters, 12 digits: not a phone number
      await form('inquiry-form', inquiry({ phone: '090-1111-2222' })).expect(201);
      await refused('inquiry-form', inquiry({ phone: '090-1111-2222-0' + '0' }), { phone: 'max_length' });
      await refused('inquiry-form', inquiry({ order_no: 'A'.repeat(L.orderNoMax) }), { order_no: 'NAL-INQ-003' });
      await refused('inquiry-form', inquiry({ order_no: 'A'.repeat(L.orderNoMax + 1) }), { order_no: 'max_length' });
    });

    it('refuses what documents cannot print in the name or company (they may become a customer)', async () => {
      await refused('inquiry-form', inquiry({ name: '花子😀', company: '🏢' }), { name: 'unprintable', company: 'unprintable' });
    });

    it('makes one customer of a new person who sends two forms at once', async () => {
      const body = inquiry({ phone: '070-5555-0001' });
      const before = await counts();
      const answers = await Promise.all([0, 1, 2, 3].map(() => form('inquiry-form', body)));
      expect(answers.map((a) => a.status)).toEqual([201, 201, 201, 201]);
      expect((await counts()).customers).toBe(before.customers + 1);
      const [{ n }] = await db().query(`SELECT count(DISTINCT customer_id)::int AS n FROM customer_inquiries WHERE email = $1`, [body.email]);
      expect(n).toBe(1);
    });

    it('checks the e-mail: its length, its form, and the confirmation (email_not_match)', async () => {
      const long = `${'a'.repeat(L.emailMax - '@example.jp'.length)}@example.jp`;
      await form('inquiry-form', inquiry({ email: long, confirm_email: long })).expect(201);
      await refused('inquiry-form', inquiry({ email: `a${long}`, confirm_email: `a${long}` }), { email: 'max_length', confirm_email: 'max_length' });
      await refused('inquiry-form', inquiry({ email: 'not-an-address', confirm_email: 'not-an-address' }), { email: 'email_invalid' });
      const error = await refused('inquiry-form', inquiry({ confirm_email: 'someone.else@example.jp' }), { confirm_email: 'email_not_match' });
      expect(error.errors[0].params).toEqual({ other: 'email' });
    });

    it('requires the name, e-mail, confirmation, type, title and content, all said at once', async () => {
      await refused('inquiry-form', {}, { name: 'required', email: 'required', confirm_email: 'required', inquiry_type: 'required', title: 'required', content: 'required' });
      await refused('inquiry-form', inquiry({ inquiry_type: 9, language: 'fr' }), { inquiry_type: 'in', language: 'in' });
    });

    it("says nothing of an order that is not the sender's: one code for someone else's and for none", async () => {
      await refused('inquiry-form', inquiry({ order_no: order.orderNo }), { order_no: 'NAL-INQ-003' });
      await refused('inquiry-form', inquiry({ order_no: 'NO-SUCH-ORDER' }), { order_no: 'NAL-INQ-003' });
      // The buyer's own e-mail (or phone) finds it, and links the inquiry to the order.
      const res = await form('inquiry-form', inquiry({ order_no: order.orderNo, email: 'taro@example.jp', confirm_email: 'taro@example.jp' })).expect(201);
      const [row] = await db().query(`SELECT order_id::text FROM customer_inquiries WHERE reference = $1`, [res.body.data.reference]);
      expect(row.order_id).toBe(order.id);
      const byPhone = await form('inquiry-form', inquiry({ order_no: order.orderNo, phone: '0312345678' })).expect(201);
      expect((await db().query(`SELECT order_id::text FROM customer_inquiries WHERE reference = $1`, [byPhone.body.data.reference]))[0].order_id).toBe(order.id);
    });

    it('answers a filled honeypot as a success of the same form, and stores nothing', async () => {
      const before = await counts();
      const res = await form('inquiry-form', inquiry({ website: 'http://spam.example' })).expect(201);
      expect(Object.keys(res.body.data).sort()).toEqual(['received_at', 'reference']);
      expect(res.body.data.reference).toMatch(/^CI-[0-9A-HJKMNP-TV-Z]{8}$/);
      // Even a body that would be refused: the bot learns nothing from the answer.
      await form('inquiry-form', { website: 'x' }).expect(201);
      expect(await counts()).toEqual(before);
    });

    it('refuses a body past its size limit (413) and storing nothing', async () => {
      const before = await counts();
      await form('inquiry-form', inquiry({ content: 'x'.repeat(70_000) })).expect(413);
      expect(await counts()).toEqual(before);
    });
  });

  describe('the return/exchange form', () => {
    it('takes a return picked up on the 4th business day, with its refund account', async () => {
      const res = await form('return-form', returnRequest()).expect(201);
      const [row] = await db().query(
        `SELECT kind, inquiry_type, order_id::text, title, to_char(pickup_date, 'YYYY-MM-DD') AS pickup, pickup_slot, bank_account_holder, agreed_at IS NOT NULL AS agreed, customer_id IS NOT NULL AS linked
         FROM customer_inquiries WHERE reference = $1`,
        [res.body.data.reference],
      );
      expect(row).toEqual({
        kind: 'return',
        inquiry_type: 3,
        order_id: order.id,
        title: `返品のご依頼（注文番号 ${order.orderNo}）`,
        pickup: earliestPickupDate(today(), closing),
        pickup_slot: 2,
        bank_account_holder: 'ヤマダ タロウ',
        agreed: true,
        linked: true,
      });
    });

    it('refuses a pickup 3 business days ahead (NAL-INQ-005, with the first date allowed)', async () => {
      const three = addBusinessDays(today(), 3, closing);
      const error = await refused('return-form', returnRequest({ pickup_date: three }), { pickup_date: 'NAL-INQ-005' });
      expect(error.errors[0].params).toEqual({ min: earliestPickupDate(today(), closing), days: 4 });
    });

    it('takes a return 7 days after delivery and refuses one 8 days after (NAL-INQ-004)', async () => {
      await form('return-form', returnRequest({ delivery_date: addDays(today(), -7) })).expect(201);
      await refused('return-form', returnRequest({ delivery_date: addDays(today(), -8) }), { delivery_date: 'NAL-INQ-004' });
      await refused('return-form', returnRequest({ delivery_date: addDays(today(), 1) }), { delivery_date: 'date_before_today' });
    });

    it('requires the return address, the agreement, the pickup slot and the refund account; checks katakana and digits', async () => {
      // The fields' own checks first (every failing field at once), then the form's rules over valid fields (again all at once).
      await refused('return-form', returnRequest({ return_zip: '', return_address: '', agreement: 'yes' }), { return_zip: 'required', return_address: 'required', agreement: 'in' });
      await refused('return-form', returnRequest({ agreement: false, pickup_slot: null, bank_name: '' }), { agreement: 'required', pickup_slot: 'required', bank_name: 'required' });
      await refused('return-form', returnRequest({ bank_account_holder: 'やまだ たろう', bank_account_number: '123456' }), { bank_account_holder: 'katakana', bank_account_number: 'digits' });
      await refused('return-form', returnRequest({ pickup_slot: 5, return_method: 3 }), { pickup_slot: 'in', return_method: 'in' });
    });

    it('asks nothing of a pickup or an account for an exchange the customer sends back, and keeps no account', async () => {
      const res = await form('return-form', returnRequest({ return_request: 1, return_method: 2, pickup_date: null, pickup_slot: null, bank_name: null, bank_branch: null, bank_account_type: null, bank_account_number: '7654321', bank_account_holder: null })).expect(201);
      const [row] = await db().query(`SELECT title, pickup_date, bank_account_number FROM customer_inquiries WHERE reference = $1`, [res.body.data.reference]);
      expect(row).toEqual({ title: `交換のご依頼（注文番号 ${order.orderNo}）`, pickup_date: null, bank_account_number: null });
    });

    it.each([
      ['desired_dates', L.desiredDatesMax],
      ['return_address', L.addressMax],
      ['bank_name', L.bankNameMax],
      ['bank_branch', L.branchNameMax],
      ['bank_account_holder', L.accountHolderMax],
    ])('%s: %i characters are taken, one more is refused', async (field, max) => {
      const text = field === 'bank_account_holder' ? 'ア' : 'あ';
      await form('return-form', returnRequest({ [field]: text.repeat(max) })).expect(201);
      await refused('return-form', returnRequest({ [field]: text.repeat(max + 1) }), { [field]: 'max_length' });
    });

    it('takes a company as the account holder, as banks write it', async () => {
      await form('return-form', returnRequest({ bank_account_holder: 'カ）ヤマダショウジ' })).expect(201);
    });

    it("refuses another buyer's order, a delivery before the purchase, and a pickup more than 60 days ahead", async () => {
      await refused('return-form', returnRequest({ phone: '03-1234-0000' }), { order_no: 'NAL-INQ-003' });
      await form('return-form', returnRequest({ pickup_date: addDays(today(), 60) })).expect(201);
      await refused('return-form', returnRequest({ purchase_date: addDays(today(), -1), delivery_date: addDays(today(), -2) }), { delivery_date: 'date_after' });
      await refused('return-form', returnRequest({ pickup_date: addDays(today(), 61) }), { pickup_date: 'NAL-INQ-006' });
    });

    it('refuses a return of goods not shipped yet (NAL-INQ-007), or said to arrive before they were shipped', async () => {
      await refused('return-form', returnRequest({ order_no: unshipped.orderNo }), { order_no: 'NAL-INQ-007' });
      const maker = (await ctx.api.maker()).id;
      const recent = await givenOrder(ctx.api, {
        lines: [{ makerId: maker, status: 5 }],
        orderDate: addDays(today(), -5),
        delivery: { shipDate: addDays(today(), -2), deliveryCompanyId: await deliveryCompany(ctx.api), trackingCode: '2222-3333-4444' },
      });
      const error = await refused('return-form', returnRequest({ order_no: recent.orderNo, delivery_date: addDays(today(), -3), purchase_date: null }), { delivery_date: 'date_after' });
      expect(error.errors[0].params).toEqual({ other: 'ship_date' });
    });

    it("files the inquiry under the order's shop, whichever shop the sender picked", async () => {
      const [other] = await db().query(`INSERT INTO shops (name, code, type) VALUES ('別の店', 'INQ-OTHER', 'platform_2') RETURNING id::text`);
      const res = await form('return-form', returnRequest({ shop_id: Number(other.id) })).expect(201);
      const [row] = await db().query(`SELECT shop_id::text FROM customer_inquiries WHERE reference = $1`, [res.body.data.reference]);
      const [{ shop_id }] = await db().query(`SELECT shop_id::text FROM orders WHERE id = $1`, [order.id]);
      expect(row.shop_id).toBe(shop_id);
    });

    it('counts the year-end closing of the settings as no business days', async () => {
      const option = (await get('/settings/option', operator).expect(200)).body.data;
      const from = addDays(today(), 1).slice(5);
      const to = addDays(today(), 12).slice(5);
      await put('/settings/option', await ctx.api.signedIn('approver'), { year_end_closed_from: from, year_end_closed_to: to, version: option.version }).expect(200);
      try {
        const shut = { from, to };
        const options = (await ctx.api.http.get(v1('/customer-inquiries/form-options')).expect(200)).body.data;
        expect(options.earliest_pickup_date).toBe(earliestPickupDate(today(), shut));
        expect(options.earliest_pickup_date > addDays(today(), 12)).toBe(true);
        expect(options.pickup_slots).toEqual([
          { value: 1, label: '9:00-13:00' },
          { value: 2, label: '14:00-16:00' },
          { value: 3, label: '16:00-18:00' },
          { value: 4, label: '17:00-18:30' },
        ]);
        await refused('return-form', returnRequest({ pickup_date: earliestPickupDate(today(), closing) }), { pickup_date: 'NAL-INQ-005' });
        await form('return-form', returnRequest({ pickup_date: options.earliest_pickup_date })).expect(201);
      } finally {
        const now = (await get('/settings/option', operator).expect(200)).body.data;
        await put('/settings/option', await ctx.api.signedIn('approver'), { year_end_closed_from: closing.from, year_end_closed_to: closing.to, version: now.version }).expect(200);
      }
      const approver = await ctx.api.signedIn('approver');
      const version = (await get('/settings/option', operator).expect(200)).body.data.version;
      const closingRefused = async (body: object) =>
        Object.fromEntries((await put('/settings/option', approver, { ...body, version }).expect(422)).body.error.errors.map((e: { field: string; error_code: string }) => [e.field, e.error_code]));
      expect(await closingRefused({ year_end_closed_from: '02-30' })).toEqual({ year_end_closed_from: 'date_format' });
      // A closing of a year would leave no business day: at most 31 days, both ends or neither.
      expect(await closingRefused({ year_end_closed_from: '01-02', year_end_closed_to: '01-01' })).toEqual({ year_end_closed_to: 'max' });
      expect(await closingRefused({ year_end_closed_from: '12-01', year_end_closed_to: '01-01' })).toEqual({ year_end_closed_to: 'max' });
      expect(await closingRefused({ year_end_closed_to: null })).toEqual({ year_end_closed_to: 'required' });
      await put('/settings/option', approver, { year_end_closed_from: '12-01', year_end_closed_to: '12-31', version }).expect(200);
      await put('/settings/option', approver, { year_end_closed_from: closing.from, year_end_closed_to: closing.to, version: version + 1 }).expect(200);
    });
  });

  describe('staff', () => {
    it('record a phone inquiry: in charge by default, no mail, phone or e-mail required', async () => {
      const before = await counts();
      const created = (
        await post('/customer-inquiries', callCenter, { method: CUSTOMER_INQUIRY_METHOD.phone, inquiry_type: 2, name: '電話 一郎', phone: '045-000-1111', title: '配送日', content: '明日届きますか', order_no: order.orderNo }).expect(201)
      ).body.data;
      expect(created).toMatchObject({ method: 2, kind: 'inquiry', state: 1, person_in_charge: { id: Number(callCenter.id) }, order: { id: Number(order.id) }, overdue: false, version: 1 });
      expect((await counts()).events).toBe(before.events);
      const res = await post('/customer-inquiries', callCenter, { method: 3, inquiry_type: 2, name: 'FAX 次郎', title: 't', content: 'c', order_no: 'NONE' }).expect(422);
      expect(res.body.error.errors.map((e: { field: string; error_code: string }) => `${e.field}:${e.error_code}`)).toEqual(['phone:required', 'email:required', 'order_no:not_found']);
      await post('/customer-inquiries', accountant, { method: 2, inquiry_type: 2, name: 'x', phone: '0450001111', title: 't', content: 'c' }).expect(403);
    });

    it('pick the person in charge among every valid staff account, whatever their role (GET /users/staff)', async () => {
      const maker = await ctx.api.signedIn('maker');
      const gone = await ctx.api.user('operator', { status: 'invalid', name: '退職 済' });
      const staff = (await get('/users/staff', callCenter).expect(200)).body.data as { id: number; name: string }[];
      const ids = staff.map((s) => s.id);
      expect(ids).toEqual(expect.arrayContaining([Number(operator.id), Number(callCenter.id), Number(accountant.id)]));
      expect(ids).not.toContain(Number(maker.id));
      expect(ids).not.toContain(Number(gone.id));
      expect(Object.keys(staff[0]).sort()).toEqual(['id', 'name']);
      await get('/users/staff', maker).expect(403);
    });

    it('take one, reply and complete it at the version read; a stale version is NAL-INQ-001', async () => {
      const ref = (await form('inquiry-form', inquiry({ title: '手入れの方法' })).expect(201)).body.data.reference;
      const [{ id }] = await db().query(`SELECT id::int AS id FROM customer_inquiries WHERE reference = $1`, [ref]);
      const read = (await get(`/customer-inquiries/${id}`, operator).expect(200)).body.data;
      expect(read).toMatchObject({ reference: ref, state: 1, person_in_charge: null, other_inquiries: [], orders: [] });
      const taken = (await put(`/customer-inquiries/${id}`, operator, { person_in_charge_id: Number(operator.id), state: 1, cs_memo: '確認中', version: read.version }).expect(200)).body.data;
      expect(taken).toMatchObject({ person_in_charge: { id: Number(operator.id) }, cs_memo: '確認中', version: read.version + 1 });
      expectErrorEnvelope((await put(`/customer-inquiries/${id}`, callCenter, { state: 2, version: read.version }).expect(400)).body, 'NAL-INQ-001');
      const replied = (await put(`/customer-inquiries/${id}`, operator, { person_in_charge_id: Number(operator.id), state: 2, version: taken.version }).expect(200)).body.data;
      expect(replied.replied_at).not.toBeNull();
      const completed = (await put(`/customer-inquiries/${id}`, operator, { person_in_charge_id: Number(operator.id), state: 3, version: replied.version }).expect(200)).body.data;
      expect(completed).toMatchObject({ state: 3, replied_at: replied.replied_at, completed_at: expect.any(String), overdue: false });
      // Reopened: the times it was replied and completed stay; it waits again with a deadline from now.
      const reopened = (await put(`/customer-inquiries/${id}`, operator, { person_in_charge_id: Number(operator.id), state: 1, version: completed.version }).expect(200)).body.data;
      expect(reopened).toMatchObject({ state: 1, replied_at: replied.replied_at, completed_at: completed.completed_at, overdue: false });
      expect(new Date(reopened.reply_due_at).getTime()).toBeGreaterThan(Date.now());
      await put(`/customer-inquiries/${id}`, operator, { person_in_charge_id: 99999999, state: 3, version: reopened.version }).expect(422);
      await put(`/customer-inquiries/${id}`, operator, { state: 3, cs_memo: 'x'.repeat(L.csMemoMax + 1), version: completed.version }).expect(422);
      await put(`/customer-inquiries/${id}`, accountant, { state: 1, version: completed.version }).expect(403);
      await get(`/customer-inquiries/99999999`, operator).expect(404);
    });

    it("show the customer's other inquiries and orders beside one", async () => {
      const body = { ...inquiry(), phone: '03-1234-5678', order_no: order.orderNo };
      const first = (await form('inquiry-form', body).expect(201)).body.data.reference;
      const second = (await form('inquiry-form', { ...body, title: 'もう一つ' }).expect(201)).body.data.reference;
      const [{ id, customer_id }] = await db().query(`SELECT id::int AS id, customer_id::text FROM customer_inquiries WHERE reference = $1`, [second]);
      await db().query(`UPDATE orders SET customer_id = $1 WHERE id = $2`, [customer_id, order.id]);
      const read = (await get(`/customer-inquiries/${id}`, callCenter).expect(200)).body.data;
      expect(read.other_inquiries.map((o: { reference: string }) => o.reference)).toContain(first);
      expect(read.orders.map((o: { id: number }) => o.id)).toEqual([Number(order.id)]);
    });

    it('list: filters, keyword, overdue first by deadline, and keyset pages', async () => {
      const ref = (await form('inquiry-form', inquiry({ title: '期限切れの問い合わせ' })).expect(201)).body.data.reference;
      await db().query(`UPDATE customer_inquiries SET reply_due_at = now() - interval '1 day', received_at = now() - interval '3 days' WHERE reference = $1`, [ref]);
      const overdue = (await get('/customer-inquiries?overdue=1', accountant).expect(200)).body;
      expect(overdue.data.map((i: { reference: string }) => i.reference)).toContain(ref);
      expect(overdue.data.every((i: { overdue: boolean }) => i.overdue)).toBe(true);
      const byDue = (await get('/customer-inquiries?sort=reply_due_at&state=1&per_page=20', operator).expect(200)).body.data;
      expect(byDue[0].reference).toBe(ref);
      const dues = byDue.map((i: { reply_due_at: string }) => i.reply_due_at);
      expect([...dues].sort()).toEqual(dues);
      expect((await get(`/customer-inquiries?keyword=${encodeURIComponent('期限切れ')}`, operator).expect(200)).body.data.map((i: { reference: string }) => i.reference)).toEqual([ref]);
      expect((await get(`/customer-inquiries?keyword=${ref.toLowerCase()}`, operator).expect(200)).body.data).toHaveLength(1);
      const returns = (await get('/customer-inquiries?kind=return&method=1', operator).expect(200)).body.data;
      expect(returns.length).toBeGreaterThan(0);
      expect(returns.every((i: { kind: string; return_request: unknown }) => i.kind === 'return' && i.return_request !== null)).toBe(true);
      const from = addDays(today(), -1);
      const recent = (await get(`/customer-inquiries?from=${from}&to=${today()}&per_page=200`, operator).expect(200)).body.data;
      expect(recent.map((i: { reference: string }) => i.reference)).not.toContain(ref);
      await get(`/customer-inquiries?from=${today()}&to=${from}`, operator).expect(422);
      // Keyset pages: the second page after the first's cursor, no row twice.
      const first = (await get('/customer-inquiries?per_page=20', operator).expect(200)).body;
      const second = (await get(`/customer-inquiries?per_page=20&after=${encodeURIComponent(first.pagination.next_cursor)}`, operator).expect(200)).body;
      const ids = [...first.data, ...second.data].map((i: { id: number }) => i.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(first.pagination.total).toBe((await counts()).inquiries);
    });
  });
});
