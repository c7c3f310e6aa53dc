import { CONVERSATION_LIMITS } from '@oms/domain';
import { createFileStorage } from '@oms/infra';
import { png } from './support/media-files';
import { givenOrder } from './support/order-fixtures';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;
interface Message {
  id: number;
  content: string | null;
  attachment: { name: string; content_type: string; size: number } | null;
  deleted: boolean;
  mine: boolean;
  author_side: string;
}

/**
 * Conversations (issue 15): threads between staff and makers beside an order, read oldest first by
 * cursor and polled by change number; a maker reads only its own; the status shows on the order.
 */
describe('conversations: threads with makers, read by cursor, polled cheaply', () => {
  const ctx = useTestApi();
  let operator: Signed;
  let approver: Signed;
  let callCenter: Signed;
  let accountant: Signed;
  let makerUser: Signed;
  let otherMakerUser: Signed;
  let maker: string;
  let otherMaker: string;

  const db = () => ctx.api.dataSource;
  const v1 = (path: string) => `/api/v1${path}`;
  const get = (path: string, who: Signed) => ctx.api.http.get(v1(path)).set('Authorization', who.auth);
  const post = (path: string, who: Signed, body: object) => ctx.api.http.post(v1(path)).set('Authorization', who.auth).send(body);
  const put = (path: string, who: Signed, body: object) => ctx.api.http.put(v1(path)).set('Authorization', who.auth).send(body);
  const del = (path: string, who: Signed) => ctx.api.http.delete(v1(path)).set('Authorization', who.auth);

  /** An order with lines of both makers, ordered from them (so both makers see it). */
  const orderedOrder = () => givenOrder(ctx.api, { lines: [{ makerId: maker, status: 3 }, { makerId: otherMaker, status: 3 }] });
  const open = async (orderId: string, makerId: string, who: Signed = operator) =>
    (await post('/conversations/maker', who, { order_id: Number(orderId), maker_id: Number(makerId) }).expect(201)).body.data as { id: number; status: number; version: number };
  const say = async (id: number, who: Signed, content: string) => (await post(`/conversations/${id}/message`, who, { content }).expect(201)).body.data as Message;
  const orderMakers = async (orderId: string) =>
    (await get(`/orders/${orderId}`, operator).expect(200)).body.data.makers as { maker_id: number; conversation_status: number }[];
  const statusOnOrder = async (orderId: string, makerId: string) => (await orderMakers(orderId)).find((m) => String(m.maker_id) === makerId)!.conversation_status;

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    approver = await ctx.api.signedIn('approver');
    callCenter = await ctx.api.signedIn('call_center');
    accountant = await ctx.api.signedIn('accountant');
    maker = (await ctx.api.maker()).id;
    otherMaker = (await ctx.api.maker()).id;
    makerUser = await ctx.api.signedIn('maker', maker);
    otherMakerUser = await ctx.api.signedIn('maker', otherMaker);
  });

  it('staff and the maker talk beside an order; whoever wrote last waits, and the order shows it', async () => {
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    expect(thread).toMatchObject({ kind: 'maker', status: 0, order_id: Number(order.id), maker_id: Number(maker), maker_inquiry_id: null });
    // Asking again answers the same thread; so does the maker's asking.
    expect((await open(order.id, maker)).id).toBe(thread.id);
    expect((await open(order.id, maker, makerUser)).id).toBe(thread.id);

    await say(thread.id, operator, '納期を教えてください。');
    expect(await statusOnOrder(order.id, maker)).toBe(1);
    expect(await statusOnOrder(order.id, otherMaker)).toBe(0);

    const read = (await get(`/conversations/${thread.id}/message`, makerUser).expect(200)).body;
    expect(read.data).toEqual([expect.objectContaining({ content: '納期を教えてください。', author_side: 'staff', mine: false, deleted: false })]);
    expect(read.next_cursor).toBeNull();
    const answer = await say(thread.id, makerUser, '12月3日に出荷します。');
    expect(answer).toMatchObject({ author_side: 'maker', mine: true });
    expect(await statusOnOrder(order.id, maker)).toBe(2);
    expect((await get(`/conversations/${thread.id}`, operator).expect(200)).body.data).toMatchObject({ status: 2, last_author_side: 'maker' });

    // Every message to the other side is an event for the workers' digest mail.
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'conversation.message_posted' AND aggregate_id = $1`, [String(thread.id)]);
    expect(n).toBe(2);
  });

  it('a maker reads and writes only its own threads: another maker\'s is not found', async () => {
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    await say(thread.id, operator, '確認お願いします');
    for (const res of [
      await get(`/conversations/${thread.id}`, otherMakerUser),
      await get(`/conversations/${thread.id}/message`, otherMakerUser),
      await get(`/conversations/${thread.id}/message?since=${(await get(`/conversations/${thread.id}/message`, operator)).body.since_cursor}`, otherMakerUser),
      await post(`/conversations/${thread.id}/message`, otherMakerUser, { content: 'x' }),
      await post('/conversations/maker', otherMakerUser, { order_id: Number(order.id), maker_id: Number(maker) }),
    ]) {
      expect(res.status).toBe(404);
      expectErrorEnvelope(res.body, 'NAL-404');
    }
    // Its own thread of the same order is its own.
    expect((await open(order.id, otherMaker, otherMakerUser)).id).not.toBe(thread.id);
    // Before anything is ordered from a maker, the order is not the maker's: staff may already ask.
    const unpaid = await givenOrder(ctx.api, { lines: [{ makerId: maker, status: 1 }] });
    const early = await open(unpaid.id, maker);
    expect((await post('/conversations/maker', makerUser, { order_id: Number(unpaid.id), maker_id: Number(maker) })).status).toBe(404);
    expect((await get(`/conversations/${early.id}`, makerUser)).status).toBe(404);
  });

  it('refuses a thread for a maker without a part in the order, and a body naming neither or both subjects', async () => {
    const order = await givenOrder(ctx.api, { lines: [{ makerId: maker, status: 3 }] });
    const res = await post('/conversations/maker', operator, { order_id: Number(order.id), maker_id: Number(otherMaker) }).expect(400);
    expectErrorEnvelope(res.body, 'NAL-CHAT-004');
    for (const body of [{}, { order_id: Number(order.id), maker_id: null }, { order_id: null, maker_id: Number(maker) }, { order_id: Number(order.id) }, { maker_id: Number(maker) }, { order_id: Number(order.id), maker_id: Number(maker), maker_inquiry_id: 1 }]) {
      expectErrorEnvelope((await post('/conversations/maker', operator, body).expect(400)).body, 'NAL-CHAT-008');
    }
    expect((await post('/conversations/maker', operator, { order_id: 999999999, maker_id: Number(maker) })).status).toBe(404);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM conversations WHERE order_id = $1`, [order.id]);
    expect(n).toBe(0);
  });

  it('pages a thread of 1,000 messages by cursor with no gap or repeat while new ones arrive, and the poll brings exactly the new ones', async () => {
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    // 1,000 messages straight in the database, as posting takes them: each with the thread's next change number.
    await db().query(
      `WITH posted AS (
         INSERT INTO conversation_messages (conversation_id, author_id, author_side, content, change_seq)
         SELECT $1, $2, 'staff', 'メッセージ ' || i, nextval('conversation_change_seq') FROM generate_series(1, 1000) i RETURNING change_seq)
       UPDATE conversations SET change_seq = (SELECT max(change_seq) FROM posted), status = 1 WHERE id = $1`,
      [thread.id, operator.id],
    );
    const first = (await get(`/conversations/${thread.id}/message?per_page=100`, makerUser).expect(200)).body;
    expect(first.data).toHaveLength(100);
    expect(first.data[0].content).toBe('メッセージ 901');
    expect(first.data[99].content).toBe('メッセージ 1000');
    const seen: number[] = first.data.map((m: Message) => m.id);
    let cursor: string | null = first.next_cursor;
    const arrived: number[] = [];
    while (cursor) {
      // Someone writes while the reader loads earlier pages.
      arrived.push((await say(thread.id, operator, `新着 ${arrived.length + 1}`)).id);
      const page = (await get(`/conversations/${thread.id}/message?per_page=100&cursor=${cursor}`, makerUser).expect(200)).body;
      const ids = page.data.map((m: Message) => m.id);
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(Math.max(...ids)).toBeLessThan(Math.min(...seen));
      seen.unshift(...ids);
      cursor = page.next_cursor;
    }
    expect(seen).toHaveLength(1000);
    expect(new Set(seen).size).toBe(1000);
    expect(arrived).toHaveLength(9);

    // The poll from the first page's since_cursor brings the 9 new ones, each once, oldest first, then nothing (304).
    const polled = (await get(`/conversations/${thread.id}/message?since=${first.since_cursor}`, makerUser).expect(200)).body;
    expect(polled.data.map((m: Message) => m.id)).toEqual(arrived);
    expect(polled.more_changes).toBe(false);
    const quiet = await get(`/conversations/${thread.id}/message?since=${polled.since_cursor}`, makerUser);
    expect(quiet.status).toBe(304);
    expect(quiet.text ?? '').toBe('');

    // More changes than a page: in pages, then up to date.
    const small = (await get(`/conversations/${thread.id}/message?since=${first.since_cursor}&per_page=4`, makerUser).expect(200)).body;
    expect(small.data).toHaveLength(4);
    expect(small.more_changes).toBe(true);
    const rest = (await get(`/conversations/${thread.id}/message?since=${small.since_cursor}&per_page=100`, makerUser).expect(200)).body;
    expect([...small.data, ...rest.data].map((m: Message) => m.id)).toEqual(arrived);
  });

  it('polls bring edits and deletions (a tombstone), and a cursor that is not the list\'s is refused', async () => {
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    const mine = await say(thread.id, operator, '最初の文');
    const { since_cursor: since } = (await get(`/conversations/${thread.id}/message`, makerUser).expect(200)).body;
    expect((await get(`/conversations/${thread.id}/message?since=${since}`, makerUser)).status).toBe(304);

    await put(`/conversations/${thread.id}/message/${mine.id}`, operator, { content: '直した文' }).expect(200);
    const edited = (await get(`/conversations/${thread.id}/message?since=${since}`, makerUser).expect(200)).body;
    expect(edited.data).toEqual([expect.objectContaining({ id: mine.id, content: '直した文', edited_at: expect.any(String) })]);

    const gone = (await del(`/conversations/${thread.id}/message/${mine.id}`, operator).expect(200)).body.data;
    expect(gone).toMatchObject({ id: mine.id, content: null, deleted: true });
    const polled = (await get(`/conversations/${thread.id}/message?since=${edited.since_cursor}`, makerUser).expect(200)).body;
    expect(polled.data).toEqual([expect.objectContaining({ id: mine.id, content: null, deleted: true })]);
    // The tombstone keeps its place in the thread.
    expect((await get(`/conversations/${thread.id}/message`, makerUser).expect(200)).body.data).toEqual([expect.objectContaining({ id: mine.id, deleted: true })]);

    // A cursor of another thread is refused, not read against this one.
    const other = await open((await orderedOrder()).id, maker);
    await say(other.id, operator, 'よその文');
    const foreign = (await get(`/conversations/${other.id}/message`, operator).expect(200)).body.since_cursor;
    for (const query of ['cursor=abc', 'since=abc', `cursor=${since}`, `since=${foreign}`, `since=${since}&cursor=${since}`, 'per_page=0', `per_page=${CONVERSATION_LIMITS.perPageMax + 1}`]) {
      const res = await get(`/conversations/${thread.id}/message?${query}`, operator);
      expect(res.status).toBe(422);
      expectErrorEnvelope(res.body, 'NAL-422');
    }
  });

  it('only the author edits or deletes, within the edit window; a deleted message is not edited', async () => {
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    const mine = await say(thread.id, operator, '作者の文');
    const path = `/conversations/${thread.id}/message/${mine.id}`;
    expectErrorEnvelope((await put(path, approver, { content: '他人' }).expect(403)).body, 'NAL-CHAT-001');
    expectErrorEnvelope((await del(path, makerUser).expect(403)).body, 'NAL-CHAT-001');
    const old = await say(thread.id, operator, '古い文');
    await db().query(`UPDATE conversation_messages SET created_at = now() - interval '${CONVERSATION_LIMITS.editWindowHours} hours 1 minute' WHERE id = $1`, [old.id]);
    const late = await put(`/conversations/${thread.id}/message/${old.id}`, operator, { content: '遅い' }).expect(400);
    expectErrorEnvelope(late.body, 'NAL-CHAT-002');
    expect(late.body.error.params).toEqual({ hours: CONVERSATION_LIMITS.editWindowHours });
    await del(path, operator).expect(200);
    await del(path, operator).expect(200);
    expectErrorEnvelope((await put(path, operator, { content: '復活' }).expect(400)).body, 'NAL-CHAT-003');
    expect((await put(`/conversations/${thread.id}/message/999999999`, operator, { content: 'x' })).status).toBe(404);
    const [row] = await db().query(`SELECT content FROM conversation_messages WHERE id = $1`, [old.id]);
    expect(row.content).toBe('古い文');
  });

  it('holds the content to its limit, keeps markup as text, and takes a retried post once', async () => {
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    const longest = 'あ'.repeat(CONVERSATION_LIMITS.contentMax);
    expect((await say(thread.id, operator, longest)).content).toBe(longest);
    const tooLong = await post(`/conversations/${thread.id}/message`, operator, { content: `${longest}あ` }).expect(422);
    expect(tooLong.body.error.errors).toEqual([expect.objectContaining({ field: 'content', error_code: 'max_length' })]);
    for (const content of ['', '   ', undefined]) {
      const res = await post(`/conversations/${thread.id}/message`, operator, { content }).expect(422);
      expect(res.body.error.errors).toEqual([expect.objectContaining({ field: 'content' })]);
    }
    const markup = '<img src=x onerror=alert(1)> & <b>太字</b>';
    expect((await say(thread.id, operator, markup)).content).toBe(markup);

    const send = () => ctx.api.http.post(v1(`/conversations/${thread.id}/message`)).set('Authorization', operator.auth).set('Idempotency-Key', `chat-${thread.id}`).send({ content: '一度だけ' });
    const [a, b] = [await send(), await send()];
    expect(b.body.data.id).toBe(a.body.data.id);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = $1 AND content = '一度だけ'`, [thread.id]);
    expect(n).toBe(1);
  });

  it('staff set the status at the version they read; the order shows it; makers and customer threads may not', async () => {
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    await say(thread.id, makerUser, '質問です');
    const current = (await get(`/conversations/${thread.id}`, operator).expect(200)).body.data;
    expect(current.status).toBe(2);
    const { since_cursor: since } = (await get(`/conversations/${thread.id}/message`, makerUser).expect(200)).body;
    const done = (await put(`/conversations/${thread.id}`, operator, { status: 3, version: current.version }).expect(200)).body.data;
    expect(done).toMatchObject({ status: 3, version: current.version + 1 });
    expect(await statusOnOrder(order.id, maker)).toBe(3);
    // A poll brings a status set by hand, with no message.
    expect((await get(`/conversations/${thread.id}/message?since=${since}`, makerUser).expect(200)).body).toMatchObject({ data: [], status: 3, version: done.version });
    expectErrorEnvelope((await put(`/conversations/${thread.id}`, approver, { status: 1, version: current.version }).expect(400)).body, 'NAL-CHAT-007');
    expectErrorEnvelope((await put(`/conversations/${thread.id}`, makerUser, { status: 1, version: done.version }).expect(403)).body, 'NAL-CHAT-006');
    for (const status of [0, 4, 'x']) await put(`/conversations/${thread.id}`, operator, { status, version: done.version }).expect(422);
    // A message reopens a processed thread; a maker's moves the version, so a status set on what was read before it is refused.
    await say(thread.id, makerUser, 'もう一つ');
    expect(await statusOnOrder(order.id, maker)).toBe(2);
    const reopened = (await get(`/conversations/${thread.id}`, operator).expect(200)).body.data;
    await say(thread.id, makerUser, 'さらにもう一つ');
    expectErrorEnvelope((await put(`/conversations/${thread.id}`, operator, { status: 3, version: reopened.version }).expect(400)).body, 'NAL-CHAT-007');

    const [customer] = await db().query(`INSERT INTO customers (same_person_id, name) VALUES (0, '会話 顧客') RETURNING id::text`);
    const customerThread = (await get(`/conversations/customer/${customer.id}`, callCenter).expect(200)).body.data;
    expectErrorEnvelope((await put(`/conversations/${customerThread.id}`, operator, { status: 3, version: customerThread.version }).expect(400)).body, 'NAL-CHAT-005');
  });

  it("a customer's thread is staff-only and mails nobody; roles without a thread's kind are refused", async () => {
    const [customer] = await db().query(`INSERT INTO customers (same_person_id, name) VALUES (0, '社内 メモ') RETURNING id::text`);
    const thread = (await get(`/conversations/customer/${customer.id}`, callCenter).expect(200)).body.data;
    expect(thread).toMatchObject({ kind: 'customer', customer_id: Number(customer.id), status: 0 });
    expect((await get(`/conversations/customer/${customer.id}`, operator).expect(200)).body.data.id).toBe(thread.id);
    const note = await say(thread.id, callCenter, '電話で返品の相談あり');
    expect(note.author_side).toBe('staff');
    expect((await get(`/conversations/${thread.id}/message`, operator).expect(200)).body.data).toHaveLength(1);
    const [{ n }] = await db().query(`SELECT count(*)::int AS n FROM outbox_events WHERE type = 'conversation.message_posted' AND aggregate_id = $1`, [String(thread.id)]);
    expect(n).toBe(0);
    expect((await get(`/conversations/${thread.id}`, makerUser)).status).toBe(404);
    expect((await get(`/conversations/customer/${customer.id}`, makerUser)).status).toBe(403);
    expect((await get(`/conversations/customer/999999999`, operator)).status).toBe(404);
    // The call centre has customer chat, not maker chat; the accountant neither.
    const order = await orderedOrder();
    const makerThread = await open(order.id, maker);
    expectErrorEnvelope((await get(`/conversations/${makerThread.id}`, callCenter).expect(403)).body, 'NAL-403');
    expect((await get(`/conversations/${thread.id}`, accountant)).status).toBe(403);
  });

  it('sends a file with a message, checked by content, downloaded by whoever reads the thread (the maker too), gone with the message', async () => {
    const storage = createFileStorage(ctx.api.config);
    const upload = async (who: Signed, fileName: string, type: string, bytes: Buffer) => {
      const presigned = (await get(`/medias/presigned_url?file_name=${encodeURIComponent(fileName)}&type=${encodeURIComponent(type)}`, who).expect(200)).body.data;
      const target = new URL(presigned.url);
      await ctx.api.http.put(`${target.pathname}${target.search}`).set('Content-Type', type).send(bytes).expect(200);
      return presigned.s3_path as string;
    };
    const token = async (who: Signed) => (await get('/medias/token', who).expect(200)).body.data.token as string;
    const order = await orderedOrder();
    const thread = await open(order.id, maker);
    const photo = png(2048);

    const sent = (await post(`/conversations/${thread.id}/message`, operator, { attachment_s3_path: await upload(operator, '破損 写真.png', 'image/png', photo) }).expect(201)).body.data as Message;
    expect(sent).toMatchObject({ content: null, attachment: { name: '破損 写真.png', content_type: 'image/png', size: photo.length }, deleted: false });
    const [stored] = await db().query(`SELECT attachment_key FROM conversation_messages WHERE id = $1`, [sent.id]);
    expect(stored.attachment_key).toMatch(new RegExp(`^conversations/${thread.id}/`));

    const path = `/conversations/${thread.id}/message/${sent.id}/attachment`;
    const opened = await ctx.api.http.get(v1(`${path}?token=${await token(makerUser)}`)).expect(302);
    const signed = new URL(opened.headers.location);
    const file = await ctx.api.http.get(`${signed.pathname}${signed.search}`).buffer(true).parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
    expect(Buffer.compare(file.body as Buffer, photo)).toBe(0);
    expect((await ctx.api.http.get(v1(`${path}?token=${await token(otherMakerUser)}`))).status).toBe(404);
    expect((await ctx.api.http.get(v1(path)).set('Authorization', operator.auth)).status).toBe(401);

    // Not a PNG inside: refused on its field, nothing written, the upload removed.
    const before = (await db().query(`SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = $1`, [thread.id]))[0].n;
    // (The local driver refuses it at the PUT already; S3 takes any bytes, so the claim checks again: put it there as S3 would.)
    const fake = (await get(`/medias/presigned_url?file_name=fake.png&type=image/png`, operator).expect(200)).body.data.s3_path as string;
    await storage.put(fake, Buffer.from('<html>not an image</html>'), 'image/png');
    const refused = await post(`/conversations/${thread.id}/message`, operator, { content: '写真です', attachment_s3_path: fake }).expect(422);
    expect(refused.body.error.errors).toEqual([expect.objectContaining({ field: 'attachment_s3_path', error_code: 'file_format_invalid' })]);
    expect(await storage.stat(fake)).toBeNull();
    expect((await post(`/conversations/${thread.id}/message`, operator, { attachment_s3_path: 'uploads/../../etc/passwd' }).expect(422)).body.error.errors).toEqual([
      expect.objectContaining({ field: 'attachment_s3_path', error_code: 'invalid' }),
    ]);
    // A maker sends no file (it may not upload one); another maker's thread is not found before anything of an upload is taken.
    const elsewhere = await upload(operator, 'x.png', 'image/png', png());
    expect((await post(`/conversations/${thread.id}/message`, otherMakerUser, { attachment_s3_path: elsewhere })).status).toBe(404);
    expect(await storage.stat(elsewhere)).not.toBeNull();
    expect((await get(`/medias/presigned_url?file_name=a.png&type=image/png`, makerUser)).status).toBe(403);
    expect((await db().query(`SELECT count(*)::int AS n FROM conversation_messages WHERE conversation_id = $1`, [thread.id]))[0].n).toBe(before);

    await ctx.api.http.delete(v1(`/conversations/${thread.id}/message/${sent.id}`)).set('Authorization', operator.auth).expect(200);
    expect(await storage.stat(stored.attachment_key)).toBeNull();
    expect((await ctx.api.http.get(v1(`${path}?token=${await token(operator)}`))).status).toBe(404);
  });
});
