import { QueueRegistry } from '@oms/infra';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { TestApp } from '../../api/test/support/test-app';
import { RelayService } from '../src/outbox/relay.service';
import { makerRow, orderSentToMakers, SheetOrder, shopWith, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

const YAMATO = 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id={code}';

/**
 * The buyer's shipment notice through every real part: the ship command writes `order.shipped` to
 * the outbox, the relay publishes it, the customer-mails worker renders the template staff edit
 * and sends it over SMTP once, and the order's history shows it (or why nothing went).
 */
describe('shipment notices to buyers', () => {
  let api: TestApp;
  let smtp: SmtpSink;
  let world: WorkersWorld;
  let queues: QueueRegistry;
  let auth: string;
  let shopId: string;
  let makerId: string;
  let companyId: number;

  beforeAll(async () => {
    world = await WorkersWorld.start({ JOB_ATTEMPTS: '2', JOB_BACKOFF_MS: '200' });
    ({ api, smtp, queues } = world);
    auth = (await api.signedIn('operator')).auth;
    shopId = await shopWith(api);
    await api.dataSource.query(`UPDATE shops SET contact_email = 'support@test-shop.example.jp' WHERE id = $1`, [shopId]);
    makerId = await makerRow(api, { name: '山本木工所', orderMethod: 'email', email: 'orders@yamamoto-mokko.example.jp' });
    const company = await api.http.post('/api/v1/delivery_companies').set('Authorization', (await api.signedIn('approver')).auth).send({ name: 'ヤマト運輸', tracking_url: YAMATO }).expect(201);
    companyId = company.body.data.id;
  });

  afterAll(async () => {
    await world?.stop();
  });

  /** A command on the order's lines (or some of them), as staff run it; the order keeps the new version. */
  const put = async (order: SheetOrder, command: string, body: object, lineIds = order.lineIds) => {
    const res = await api.http.put(`/api/v1/orders/${order.id}/${command}`).set('Authorization', auth).send({ version: order.version, line_ids: lineIds.map(Number), ...body });
    if (res.status !== 200) throw new Error(`${command}: ${res.status} ${JSON.stringify(res.body)}`);
    order.version = res.body.data.version;
  };

  /** An order the maker has accepted and ships now with a tracking code; `over` changes the order as created. */
  async function shipped(productNames: string[], trackingCode: string, over: Record<string, unknown> = {}) {
    const order = await orderSentToMakers(api, auth, shopId, productNames.map((productName) => ({ makerId, productName })), over);
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    await put(order, 'maker_received_process', { maker_receive_date: today, confirm_status: 1 });
    await put(order, 'maker_ship_process', { ship_date: '2026-11-22', delivery_company_id: companyId, tracking_code: trackingCode });
    return order;
  }

  const noticesOf = (orderId: string) =>
    api.dataSource.query(`SELECT status, skip_reason, recipient, subject, message_id, line_ids::text[] FROM customer_mails WHERE order_id = $1 ORDER BY id`, [orderId]);
  const historyOf = async (orderId: string) => (await api.http.get(`/api/v1/orders/${orderId}/history_status`).set('Authorization', auth).expect(200)).body.data;
  const toBuyer = (orderNo: string) => smtp.to('taro@example.jp').filter((m) => m.subject?.includes(orderNo));

  it('mails the buyer once a line ships, with the delivery company’s tracking link, and the history says so', async () => {
    const order = await shipped(['無垢材ダイニングテーブル', '座布団（藍染）'], '1234-5678-9012');
    const [mail] = await until(async () => toBuyer(order.orderNo), (m) => m.length === 1, 20_000, 'shipment notice');

    expect(mail.subject).toBe(`【テスト商店 ${(await api.dataSource.query(`SELECT code FROM shops WHERE id = $1`, [shopId]))[0].code}】ご注文の商品を発送しました（注文番号 ${order.orderNo}）`);
    expect(mail.text).toContain('山田 太郎 様');
    // The buyer's reply reaches the shop, not the no-reply sender.
    expect(mail.replyTo?.value.map((a) => a.address)).toEqual(['support@test-shop.example.jp']);
    expect(mail.text).toContain('・無垢材ダイニングテーブル × 1\n・座布団（藍染） × 1');
    expect(mail.text).toContain('佐藤 花子 様');
    expect(mail.text).toContain('2026/11/22');
    expect(mail.text).toContain('ヤマト運輸');
    expect(mail.text).toContain('https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=1234-5678-9012');
    expect(mail.text).not.toMatch(/\{\{|\}\}/);
    expect(mail.messageId).toMatch(/^<shipment-notice-[0-9a-f-]{36}@/);

    // The mail leaves inside the job's transaction; its record is there once that commits.
    const [notice] = await until(() => noticesOf(order.id), (n) => n.length === 1, 10_000, 'notice recorded');
    expect(notice).toEqual({ status: 'sent', skip_reason: null, recipient: 'taro@example.jp', subject: mail.subject, message_id: mail.messageId, line_ids: order.lineIds });
    const entry = (await historyOf(order.id)).at(-1);
    expect(entry).toMatchObject({ command: 'shipment_notice', order_line_id: null, product_name: '無垢材ダイニングテーブル、座布団（藍染）', mail: { status: 'sent', recipient: 'taro@example.jp', skip_reason: null } });
  });

  it('sends one mail when the job runs twice and when the relay publishes the event twice', async () => {
    const order = await shipped(['桐の米びつ'], '555566667777');
    await until(async () => toBuyer(order.orderNo), (m) => m.length === 1, 20_000, 'first notice');
    const queue = queues.get('customer-mails');
    const [event] = await api.dataSource.query(`SELECT id FROM outbox_events WHERE type = 'order.shipped' AND aggregate_id = $1`, [order.id]);
    const first = (await queue.getJob(event.id))!;
    await until(() => first.getState(), (s) => s === 'completed', 10_000, 'first job');

    // The same job again under another id (a copy BullMQ cannot recognise), and the relay publishing the row again.
    const copy = await queue.add(first.name, first.data, { jobId: `copy-${first.id}` });
    await api.dataSource.query(`UPDATE outbox_events SET published_at = NULL WHERE id = $1`, [event.id]);
    await world.workers.get(RelayService).relay.relayOnce();
    await until(() => copy.getState(), (s) => s === 'completed', 10_000, 'copy job');
    expect((await queue.getJob(copy.id!))!.returnvalue).toMatchObject({ done: 'before' });
    await new Promise((r) => setTimeout(r, 500));

    expect(toBuyer(order.orderNo)).toHaveLength(1);
    expect(await noticesOf(order.id)).toHaveLength(1);
  });

  it('mails nothing when the order says not to (send-mail flag 0), or the buyer has no address, and the history says why', async () => {
    const off = await shipped(['竹の花器'], '111122223333', { send_mail_flag: 0 });
    const none = await shipped(['漆塗りの盆'], '444455556666', { buyer_email: null });
    await until(() => noticesOf(off.id), (n) => n.length === 1, 20_000, 'flag-off record');
    await until(() => noticesOf(none.id), (n) => n.length === 1, 20_000, 'no-address record');
    await new Promise((r) => setTimeout(r, 300));

    expect(toBuyer(off.orderNo)).toEqual([]);
    expect(smtp.messages.filter((m) => m.subject?.includes(none.orderNo) && !m.subject.includes('発注書'))).toEqual([]);
    expect(await noticesOf(off.id)).toEqual([expect.objectContaining({ status: 'skipped', skip_reason: 'flag_off', recipient: null, message_id: null })]);
    expect(await noticesOf(none.id)).toEqual([expect.objectContaining({ status: 'skipped', skip_reason: 'no_email' })]);
    expect((await historyOf(off.id)).at(-1)).toMatchObject({ command: 'shipment_notice', mail: { status: 'skipped', skip_reason: 'flag_off', recipient: null } });
  });

  it('mails from the template as staff last saved it, and one notice per shipment of the same order', async () => {
    const admin = (await api.signedIn('approver')).auth;
    const [template] = (await api.http.get('/api/v1/settings/mail_templates').set('Authorization', admin).expect(200)).body.data;
    await api.http
      .put('/api/v1/settings/mail_templates/shipment_notice')
      .set('Authorization', admin)
      .send({ subject: '発送しました {{order_no}} / {{tracking_code}}', body: '{{products}}\n{{tracking_url}}', version: template.version })
      .expect(200);

    const order = await orderSentToMakers(api, auth, shopId, [
      { makerId, productName: '檜の座卓' },
      { makerId, productName: '桐箪笥' },
    ]);
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    await put(order, 'maker_received_process', { maker_receive_date: today, confirm_status: 1 });
    // Two shipments: the table first, the chest later with its own tracking code.
    await put(order, 'maker_ship_process', { ship_date: '2026-11-22', delivery_company_id: companyId, tracking_code: 'AAA-1' }, [order.lineIds[0]]);
    await put(order, 'maker_ship_process', { ship_date: '2026-11-23', delivery_company_id: companyId, tracking_code: 'BBB-2' }, [order.lineIds[1]]);

    const mails = await until(async () => toBuyer(order.orderNo), (m) => m.length === 2, 20_000, 'two notices');
    const byCode = (code: string) => mails.find((m) => m.subject === `発送しました ${order.orderNo} / ${code}`)!;
    expect(byCode('AAA-1').text).toBe('・檜の座卓 × 1\nhttps://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=AAA-1\n');
    expect(byCode('BBB-2').text).toBe('・桐箪笥 × 1\nhttps://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=BBB-2\n');
  });

  it('records a notice that could not be sent after every try, for staff to see in the history', async () => {
    smtp.beforeAccept = (mail) => {
      if (mail.text?.includes('竹かご')) throw new Error('mailbox unavailable');
    };
    try {
      const order = await shipped(['竹かご'], '999900001111');
      const [failed] = await until(() => noticesOf(order.id), (n) => n.length === 1, 20_000, 'failed notice');
      expect(failed).toMatchObject({ status: 'failed', recipient: null, message_id: null });
      expect((await historyOf(order.id)).at(-1)).toMatchObject({ command: 'shipment_notice', mail: { status: 'failed' } });
      expect(toBuyer(order.orderNo)).toEqual([]);
    } finally {
      smtp.beforeAccept = undefined;
    }
  });
});
