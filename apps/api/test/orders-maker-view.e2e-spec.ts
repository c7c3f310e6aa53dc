import { japanToday } from '@oms/domain';
import { HIDDEN_FROM_MAKER_ORDER_FIELDS } from './roles/orders';
import { customerRow, orderBody, shopRow } from './support/order-form';
import { expectErrorEnvelope, useTestApi } from './support/test-app';

type Json = Record<string, unknown> & { id: string; version: number; lines: { id: string; maker_id: string }[] };

/** Every key anywhere in an answer (nested objects and arrays). */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const item of value) keysOf(item, into);
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

/** The fields of the role table's list (roles/orders.ts) that an answer carries. */
const hiddenIn = (answer: unknown) => HIDDEN_FROM_MAKER_ORDER_FIELDS.filter((field) => keysOf(answer).has(field));

const BUYER = {
  buyer_name: '購入者 花子',
  buyer_kana: 'コウニュウシャ ハナコ',
  buyer_tel: '090-9999-8888',
  buyer_zip: '100-0001',
  buyer_address: '東京都千代田区購入者町1',
  buyer_email: 'buyer.secret@example.jp',
};
const STAFF_MEMO = 'スタッフだけのメモ';
/** What the maker ships and to whom: sent with the order, read back in the maker's view. */
const DELIVERY = {
  preferred_date: '2026-12-01',
  preferred_period: 4,
  delivery_name: '届け先 太郎',
  delivery_tel: '03-1111-2222',
  delivery_zip: '150-0001',
  delivery_address: '東京都渋谷区1-1',
  supplier_memo: '午前中に出荷してください',
  edi_note: '置き配可',
};
/** Strings of the shop's side that no maker answer may carry, whatever the key. */
const SECRETS = [...Object.values(BUYER), STAFF_MEMO, '顧客 秘密', 'EC-2026', 'メーカーYの座卓'];

/**
 * A maker user reads only what was ordered from it (DESIGN.md §8): its lines from the moment they
 * were ordered (OrderToMaker, through the API here), at wholesale prices, with the delivery and its
 * own part; never the shop's prices, money, payment, buyer, staff memo, errors or other makers'
 * lines. The same rule in the list (filters, total), the detail, the history, the sheets and the
 * commands' answers. Each check also reads the staff's answer, which carries what the maker's lacks.
 */
describe('orders API: what a maker user reads', () => {
  const ctx = useTestApi();
  let staffAuth: string;
  let makerX: string;
  let makerY: string;
  let customer: string;
  let makerAuth: string;
  /** Ordered from X (X's line ordered; Y's line only paid): the order X reads. */
  let ordered: Json;
  /** Ordered from X, then cancelled: still X's to read. */
  let cancelledAfter: Json;
  /** Never (or no longer) ordered from X: unpaid, paid, cancelled while unpaid, ordered then stepped back to paid. */
  let hidden: Record<'unpaid' | 'paid' | 'cancelledBefore' | 'steppedBack', Json>;

  const lineIds = (order: Json, makerId?: string) => order.lines.filter((l) => !makerId || l.maker_id === makerId).map((l) => Number(l.id));
  const as = (auth: string) => ({
    get: (path: string) => ctx.api.http.get(`/api/v1${path}`).set('Authorization', auth),
    put: (path: string, body: object) => ctx.api.http.put(`/api/v1${path}`).set('Authorization', auth).send(body),
  });
  /** Runs a command as staff and answers the order read again. */
  async function staff(order: Json, command: string, body: object = {}): Promise<Json> {
    const path = command === 'paid' ? '/orders/paid' : `/orders/${order.id}/${command}`;
    const res = await as(staffAuth).put(path, { ...(command === 'paid' ? { order_id: Number(order.id) } : {}), version: order.version, line_ids: lineIds(order), ...body });
    if (res.status !== 200) throw new Error(`${command}: ${res.status} ${JSON.stringify(res.body)}`);
    return (await as(staffAuth).get(`/orders/${order.id}`).expect(200)).body.data;
  }

  beforeAll(async () => {
    staffAuth = (await ctx.api.signedIn('operator')).auth;
    const shop = await shopRow(ctx.api);
    makerX = (await ctx.api.maker({ name: 'メーカーX' })).id;
    makerY = (await ctx.api.maker({ name: 'メーカーY' })).id;
    customer = await customerRow(ctx.api, { name: '顧客 秘密' });
    const xLine = { maker_id: Number(makerX), product_name: '桐たんす', amount: 2, price_with_tax: 11_000, tax_percentage: 10, wholesale_price: 6_000, option1: '白' };
    const yLine = { maker_id: Number(makerY), product_name: 'メーカーYの座卓', amount: 1, price_with_tax: 33_000, tax_percentage: 10, wholesale_price: 20_000 };
    const create = async (date: string, lines: object[]): Promise<Json> => {
      const body = orderBody(shop, makerX, {
        ...BUYER,
        customer_id: Number(customer),
        order_date: date,
        ec_order_id: `EC-${date}`,
        memo: STAFF_MEMO,
        ...DELIVERY,
        settlement_fee: 500,
        lines,
      });
      return (await ctx.api.http.post('/api/v1/orders').set('Authorization', staffAuth).send(body).expect(201)).body.data;
    };

    ordered = await staff(await create('2026-05-10', [xLine, yLine]), 'paid');
    ordered = await staff(ordered, 'order_process', { line_ids: lineIds(ordered, makerX) });
    cancelledAfter = await staff(await staff(await create('2026-05-09', [xLine]), 'paid'), 'order_process');
    cancelledAfter = await staff(cancelledAfter, 'cancel', { shipping_fee: 0, fee: 0 });
    const steppedBack = await staff(await staff(await create('2026-05-05', [xLine]), 'paid'), 'order_process');
    hidden = {
      unpaid: await create('2026-05-08', [xLine]),
      paid: await staff(await create('2026-05-07', [xLine]), 'paid'),
      cancelledBefore: await staff(await create('2026-05-06', [xLine]), 'cancel', { shipping_fee: 0, fee: 0 }),
      steppedBack: await staff(steppedBack, 'change_status', { status: 2 }),
    };
    // An error on X's part of the order it reads: order errors are the staff's.
    await ctx.api.dataSource.query(`INSERT INTO order_errors (order_id, maker_id, code, message) VALUES ($1, $2, 'NAL_ORD-124', 'FAX送信失敗')`, [ordered.id, makerX]);
    await ctx.api.dataSource.query(`UPDATE orders SET error_count = 1 WHERE id = $1`, [ordered.id]);
    makerAuth = (await ctx.api.signedIn('maker', makerX)).auth;
  });

  const listIds = async (query: string, auth = makerAuth) => {
    const body = (await as(auth).get(`/orders${query}`).expect(200)).body;
    return { ids: body.data.map((o: Json) => o.id), total: body.pagination.total };
  };

  describe('the list', () => {
    it('holds only orders with a line ordered from the maker (cancelled after ordering too), and counts only those', async () => {
      expect(await listIds('')).toEqual({ ids: [ordered.id, cancelledAfter.id], total: 2 });
      // Staff see all six.
      expect((await listIds('', staffAuth)).total).toBe(6);
    });

    it.each([
      ['status=3', () => [ordered]],
      ['status=8', () => [cancelledAfter]],
      // Unpaid and paid lines are not the maker's: another maker's paid line does not find the order.
      ['status=1', () => []],
      ['status=2', () => []],
      // The buyer's contact is no key to the maker's list…
      ['keyword=buyer.secret', () => []],
      ['keyword=090-9999', () => []],
      ['keyword=購入者', () => []],
      // …the delivery name is.
      ['keyword=届け先', () => [ordered, cancelledAfter]],
      // Filters on the shop's side are ignored, not answered: they would tell the maker what they match.
      ['customer_id=C', () => [ordered, cancelledAfter]],
      ['payment_method_id=5', () => [ordered, cancelledAfter]],
      ['has_errors=1', () => [ordered, cancelledAfter]],
      ['maker_id=Y', () => [ordered, cancelledAfter]],
      ['sort=-total', () => [ordered, cancelledAfter]],
    ])('%s', async (query, expected) => {
      const ids = expected().map((o) => o.id);
      expect((await listIds(`?${query.replace('customer_id=C', `customer_id=${customer}`).replace('maker_id=Y', `maker_id=${makerY}`)}`)).ids).toEqual(ids);
    });

    it('finds by order number', async () => {
      expect((await listIds(`?keyword=${encodeURIComponent(String(ordered.order_no))}`)).ids).toEqual([ordered.id]);
    });

    it('answers rows with none of the shop’s fields (the role table’s list), where the staff’s rows carry them', async () => {
      const rows = (await as(makerAuth).get('/orders').expect(200)).body.data;
      expect(hiddenIn(rows)).toEqual([]);
      for (const secret of SECRETS) expect(JSON.stringify(rows)).not.toContain(secret);
      const staffRows = (await as(staffAuth).get(`/orders?keyword=${encodeURIComponent(String(ordered.order_no))}`).expect(200)).body.data;
      // Every list field of the table is in the staff's row (the detail-only ones are checked below).
      expect(hiddenIn(staffRows)).toEqual(HIDDEN_FROM_MAKER_ORDER_FIELDS.filter((f) => f !== 'customer' && f !== 'errors'));
    });
  });

  describe('one order', () => {
    it('answers the maker’s view: its ordered lines at wholesale, the delivery, the maker memo, its part; nothing else', async () => {
      const order = (await as(makerAuth).get(`/orders/${ordered.id}`).expect(200)).body.data;
      expect(order).toEqual({
        view: 'maker',
        id: ordered.id,
        order_no: ordered.order_no,
        branch_no: 1,
        order_date: '2026-05-10',
        shop_name: expect.any(String),
        ...DELIVERY,
        wholesale_total: 12_000,
        status: 3,
        has_delivery_info: false,
        version: ordered.version,
        updated_at: expect.any(String),
        lines: [
          {
            id: String(lineIds(ordered, makerX)[0]),
            maker_id: makerX,
            maker_name: 'メーカーX',
            product_id: null,
            product_code: null,
            product_name: '桐たんす',
            option1: '白',
            option2: null,
            amount: 2,
            wholesale_price: 6_000,
            status: 3,
          },
        ],
        makers: [expect.objectContaining({ maker_id: makerX, maker_order_date: japanToday(), confirm_status: null })],
      });
      expect(order.makers).toHaveLength(1);
      expect(hiddenIn(order)).toEqual([]);
      for (const secret of SECRETS) expect(JSON.stringify(order)).not.toContain(secret);
      // The staff's detail carries every field of the table: the check above would catch a leak.
      expect(hiddenIn((await as(staffAuth).get(`/orders/${ordered.id}`).expect(200)).body.data)).toEqual([...HIDDEN_FROM_MAKER_ORDER_FIELDS]);
    });

    it('keeps a cancelled line that had been ordered, out of the wholesale total', async () => {
      const order = (await as(makerAuth).get(`/orders/${cancelledAfter.id}`).expect(200)).body.data;
      expect(order).toMatchObject({ status: 8, wholesale_total: 0, lines: [expect.objectContaining({ status: 8 })] });
    });

    it('is 404 for an order with no line ordered from the maker, in every read', async () => {
      const media = (await as(makerAuth).get('/medias/token').expect(200)).body.data.token as string;
      for (const order of Object.values(hidden)) {
        expectErrorEnvelope((await as(makerAuth).get(`/orders/${order.id}`).expect(404)).body, 'NAL-404');
        expectErrorEnvelope((await as(makerAuth).get(`/orders/${order.id}/history_status`).expect(404)).body, 'NAL-404');
        expectErrorEnvelope((await as(makerAuth).get(`/orders/${order.id}/order-sheets`).expect(404)).body, 'NAL-404');
        const download = await ctx.api.http.get(`/api/v1/orders/${order.id}/download-order-maker?maker_id=${makerX}&token=${media}`).expect(404);
        expectErrorEnvelope(download.body, 'NAL-404');
      }
      // The order it may read has no sheet yet: the sheet's own 404, past the visibility check.
      expectErrorEnvelope((await ctx.api.http.get(`/api/v1/orders/${ordered.id}/download-order-maker?maker_id=${makerX}&token=${media}`).expect(404)).body, 'NAL_ORD-133');
      expect((await as(makerAuth).get(`/orders/${ordered.id}/order-sheets`).expect(200)).body.data).toEqual([]);
    });

    it('answers the status history from the moment each line was ordered, without the status before it', async () => {
      const history = (await as(makerAuth).get(`/orders/${ordered.id}/history_status`).expect(200)).body.data;
      expect(history.map((h: Json) => [h.product_name, h.from_status, h.to_status, h.command])).toEqual([['桐たんす', null, 3, 'order_to_maker']]);
      const staffHistory = (await as(staffAuth).get(`/orders/${ordered.id}/history_status`).expect(200)).body.data;
      expect(staffHistory.map((h: Json) => h.command)).toEqual(['create', 'create', 'confirm_payment', 'confirm_payment', 'order_to_maker']);
      const cancelled = (await as(makerAuth).get(`/orders/${cancelledAfter.id}/history_status`).expect(200)).body.data;
      expect(cancelled.map((h: Json) => [h.from_status, h.to_status, h.command])).toEqual([
        [null, 3, 'order_to_maker'],
        [3, 8, 'cancel'],
      ]);
    });

    it('answers a command of the maker with its own view', async () => {
      const res = await as(makerAuth)
        .put(`/orders/${ordered.id}/maker_received_process`, {
          version: ordered.version,
          line_ids: lineIds(ordered, makerX),
          maker_receive_date: japanToday(),
          confirm_status: 1,
          estimated_ship_date: japanToday(),
        })
        .expect(200);
      expect(res.body.data).toMatchObject({ view: 'maker', status: 4 });
      expect(hiddenIn(res.body.data)).toEqual([]);
      expect((await as(makerAuth).get(`/orders?status=4`).expect(200)).body.data.map((o: Json) => o.id)).toEqual([ordered.id]);
    });
  });

  it('follows the account, not the token: a maker account moved to another maker reads none of the first one\'s orders', async () => {
    const user = await ctx.api.user('maker', { makerId: makerX });
    // Even a token claiming no maker reads as the account's maker (the role and maker in a token are not trusted).
    const auth = ctx.api.bearer(user, null);
    expect((await listIds('', auth)).ids).toContain(ordered.id);
    const other = await ctx.api.maker();
    await ctx.api.dataSource.query(`UPDATE users SET maker_id = $1 WHERE id = $2`, [other.id, user.id]);
    // Moving the account bumped its security stamp: the old token is refused (within the cache's bound).
    const deadline = Date.now() + 6000;
    while ((await as(auth).get(`/orders/${ordered.id}`)).status !== 401 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await as(auth).get(`/orders/${ordered.id}`).expect(401);
    const fresh = ctx.api.bearer({ ...user, stamp: 1 }, other.id);
    expect(await listIds('', fresh)).toEqual({ ids: [], total: 0 });
    await as(fresh).get(`/orders/${ordered.id}`).expect(404);
  });

  it('starts a line moved to another maker afresh: that maker reads none of the first one\'s history', async () => {
    const shop = await shopRow(ctx.api);
    const body = orderBody(shop, makerX, { order_date: '2026-05-20', lines: [{ maker_id: Number(makerX), product_name: '移る商品', amount: 1, price_with_tax: 1100, tax_percentage: 10 }] });
    let order: Json = (await ctx.api.http.post('/api/v1/orders').set('Authorization', staffAuth).send(body).expect(201)).body.data;
    order = await staff(await staff(order, 'paid'), 'order_process');
    // X refuses with a reason only X and the shop may read; staff take the line back and give it to Y.
    order = await staff(order, 'maker_received_process', { maker_receive_date: '2026-05-21', confirm_status: 3, refusal_reason: 'Xの社内事情' });
    order = await staff(order, 'change_status', { status: 2 });
    const line = order.lines[0] as unknown as Record<string, unknown>;
    const edited = await as(staffAuth).put(`/orders/${order.id}`, { version: order.version, lines: [{ id: Number(line.id), maker_id: Number(makerY), product_name: line.product_name, amount: 1, price_with_tax: 1100, tax_percentage: 10 }] });
    expect(edited.status).toBe(200);
    order = await staff(edited.body.data, 'order_process');
    const makerYAuth = (await ctx.api.signedIn('maker', makerY)).auth;
    const history: Json[] = (await as(makerYAuth).get(`/orders/${order.id}/history_status`).expect(200)).body.data;
    expect(history.map((h) => h.command)).toEqual(['order_to_maker']);
    expect(JSON.stringify(history)).not.toContain('Xの社内事情');
  });
});
