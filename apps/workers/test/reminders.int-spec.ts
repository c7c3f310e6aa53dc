import { addDays, japanToday } from '@oms/domain';
import { QueueRegistry } from '@oms/infra';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { TestApp } from '../../api/test/support/test-app';
import { makerRow, orderSentToMakers, sheetsOf, TestClock, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

const GATEWAY = '{fax}@fax-gateway.test';
/** 09:00 in Japan on a Japan date. */
const jst = (date: string, hour = 9) => new Date(`${date}T${String(hour).padStart(2, '0')}:00:00+09:00`);

/**
 * Reminders against a controlled clock: the shop's settings become BullMQ job schedulers (and
 * change with them, without a restart); a run mails the makers that are due, once a day, and the
 * shop's owner one digest.
 */
describe('reminders to makers, and the staff digest', () => {
  let api: TestApp;
  let smtp: SmtpSink;
  let world: WorkersWorld;
  let queues: QueueRegistry;
  let auth: string;
  let shopId: string;
  let shopVersion: number;
  let mailMaker: string;
  let faxMaker: string;
  const today = japanToday();
  const clock = new TestClock(jst(today));

  const runReminders = async (kind: 'confirm' | 'ship') => {
    const job = await queues.get('reminders').add('reminders.run', { shopId, kind });
    await until(() => job.getState(), (s) => s !== 'waiting' && s !== 'active', 20_000, 'reminder run');
    const done = (await queues.get('reminders').getJob(job.id!))!;
    if (done.failedReason) throw new Error(`reminder run failed: ${done.failedReason}`);
    return done.returnvalue as { sent: number; digest: boolean };
  };
  const updateShop = async (changes: object) => {
    const res = await api.http
      .put(`/api/v1/shops/${shopId}`)
      .set('Authorization', auth)
      .send({ name: 'リマインド商店', code: 'REMIND', type: 'platform_1', version: shopVersion, ...changes })
      .expect(200);
    shopVersion = res.body.data.version;
  };
  const scheduler = (kind: string) => queues.get('reminders').getJobScheduler(`reminders-${shopId}-${kind}`);

  beforeAll(async () => {
    world = await WorkersWorld.start({ FAX_GATEWAY_ADDRESS: GATEWAY }, clock);
    ({ api, smtp, queues } = world);
    const admin = await api.signedIn('approver');
    auth = admin.auth;
    const owner = await api.user('operator', { email: 'owner@remind-shop.example.jp' });
    const created = await api.http
      .post('/api/v1/shops')
      .set('Authorization', auth)
      .send({ name: 'リマインド商店', code: 'REMIND', type: 'platform_1', owner_user_id: Number(owner.id) })
      .expect(201);
    shopId = String(created.body.data.id);
    shopVersion = created.body.data.version;
    mailMaker = await makerRow(api, { name: '山本木工所', orderMethod: 'email', email: 'orders@yamamoto-mokko.example.jp' });
    faxMaker = await makerRow(api, { name: '鈴木家具製作所', orderMethod: 'fax', fax: '03-1111-2222' });
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('schedules a daily run per kind at the shop’s hour in Japan, and follows changes without a restart', async () => {
    await updateShop({ order_reminder_days: 2, order_reminder_hour: 9, ship_reminder_days: 3, ship_reminder_hour: 15 });
    const confirm = await until(() => scheduler('confirm'), Boolean, 20_000, 'confirm scheduler');
    expect(confirm).toEqual(expect.objectContaining({ name: 'reminders.run', pattern: '0 0 9 * * *', tz: 'Asia/Tokyo' }));
    expect(new Date(confirm!.next!).toLocaleString('en-GB', { timeZone: 'Asia/Tokyo', hour: '2-digit', minute: '2-digit', hour12: false })).toBe('09:00');
    expect((await until(() => scheduler('ship'), Boolean, 20_000, 'ship scheduler'))!.pattern).toBe('0 0 15 * * *');

    await updateShop({ order_reminder_days: 2, order_reminder_hour: 10, ship_reminder_days: null, ship_reminder_hour: null });
    await until(() => scheduler('confirm'), (s) => s?.pattern === '0 0 10 * * *', 20_000, 'rescheduled');
    await until(() => scheduler('ship'), (s) => !s, 20_000, 'ship scheduler removed');

    await updateShop({ order_reminder_days: 2, order_reminder_hour: 9, ship_reminder_days: 3, ship_reminder_hour: 15 });
    await until(() => scheduler('ship'), Boolean, 20_000, 'ship scheduler back');
  });

  it('reminds makers that have not answered within the days, once a day, by e-mail and fax gateway, with a digest to the owner', async () => {
    // The shop's contact (settings): reminders are signed by it, and replies go to it.
    await updateShop({
      order_reminder_days: 2,
      order_reminder_hour: 9,
      ship_reminder_days: 3,
      ship_reminder_hour: 15,
      contact_company: '株式会社リマインド家具',
      contact_phone: '03-7777-0001',
      contact_email: 'hacchu@remind-kagu.example.jp',
    });
    const order = await orderSentToMakers(api, auth, shopId, [
      { makerId: mailMaker, productName: '無垢材ダイニングテーブル' },
      { makerId: faxMaker, productName: 'ひのき風呂椅子' },
    ]);
    await until(() => sheetsOf(api, order.id), (s) => s.length === 2 && s.every((x: { status: string }) => x.status === 'sent'), 20_000, 'sheets sent');
    const sheetMails = smtp.messages.length;

    clock.at = jst(addDays(today, 1));
    expect(await runReminders('confirm')).toEqual({ sent: 0, failed: 0, digest: false });
    expect(smtp.messages).toHaveLength(sheetMails);

    clock.at = jst(addDays(today, 2));
    expect(await runReminders('confirm')).toEqual({ sent: 2, failed: 0, digest: true });
    const toMaker = smtp.to('orders@yamamoto-mokko.example.jp').filter((m) => m.subject?.startsWith('【ご回答のお願い】'));
    expect(toMaker).toHaveLength(1);
    expect(toMaker[0].subject).toBe(`【ご回答のお願い】注文番号 ${order.orderNo} の受注確認`);
    expect(toMaker[0].text).toContain('山本木工所 御中');
    expect(toMaker[0].text).toContain('株式会社リマインド家具です。');
    expect(toMaker[0].text).toContain('TEL 03-7777-0001');
    expect(toMaker[0].replyTo?.value.map((a) => a.address)).toEqual(['hacchu@remind-kagu.example.jp']);
    expect(smtp.to('0311112222@fax-gateway.test').filter((m) => m.subject?.startsWith('【ご回答のお願い】'))).toHaveLength(1);
    const digest = smtp.to('owner@remind-shop.example.jp');
    expect(digest).toHaveLength(1);
    expect(digest[0].subject).toBe(`【リマインド送信】リマインド商店 受注確認の督促 2 件（${addDays(today, 2).replace(/-/g, '/')}）`);
    expect(digest[0].text).toContain(order.orderNo);

    // The reminder's link opens the page; the same day again sends nothing more.
    const link = /\/maker-confirm\/([A-Za-z0-9_-]{43})/.exec(toMaker[0].text!)![1];
    const page = (await api.http.get(`/api/v1/maker-confirmations/${link}`).expect(200)).body.data;
    expect(await runReminders('confirm')).toEqual({ sent: 0, failed: 0, digest: true });
    expect(smtp.to('owner@remind-shop.example.jp')).toHaveLength(1);

    // The e-mail maker answers (accepting, shipping in two days); the next day only the fax maker is reminded.
    await api.http.post(`/api/v1/maker-confirmations/${link}`).send({ version: page.version, answer: 'accept', estimated_ship_date: addDays(today, 2) }).expect(200);
    clock.at = jst(addDays(today, 3));
    expect((await runReminders('confirm')).sent).toBe(1);
    expect(smtp.to('0311112222@fax-gateway.test').filter((m) => m.subject?.startsWith('【ご回答のお願い】'))).toHaveLength(2);
    expect(smtp.to('orders@yamamoto-mokko.example.jp').filter((m) => m.subject?.startsWith('【ご回答のお願い】'))).toHaveLength(1);
    const reminded = await api.dataSource.query(`SELECT maker_id::text, kind, to_char(day, 'YYYY-MM-DD') AS day FROM maker_reminders WHERE order_id = $1 ORDER BY day, maker_id`, [order.id]);
    expect(reminded).toHaveLength(3);

    // Shipment: the accepted maker is reminded once the estimated ship date has passed, not on it.
    clock.at = jst(addDays(today, 2));
    expect((await runReminders('ship')).sent).toBe(0);
    clock.at = jst(addDays(today, 3));
    expect((await runReminders('ship')).sent).toBe(1);
    const ship = smtp.to('orders@yamamoto-mokko.example.jp').filter((m) => m.subject?.startsWith('【出荷のご確認】'));
    expect(ship).toHaveLength(1);
    expect(ship[0].text).toContain(addDays(today, 2).replace(/-/g, '/'));
  });

  it('reminds of a shipment after an undecided answer once the ship days have passed', async () => {
    const order = await orderSentToMakers(api, auth, shopId, [{ makerId: faxMaker, productName: '竹の花器' }]);
    await until(() => sheetsOf(api, order.id), (s) => s[0]?.status === 'sent', 20_000, 'sheet sent');
    // The maker answers 'ship date undecided' from the console (signed in), through the same command.
    const maker = await api.signedIn('maker', faxMaker);
    await api.http
      .put(`/api/v1/orders/${order.id}/maker_received_process`)
      .set('Authorization', maker.auth)
      .send({ version: order.version, line_ids: order.lineIds.map(Number), maker_receive_date: today, confirm_status: 2 })
      .expect(200);
    const shipMails = () => smtp.to('0311112222@fax-gateway.test').filter((m) => m.subject?.includes(order.orderNo) && m.subject.startsWith('【出荷のご確認】'));
    clock.at = jst(addDays(today, 2));
    await runReminders('ship');
    expect(shipMails()).toHaveLength(0);
    clock.at = jst(addDays(today, 3));
    await runReminders('ship');
    expect(shipMails()).toHaveLength(1);
    expect(shipMails()[0].text).toContain('出荷予定日: 未定');
  });

  it('does not ask a maker that refused for an answer again (a refusal is an answer)', async () => {
    const order = await orderSentToMakers(api, auth, shopId, [{ makerId: mailMaker, productName: '欅の座卓' }]);
    await until(() => sheetsOf(api, order.id), (s) => s[0]?.status === 'sent', 20_000, 'sheet sent');
    const sheet = smtp.messages.find((m) => m.subject?.includes(order.orderNo))!;
    const link = /\/maker-confirm\/([A-Za-z0-9_-]{43})/.exec(sheet.text!)![1];
    const page = (await api.http.get(`/api/v1/maker-confirmations/${link}`).expect(200)).body.data;
    await api.http.post(`/api/v1/maker-confirmations/${link}`).send({ version: page.version, answer: 'refuse', refusal_reason: '廃番のため' }).expect(200);
    clock.at = jst(addDays(today, 4));
    await runReminders('confirm');
    await runReminders('ship');
    expect(await api.dataSource.query(`SELECT kind FROM maker_reminders WHERE order_id = $1`, [order.id])).toEqual([]);
  });
});
