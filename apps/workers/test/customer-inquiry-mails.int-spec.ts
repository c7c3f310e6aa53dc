import { DEFAULT_YEAR_END_CLOSING, domainEvent, replyDueAt } from '@oms/domain';
import { appendToOutbox } from '@oms/infra';
import type { ParsedMail } from 'mailparser';
import type { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import type { TestApp } from '../../api/test/support/test-app';
import { RelayService } from '../src/outbox/relay.service';
import { shopWith, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

const STAFF_DIGEST_TO = 'cs-desk@oms.example.jp';
const SHOP_CONTACT = 'support@inquiry-shop.example.jp';
// Friday 20 November 2026, 16:59 in Japan: the reply is due the next business day, Tuesday the 24th (the 23rd is a holiday).
const RECEIVED_AT = new Date('2026-11-20T07:59:00Z');
const BANK_ACCOUNT_NUMBER = '7654321';

let sequence = 0;

/**
 * The customer-inquiry mails through every real part: an inquiry as the public form stores it, with its
 * `customer_inquiry.received` event in the outbox in the same transaction; the relay publishes it and the
 * customer-inquiry-mails worker sends, over a real SMTP server, the customer's acknowledgement in the form's
 * language and the staff's notice, each once.
 */
describe('customer inquiry mails', () => {
  let world: WorkersWorld;
  let api: TestApp;
  let smtp: SmtpSink;
  let shopId: string;

  beforeAll(async () => {
    world = await WorkersWorld.start({ STAFF_DIGEST_TO, JOB_ATTEMPTS: '2', JOB_BACKOFF_MS: '200' });
    ({ api, smtp } = world);
    shopId = await shopWith(api);
    await api.dataSource.query(`UPDATE shops SET contact_email = $2 WHERE id = $1`, [shopId, SHOP_CONTACT]);
  });

  afterAll(async () => {
    await world?.stop();
  });

  /** An inquiry row as the form writes it, and its event, committed together; `over` sets or replaces columns. */
  async function received(over: Record<string, unknown> = {}): Promise<{ id: string; reference: string }> {
    const reference = `T${Date.now().toString(36).slice(-7)}${sequence++}`.toUpperCase();
    const row: Record<string, unknown> = {
      reference,
      kind: 'inquiry',
      method: 1,
      inquiry_type: 1,
      language: 'ja',
      shop_id: shopId,
      name: '山田 太郎',
      email: 'taro@example.jp',
      title: '桐たんすの納期について',
      content: '納期を教えてください。\n急ぎではありません。',
      received_at: RECEIVED_AT,
      reply_due_at: replyDueAt(RECEIVED_AT, DEFAULT_YEAR_END_CLOSING),
      ...over,
    };
    const columns = Object.keys(row);
    return api.dataSource.transaction(async (m) => {
      const [{ id }] = await m.query(`INSERT INTO customer_inquiries (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id::text`, Object.values(row));
      await appendToOutbox(m, [domainEvent('customer_inquiry.received', id, { inquiryId: id })]);
      return { id, reference };
    });
  }

  const mailsAbout = (address: string, reference: string): ParsedMail[] => smtp.to(address).filter((m) => m.subject?.includes(reference));
  const mailAbout = async (address: string, reference: string) => (await until(async () => mailsAbout(address, reference), (m) => m.length > 0, 20_000, `mail to ${address}`))[0];
  const eventJob = async (inquiryId: string) => {
    const [event] = await api.dataSource.query(`SELECT id FROM outbox_events WHERE type = 'customer_inquiry.received' AND aggregate_id = $1`, [inquiryId]);
    const queue = world.queues.get('customer-inquiry-mails');
    const job = await until(() => queue.getJob(event.id), (j) => j !== undefined, 10_000, 'event job');
    await until(() => job!.getState(), (s) => s === 'completed' || s === 'failed', 20_000, 'event job done');
    return { eventId: event.id as string, job: (await queue.getJob(event.id))! };
  };

  it('acknowledges a Japanese inquiry to the customer with its reference, and notifies the shop’s contact with a link to the console', async () => {
    const inquiry = await received();
    const ack = await mailAbout('taro@example.jp', inquiry.reference);
    expect(ack.subject).toBe(`【テスト商店 ${(await api.dataSource.query(`SELECT code FROM shops WHERE id = $1`, [shopId]))[0].code}】お問い合わせを受け付けました（受付番号 ${inquiry.reference}）`);
    expect(ack.text).toContain('山田 太郎 様');
    expect(ack.text).toContain(`受付番号: ${inquiry.reference}`);
    expect(ack.text).toContain('受付日時: 2026年11月20日（金）16:59');
    expect(ack.text).toContain('ご返信の目安: 2026年11月24日（火）まで');
    expect(ack.text).not.toContain('納期を教えてください。');
    // The customer's reply reaches the shop, not the no-reply sender.
    expect(ack.replyTo?.value.map((a) => a.address)).toEqual([SHOP_CONTACT]);
    expect(ack.messageId).toMatch(/^<customer-inquiry-acknowledgement-[0-9a-f-]{36}@/);

    const notice = await mailAbout(SHOP_CONTACT, inquiry.reference);
    expect(notice.subject).toBe(`【お問い合わせ】${inquiry.reference} 桐たんすの納期について`);
    expect(notice.text).toContain('種別: お問い合わせ\nお名前: 山田 太郎 様');
    expect(notice.text).toContain(`${world.env.config.CONSOLE_URL}/customer-inquiries/${inquiry.id}`);
    expect(smtp.messages.filter((m) => m.subject?.includes(inquiry.reference))).toHaveLength(2);
    expect((await eventJob(inquiry.id)).job.returnvalue).toMatchObject({
      acknowledgement: { to: 'taro@example.jp', done: 'now' },
      'staff-notice': { to: SHOP_CONTACT, done: 'now' },
    });
  });

  it('acknowledges what the public form took, with the reference it answered', async () => {
    const email = 'form@example.com';
    const res = await api.http
      .post('/api/v1/customer-inquiries/inquiry-form')
      .send({ language: 'en', name: 'John Doe', email, confirm_email: email, shop_id: Number(shopId), inquiry_type: 2, title: 'Where is my order?', content: 'It has not come yet.' })
      .expect(201);
    const { reference } = res.body.data;
    const ack = await mailAbout(email, reference);
    expect(ack.text).toContain(`Reference number: ${reference}`);
    expect(ack.text).not.toContain('It has not come yet.');
    expect((await mailAbout(SHOP_CONTACT, reference)).subject).toBe(`【お問い合わせ】${reference} Where is my order?`);
  });

  it('acknowledges in English an inquiry made on the English form', async () => {
    const inquiry = await received({ language: 'en', name: 'Jane Smith', email: 'jane@example.com', title: 'Delivery time', content: 'When would the chest arrive?' });
    const ack = await mailAbout('jane@example.com', inquiry.reference);
    expect(ack.subject).toMatch(new RegExp(`^\\[テスト商店 S-\\w+\\] We have received your inquiry \\(reference ${inquiry.reference}\\)$`));
    expect(ack.text).toContain('Dear Jane Smith,');
    expect(ack.text).toContain('Received: Fri, 20 Nov 2026 16:59 (Japan time)');
    expect(ack.text).toContain('Expected reply: by Tue, 24 Nov 2026');
    expect(ack.text).not.toContain('When would the chest arrive?');
    // Staff read Japanese whatever the customer wrote in.
    expect((await mailAbout(SHOP_CONTACT, inquiry.reference)).subject).toBe(`【お問い合わせ】${inquiry.reference} Delivery time`);
  });

  it('a return request’s acknowledgement has the pickup date and slot, and no mail has the bank account', async () => {
    const inquiry = await received({
      kind: 'return',
      inquiry_type: 3,
      email: 'hanako@example.jp',
      name: '佐藤 花子',
      title: '返品の依頼',
      content: 'サイズが合いませんでした。',
      order_no: '20261101-0000123',
      delivery_date: '2026-11-18',
      return_request: 2,
      return_method: 1,
      pickup_date: '2026-11-27',
      pickup_slot: 2,
      bank_name: 'みずほ銀行',
      bank_branch: '新宿支店',
      bank_account_type: 1,
      bank_account_number: BANK_ACCOUNT_NUMBER,
      bank_account_holder: 'サトウ ハナコ',
      agreed_at: RECEIVED_AT,
    });
    const ack = await mailAbout('hanako@example.jp', inquiry.reference);
    expect(ack.subject).toContain(`返品・交換のご依頼を受け付けました（受付番号 ${inquiry.reference}）`);
    expect(ack.text).toContain('返品・交換: 返品\n返送方法: 集荷（運送会社が伺います）\n集荷日: 2026年11月27日（金）\n集荷時間帯: 14:00-16:00');
    expect(ack.text).toContain('注文番号: 20261101-0000123');
    const notice = await mailAbout(SHOP_CONTACT, inquiry.reference);
    expect(notice.subject).toBe(`【返品・交換依頼】${inquiry.reference} 返品の依頼`);
    for (const mail of [ack, notice]) {
      expect(mail.text).not.toContain(BANK_ACCOUNT_NUMBER);
      expect(mail.text).not.toContain('みずほ銀行');
      expect(mail.text).not.toContain('サトウ ハナコ');
    }
  });

  it('sends each mail once when the job runs twice and when the relay publishes the event twice', async () => {
    const inquiry = await received({ email: 'twice@example.jp' });
    await mailAbout('twice@example.jp', inquiry.reference);
    const { eventId, job } = await eventJob(inquiry.id);
    const queue = world.queues.get('customer-inquiry-mails');

    // The same job again under another id (a copy BullMQ cannot recognise), and the relay publishing the row again.
    const copy = await queue.add(job.name, job.data, { jobId: `copy-${job.id}` });
    await api.dataSource.query(`UPDATE outbox_events SET published_at = NULL WHERE id = $1`, [eventId]);
    await world.workers.get(RelayService).relay.relayOnce();
    await until(() => copy.getState(), (s) => s === 'completed', 10_000, 'copy job');
    expect((await queue.getJob(copy.id!))!.returnvalue).toMatchObject({ acknowledgement: { done: 'before' }, 'staff-notice': { done: 'before' } });
    await new Promise((r) => setTimeout(r, 500));

    expect(mailsAbout('twice@example.jp', inquiry.reference)).toHaveLength(1);
    expect(mailsAbout(SHOP_CONTACT, inquiry.reference)).toHaveLength(1);
    expect(await api.dataSource.query(`SELECT effect_key FROM job_effects WHERE effect_key LIKE $1 ORDER BY effect_key`, [`customer-inquiry:%:${eventId}`])).toEqual([
      { effect_key: `customer-inquiry:acknowledgement:${eventId}` },
      { effect_key: `customer-inquiry:staff-notice:${eventId}` },
    ]);
  });

  it('a retry after the customer’s mail failed sends only that one: the staff are notified once', async () => {
    smtp.beforeAccept = (mail) => {
      const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
      if (mail.subject?.includes('受け付けました') && to.some((a) => a.text.includes('retry@example.jp'))) {
        smtp.beforeAccept = undefined;
        throw new Error('mailbox busy');
      }
    };
    const inquiry = await received({ email: 'retry@example.jp', content: '一度目は届かない問い合わせです。' });
    await mailAbout('retry@example.jp', inquiry.reference);
    const { job } = await eventJob(inquiry.id);
    // The second try sent the acknowledgement; the notice was sent by the first.
    expect(job.returnvalue).toMatchObject({ acknowledgement: { done: 'now' }, 'staff-notice': { done: 'before' } });
    expect(mailsAbout('retry@example.jp', inquiry.reference)).toHaveLength(1);
    expect(mailsAbout(SHOP_CONTACT, inquiry.reference)).toHaveLength(1);
  });

  it('notifies the shop owner when the shop has no contact e-mail, else STAFF_DIGEST_TO; a phone inquiry staff recorded is not acknowledged', async () => {
    const owner = await api.user('approver', { email: 'owner@inquiry-shop.example.jp', name: '店長 花子' });
    const ownedShop = await shopWith(api, { ownerUserId: owner.id });
    const bareShop = await shopWith(api);
    const toOwner = await received({ shop_id: ownedShop, email: 'owned@example.jp' });
    const toDesk = await received({ shop_id: bareShop, email: 'bare@example.jp' });
    const byPhone = await received({ method: 2, email: 'phoned@example.jp', created_by: owner.id });

    expect((await mailAbout('owner@inquiry-shop.example.jp', toOwner.reference)).subject).toContain('【お問い合わせ】');
    expect((await mailAbout(STAFF_DIGEST_TO, toDesk.reference)).subject).toContain('【お問い合わせ】');
    await mailAbout(SHOP_CONTACT, byPhone.reference);
    await mailAbout('owned@example.jp', toOwner.reference);
    // Without a shop contact there is nobody a reply would reach: no Reply-To.
    expect((await mailAbout('bare@example.jp', toDesk.reference)).replyTo).toBeUndefined();
    expect((await eventJob(byPhone.id)).job.returnvalue).toMatchObject({ acknowledgement: { skipped: 'recorded_by_staff' } });
    expect(smtp.to('phoned@example.jp')).toEqual([]);

    // An owner who may no longer sign in is not mailed either: the desk is.
    await api.dataSource.query(`UPDATE users SET status = 'invalid' WHERE id = $1`, [owner.id]);
    const afterLeaving = await received({ shop_id: ownedShop, email: 'owned@example.jp' });
    await mailAbout(STAFF_DIGEST_TO, afterLeaving.reference);
    expect(mailsAbout('owner@inquiry-shop.example.jp', afterLeaving.reference)).toEqual([]);
  });
});
