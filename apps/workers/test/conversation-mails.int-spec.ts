import type { ParsedMail } from 'mailparser';
import type { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { png } from '../../api/test/support/media-files';
import { givenOrder } from '../../api/test/support/order-fixtures';
import type { TestApp } from '../../api/test/support/test-app';
import { CONVERSATION_DIGEST_JOB } from '../src/conversations/conversation-mails.processor';
import { makerRow, orderSentToMakers, shopWith, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(120_000);

const DELAY_SECONDS = 2;
const settle = () => new Promise((r) => setTimeout(r, (DELAY_SECONDS + 2) * 1000));

/**
 * Chat notifications end to end: messages posted through the API write `conversation.message_posted`
 * to the outbox, the relay publishes it, the conversation-mails processor schedules one delayed digest
 * per thread and side, and the digest mails the other side (through a real SMTP server) one mail
 * listing every message of the burst.
 */
describe('conversation mails', () => {
  let world: WorkersWorld;
  let api: TestApp;
  let smtp: SmtpSink;
  let consoleUrl: string;

  beforeAll(async () => {
    world = await WorkersWorld.start({ CHAT_DIGEST_DELAY_SECONDS: String(DELAY_SECONDS) });
    ({ api, smtp } = world);
    consoleUrl = world.env.config.CONSOLE_URL;
  });

  afterAll(async () => {
    await world?.stop();
  });

  /** The chat mails to an address (a maker also gets its order sheets at it). */
  const chatMails = (address: string): ParsedMail[] => smtp.to(address).filter((m) => m.subject?.startsWith('【新着メッセージ】'));
  const waitForChatMails = (address: string, count: number) =>
    until(async () => chatMails(address), (mails) => mails.length >= count, 20_000, `${count} chat mail(s) to ${address}`);

  const staffAccount = async (email: string, name: string, role: 'operator' | 'approver' = 'operator') => {
    const user = await api.user(role, { email, name });
    return { ...user, auth: api.bearer(user) };
  };
  const post = async (auth: string, conversationId: number, content: string): Promise<number> => {
    const res = await api.http.post(`/api/v1/conversations/${conversationId}/message`).set('Authorization', auth).send({ content });
    if (res.status !== 201) throw new Error(`post: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.data.id;
  };
  const notifiedOf = (conversationId: number) =>
    api.dataSource.query(`SELECT id::text, author_side, notified_at, deleted_at FROM conversation_messages WHERE conversation_id = $1 ORDER BY id`, [conversationId]);
  const digestJobsOf = async (conversationId: number) =>
    (await world.queues.get('conversation-mails').getJobs(['completed', 'delayed', 'waiting', 'active'])).filter(
      (job) => job.name === CONVERSATION_DIGEST_JOB && job.data.conversationId === String(conversationId),
    );

  it("an order's thread: a burst is one mail to the maker, the answer one to each of the order's staff, a later message a second mail, a digest run twice mails once", async () => {
    const owner = await staffAccount('owner@chat-shop.example.jp', '店長 花子', 'approver');
    const operator = await staffAccount('operator@chat-shop.example.jp', '受注 一郎');
    const bystander = await staffAccount('bystander@chat-shop.example.jp', '無関係 次郎');
    const gone = await staffAccount('gone@chat-shop.example.jp', '退職 三郎');
    const makerEmail = 'chat@yamamoto-mokko.example.jp';
    const makerId = await makerRow(api, { name: '山本木工所', orderMethod: 'email', email: makerEmail });
    const maker = await api.signedIn('maker', makerId);
    const shopId = await shopWith(api, { ownerUserId: owner.id });
    const order = await orderSentToMakers(api, operator.auth, shopId, [{ makerId, productName: '無垢材ダイニングテーブル' }]);

    const opened = await api.http.post('/api/v1/conversations/maker').set('Authorization', operator.auth).send({ order_id: Number(order.id), maker_id: Number(makerId) }).expect(201);
    const conversationId: number = opened.body.data.id;

    // A burst: six messages (and a seventh by a staff member who then leaves), one of them deleted before the digest goes.
    const texts = ['納期の確認です。', '化粧箱の件、\n追加でご相談です。', '誤送信です', '色はナチュラルでお願いします。', '数量は1台です。', 'よろしくお願いします。'];
    const ids: number[] = [];
    for (const text of texts) ids.push(await post(operator.auth, conversationId, text));
    await api.http.delete(`/api/v1/conversations/${conversationId}/message/${ids[2]}`).set('Authorization', operator.auth).expect(200);
    await post(gone.auth, conversationId, '私からも一点、発送日をお知らせください。');
    await api.dataSource.query(`UPDATE users SET status = 'invalid' WHERE id = $1`, [gone.id]);

    const [burst] = await waitForChatMails(makerEmail, 1);
    await settle();
    expect(chatMails(makerEmail)).toHaveLength(1);
    expect(burst.subject).toBe(`【新着メッセージ】注文 ${order.orderNo}（山本木工所） 6 件 / New messages: order ${order.orderNo} (山本木工所)`);
    expect(burst.messageId).toMatch(new RegExp(`^<conversation-${conversationId}-staff-\\d+-maker-${makerId}@`));
    const text = burst.text!;
    expect(text).toContain('山本木工所 ご担当者様');
    for (const listed of ['納期の確認です。', '  化粧箱の件、\n  追加でご相談です。', '色はナチュラルでお願いします。', '数量は1台です。', 'よろしくお願いします。', '私からも一点']) {
      expect(text).toContain(listed);
    }
    expect(text).not.toContain('誤送信です');
    expect(text.match(/^■ \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} {2}受注 一郎$/gm)).toHaveLength(5);
    expect(text).toMatch(/^■ \d{4}\/\d{2}\/\d{2} \d{2}:\d{2} {2}退職 三郎$/m);
    expect(text).toContain(`${consoleUrl}/orders/${order.id}`);
    // One digest for the burst, and every message it covered is marked (the deleted one with them).
    expect(await digestJobsOf(conversationId)).toHaveLength(1);
    expect((await notifiedOf(conversationId)).every((m: { notified_at: Date | null }) => m.notified_at !== null)).toBe(true);

    // The maker answers: the shop's owner and the staff who wrote in the thread are mailed (not the one who left, nor others).
    await post(maker.auth, conversationId, '承知しました。12/3 に発送予定です。');
    const [toOwner] = await waitForChatMails(owner.email, 1);
    const [toOperator] = await waitForChatMails(operator.email, 1);
    await settle();
    expect(toOwner.text).toContain('店長 花子 様');
    expect(toOperator.text).toContain('受注 一郎 様');
    expect(toOperator.text).toContain('承知しました。12/3 に発送予定です。');
    expect(toOperator.text).not.toContain('納期の確認です。');
    expect(toOperator.subject).toContain(' 1 件 ');
    for (const address of [owner.email, operator.email]) expect(chatMails(address)).toHaveLength(1);
    for (const address of [gone.email, bystander.email, maker.email]) expect(chatMails(address)).toHaveLength(0);
    expect(chatMails(makerEmail)).toHaveLength(1);

    // A message after the digest went (with a photo: the mail names the file): a second mail, with only what is new.
    const presigned = (await api.http.get('/api/v1/medias/presigned_url').query({ file_name: '梱包写真.png', type: 'image/png' }).set('Authorization', operator.auth).expect(200)).body.data;
    const target = new URL(presigned.url);
    await api.http.put(`${target.pathname}${target.search}`).set('Content-Type', 'image/png').send(png()).expect(200);
    await api.http
      .post(`/api/v1/conversations/${conversationId}/message`)
      .set('Authorization', operator.auth)
      .send({ content: '追伸: 配送は午前指定でお願いします。', attachment_s3_path: presigned.s3_path })
      .expect(201);
    const [, second] = await waitForChatMails(makerEmail, 2);
    expect(second.text).toContain('追伸: 配送は午前指定でお願いします。\n  [添付 / file] 梱包写真.png');
    expect(second.text).not.toContain('納期の確認です。');
    expect(second.subject).toContain(' 1 件 ');
    await until(() => notifiedOf(conversationId), (rows) => rows.every((m: { notified_at: Date | null }) => m.notified_at !== null), 10_000, 'all notified');

    // The digest run again (a copy BullMQ could not recognise): nothing is left to mail.
    const queue = world.queues.get('conversation-mails');
    const again = await queue.add(CONVERSATION_DIGEST_JOB, { conversationId: String(conversationId), authorSide: 'staff' }, { jobId: `again-${conversationId}` });
    await until(() => again.getState(), (state) => state === 'completed', 15_000, 'the copy done');
    expect((await queue.getJob(again.id!))?.returnvalue).toEqual({ messages: 0, recipients: 0, sent: 0 });
    // … and run again after its mail went but before its mark was kept (a crash in between): the mail is not sent twice.
    const [latest] = await api.dataSource.query(`SELECT max(id) AS id FROM conversation_messages WHERE conversation_id = $1 AND author_side = 'staff'`, [conversationId]);
    await api.dataSource.query(`UPDATE conversation_messages SET notified_at = NULL WHERE id = $1`, [latest.id]);
    const replay = await queue.add(CONVERSATION_DIGEST_JOB, { conversationId: String(conversationId), authorSide: 'staff' }, { jobId: `replay-${conversationId}` });
    await until(() => replay.getState(), (state) => state === 'completed', 15_000, 'the replay done');
    expect((await queue.getJob(replay.id!))?.returnvalue).toEqual({ messages: 1, recipients: 1, sent: 0 });
    expect(chatMails(makerEmail)).toHaveLength(2);
    expect((await notifiedOf(conversationId)).every((m: { notified_at: Date | null }) => m.notified_at !== null)).toBe(true);
  });

  it("a maker inquiry: the maker's answer mails the person in charge only; a fax-only maker is mailed nothing", async () => {
    const creator = await staffAccount('creator@chat-inquiry.example.jp', '起票 太郎');
    const inCharge = await staffAccount('in-charge@chat-inquiry.example.jp', '担当 桜');
    const makerEmail = 'support@kiri-kobo.example.jp';
    const makerId = await makerRow(api, { name: '桐工房', orderMethod: 'email', email: makerEmail });
    const maker = await api.signedIn('maker', makerId);

    const created = await api.http
      .post('/api/v1/maker-inquiries')
      .set('Authorization', creator.auth)
      .send({ method: 3, maker_id: Number(makerId), person_in_charge_id: Number(inCharge.id), message: '桐の米びつの在庫はありますか？' })
      .expect(201);
    const inquiry = created.body.data;
    const [asked] = await waitForChatMails(makerEmail, 1);
    expect(asked.subject).toBe(`【新着メッセージ】メーカー問い合わせ #${inquiry.id}（桐工房） 1 件 / New messages: maker inquiry #${inquiry.id} (桐工房)`);
    expect(asked.text).toContain('桐の米びつの在庫はありますか？');
    expect(asked.text).toContain(`${consoleUrl}/maker-inquiries/${inquiry.id}`);

    await post(maker.auth, inquiry.conversation_id, '在庫は3点ございます。');
    await post(maker.auth, inquiry.conversation_id, '追加入荷は来月です。');
    const [answer] = await waitForChatMails(inCharge.email, 1);
    await settle();
    expect(chatMails(inCharge.email)).toHaveLength(1);
    expect(chatMails(creator.email)).toHaveLength(0);
    expect(answer.subject).toContain(' 2 件 ');
    expect(answer.text).toContain('担当 桜 様');
    expect(answer.text).toContain('在庫は3点ございます。');
    expect(answer.text).toContain('追加入荷は来月です。');

    // A maker without e-mail (fax only): nothing is mailed, and its messages are done with all the same.
    const faxMakerId = await makerRow(api, { name: 'FAX木材', orderMethod: 'fax', fax: '03-1111-2222' });
    const faxInquiry = await api.http
      .post('/api/v1/maker-inquiries')
      .set('Authorization', creator.auth)
      .send({ method: 2, maker_id: Number(faxMakerId), message: 'FAX でお送りした件です。' })
      .expect(201);
    const faxConversation: number = faxInquiry.body.data.conversation_id;
    await until(() => notifiedOf(faxConversation), (rows) => rows.length === 1 && rows[0].notified_at !== null, 20_000, 'the fax maker’s message done');
    expect(smtp.messages.filter((m) => m.subject?.includes('FAX木材'))).toHaveLength(0);
  });

  it("a maker's own question nobody has taken yet mails the administrators; staff's words on an order not yet the maker's wait for it", async () => {
    const admin = await staffAccount('admin@chat-admins.example.jp', '管理 一子', 'approver');
    const makerEmail = 'ask@hinoki-kobo.example.jp';
    const makerId = await makerRow(api, { name: '檜工房', orderMethod: 'email', email: makerEmail });
    const maker = await api.signedIn('maker', makerId);
    const asked = (await api.http.post('/api/v1/maker-inquiries').set('Authorization', maker.auth).send({ message: '新商品の掲載について相談です。' }).expect(201)).body.data;
    const [toAdmin] = await waitForChatMails(admin.email, 1);
    expect(toAdmin.text).toContain('新商品の掲載について相談です。');
    expect(toAdmin.text).toContain(`${consoleUrl}/maker-inquiries/${asked.id}`);

    // Staff write beside an order before anything of it is ordered from the maker: the maker may not read it yet, so nothing is mailed.
    const operator = await staffAccount('early@chat-admins.example.jp', '先行 二郎');
    const unpaid = await givenOrder(api, { lines: [{ makerId, status: 1 }] });
    const thread = (await api.http.post('/api/v1/conversations/maker').set('Authorization', operator.auth).send({ order_id: Number(unpaid.id), maker_id: Number(makerId) }).expect(201)).body.data;
    await post(operator.auth, thread.id, '入荷予定を確認中です（社内メモ）');
    await settle();
    expect(chatMails(makerEmail).filter((m) => m.subject?.includes(unpaid.orderNo))).toHaveLength(0);
    expect((await notifiedOf(thread.id)).map((m: { notified_at: Date | null }) => m.notified_at)).toEqual([null]);

    // Once the order is ordered from the maker, what was written waits no more: one mail to the maker.
    const paid = (await api.http.put('/api/v1/orders/paid').set('Authorization', operator.auth).send({ order_id: Number(unpaid.id), version: unpaid.version, line_ids: unpaid.lineIds.map(Number) }).expect(200)).body.data;
    await api.http.put(`/api/v1/orders/${unpaid.id}/order_process`).set('Authorization', operator.auth).send({ version: paid.version, line_ids: unpaid.lineIds.map(Number) }).expect(200);
    const released = await until(async () => chatMails(makerEmail).filter((m) => m.subject?.includes(unpaid.orderNo)), (mails) => mails.length >= 1, 20_000, 'the waiting message mailed');
    expect(released[0].text).toContain('入荷予定を確認中です（社内メモ）');
    await settle();
    expect(chatMails(makerEmail).filter((m) => m.subject?.includes(unpaid.orderNo))).toHaveLength(1);
  });
});
