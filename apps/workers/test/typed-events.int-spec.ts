import { DOMAIN_EVENT_TYPES } from '@oms/domain';
import { writeZenginFile } from '@oms/infra';
import { TestApp } from '../../api/test/support/test-app';
import { createOrder, makerRow, orderSentToMakers, SheetOrder, sheetsOf, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(120_000);

/**
 * Every event written to the outbox is one a worker consumes: an order taken through every command
 * (and an account, a shop and its platform connection, an estimate, a chat message, a customer's inquiry) leaves only events of the catalogue, the relay publishes every one of
 * them, and health's outbox shows no backlog and nothing unrouted.
 */
describe('typed events: what is written is routed', () => {
  let world: WorkersWorld;
  let api: TestApp;
  let staff: string;

  beforeAll(async () => {
    world = await WorkersWorld.start({});
    api = world.api;
    staff = (await api.signedIn('approver')).auth;
  });

  afterAll(async () => {
    await world?.stop();
  });

  const ok = async (request: Promise<{ status: number; body: { data?: { version?: number } } }>, what: string) => {
    const res = await request;
    if (res.status >= 300) throw new Error(`${what}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data;
  };
  /** A command on the order's lines (or some of them), as staff run it; the order keeps the new version. */
  const command = async (order: SheetOrder, name: string, body: object, lineIds = order.lineIds) => {
    const data = await ok(api.http.put(`/api/v1/orders/${order.id}/${name}`).set('Authorization', staff).send({ version: order.version, line_ids: lineIds.map(Number), ...body }), name);
    order.version = data!.version!;
  };

  it('writes only events of the catalogue, and the relay publishes them all', async () => {
    await ok(api.http.post('/api/v1/users').set('Authorization', (await api.signedIn('system_admin')).auth).send({ email: 'typed.events@example.co.jp', name: '型付 太郎', role: 'operator' }), 'create user');
    const shop = await ok(api.http.post('/api/v1/shops').set('Authorization', staff).send({ name: 'イベント商店', code: 'EVENTS', type: 'platform_1' }), 'create shop');
    const shopId = String((shop as { id: number }).id);
    await ok(api.http.put(`/api/v1/shops/${shopId}/connection`).set('Authorization', staff).send({ import_enabled: false, import_interval_minutes: 30, version: 0 }), 'shop connection');
    const makerId = await makerRow(api, { name: '山本木工所', orderMethod: 'email', email: 'orders@yamamoto-mokko.example.jp' });
    const company = await ok(api.http.post('/api/v1/delivery_companies').set('Authorization', staff).send({ name: 'ヤマト運輸' }), 'delivery company');

    // One order through the maker's side and after: sheet, resend, refusal, acceptance, shipment, revenue, delivery, return, refund.
    const order = await orderSentToMakers(api, staff, shopId, [{ makerId, productName: '無垢材ダイニングテーブル' }]);
    await until(() => sheetsOf(api, order.id), (s) => s.length === 1 && s[0].status === 'sent', 20_000, 'first sheet');
    const resent = await ok(api.http.post(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', staff).send({ maker_id: Number(makerId), version: order.version }), 'resend');
    order.version = resent!.version!;
    await command(order, 'maker_received_process', { maker_receive_date: '2026-11-21', confirm_status: 3, refusal_reason: '在庫切れ' });
    await command(order, 'maker_received_process', { maker_receive_date: '2026-11-21', confirm_status: 1, estimated_ship_date: '2026-11-25' });
    await command(order, 'maker_ship_process', { ship_date: '2026-11-22', delivery_company_id: (company as { id: number }).id, tracking_code: '1234-5678-9012' });
    await command(order, 'change_revenue', { revenue_month: '2026-11' });
    await command(order, 'change_status', { status: 6 });
    await command(order, 'return_process', { shipping_fee: 800, fee: 0 });
    await command(order, 'refund_process', {});

    // A message to the order's maker, in their thread.
    const thread = await ok(api.http.post('/api/v1/conversations/maker').set('Authorization', staff).send({ order_id: Number(order.id), maker_id: Number(makerId) }), 'open thread');
    await ok(api.http.post(`/api/v1/conversations/${(thread as { id: number }).id}/message`).set('Authorization', staff).send({ content: '納期のご確認です。' }), 'message');

    // One paid by bank transfer: payment confirmed for one line, the other cancelled.
    const unpaid = await createOrder(api, staff, shopId, [{ makerId, productName: 'ひのき風呂椅子' }, { makerId, productName: '桐の米びつ' }], { payment_method_id: 2 });
    const paid = await ok(api.http.put('/api/v1/orders/paid').set('Authorization', staff).send({ order_id: Number(unpaid.id), version: unpaid.version, line_ids: [Number(unpaid.lineIds[0])] }), 'paid');
    unpaid.version = paid!.version!;
    await command(unpaid, 'cancel', { shipping_fee: 0, fee: 0 }, [unpaid.lineIds[1]]);

    // An estimate asked for approval.
    const [customer] = await api.dataSource.query(`INSERT INTO customers (same_person_id, name) VALUES (0, '見積 太郎') RETURNING id`);
    const estimate = await ok(
      api.http.post('/api/v1/customers/estimates').set('Authorization', staff).send({ customer_id: customer.id, details: [{ product_name: '檜の座卓', tax_percentage: 10, price_with_tax: 33000, amount: 1 }] }),
      'estimate',
    );
    await ok(api.http.put(`/api/v1/customers/estimates/${(estimate as { id: string }).id}/request-approve`).set('Authorization', staff).send({ version: 1, approve: true, stamp: false }), 'request approve');

    // A customer's inquiry through the public form: its acknowledgement and staff notice.
    await ok(
      api.http
        .post('/api/v1/customer-inquiries/inquiry-form')
        .send({ name: '問合 花子', email: 'hanako@example.jp', confirm_email: 'hanako@example.jp', shop_id: Number(shopId), inquiry_type: 1, title: '納期について', content: '納期を教えてください。' }),
      'inquiry form',
    );

    // A bank file uploaded: its matching.
    const file = writeZenginFile({
      kind: 'transfer',
      account: { bankCode: '0001', bankName: 'ﾃﾞﾓ', branchCode: '001', branchName: 'ﾎﾝﾃﾝ', accountNo: '1234567', accountName: 'ﾃﾞﾓ' },
      records: [{ inquiryNo: '000001', accountDate: '2026-11-24', amount: 1000, payerName: 'ﾔﾏﾀﾞ ﾀﾛｳ' }],
    });
    await ok(api.http.post('/api/v1/deposits/payment').set('Authorization', (await api.signedIn('accountant')).auth).attach('file', file, 'events.txt'), 'deposit upload');

    const written: string[] = (await api.dataSource.query(`SELECT DISTINCT type FROM outbox_events ORDER BY type`)).map((r: { type: string }) => r.type);
    expect(written).toEqual([...DOMAIN_EVENT_TYPES].sort());
    await until(
      async () => (await api.dataSource.query(`SELECT count(*)::int AS n FROM outbox_events WHERE published_at IS NULL`))[0].n,
      (n) => n === 0,
      20_000,
      'every event published',
    );
    const health = await ok(api.http.get('/api/v1/health/details').set('Authorization', (await api.signedIn('system_admin')).auth), 'health');
    expect((health as { outbox: unknown }).outbox).toEqual({ unpublished: 0, oldest_age_seconds: null, unrouted: 0 });
  });
});
