import { CONVERSATION_LIMITS, MAKER_INQUIRY_LIMITS, MAKER_INQUIRY_METHOD, MAKER_INQUIRY_STATE } from '@oms/domain';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Signed = Awaited<ReturnType<TestApp['signedIn']>>;

/**
 * Maker inquiries (issue 15): a question between the shop and a maker with its thread, whose state
 * follows who wrote last and 'processed and save'; a maker sees its own, without the shop's fields.
 */
describe('maker inquiries: questions to and from makers, tracked until processed', () => {
  const ctx = useTestApi();
  let operator: Signed;
  let approver: Signed;
  let accountant: Signed;
  let makerUser: Signed;
  let otherMakerUser: Signed;
  let maker: string;
  let otherMaker: string;
  let customer: string;

  const db = () => ctx.api.dataSource;
  const v1 = (path: string) => `/api/v1${path}`;
  const get = (path: string, who: Signed) => ctx.api.http.get(v1(path)).set('Authorization', who.auth);
  const post = (path: string, who: Signed, body: object) => ctx.api.http.post(v1(path)).set('Authorization', who.auth).send(body);
  const put = (path: string, who: Signed, body: object) => ctx.api.http.put(v1(path)).set('Authorization', who.auth).send(body);
  const count = async (table: string) => (await db().query(`SELECT count(*)::int AS n FROM ${table}`))[0].n as number;

  const staffAsks = async (over: object = {}) =>
    (await post('/maker-inquiries', operator, { method: MAKER_INQUIRY_METHOD.email, maker_id: Number(maker), customer_id: Number(customer), memo: '在庫の件', message: '在庫はありますか？', ...over }).expect(201)).body.data;
  const fieldsOf = (inquiry: { version: number; method: number; maker: { id: number }; customer: { id: number } | null; memo: string | null; person_in_charge: { id: number } | null }) => ({
    version: inquiry.version,
    method: inquiry.method,
    maker_id: inquiry.maker.id,
    customer_id: inquiry.customer?.id ?? null,
    memo: inquiry.memo,
    person_in_charge_id: inquiry.person_in_charge?.id ?? null,
  });

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    approver = await ctx.api.signedIn('approver');
    accountant = await ctx.api.signedIn('accountant');
    maker = (await ctx.api.maker({ name: '山本製作所' })).id;
    otherMaker = (await ctx.api.maker({ name: '川口工業' })).id;
    makerUser = await ctx.api.signedIn('maker', maker);
    otherMakerUser = await ctx.api.signedIn('maker', otherMaker);
    const [row] = await db().query(`INSERT INTO customers (same_person_id, name) VALUES (0, '問合 太郎') RETURNING id::text`);
    customer = row.id;
  });

  it('staff ask a maker: the inquiry, its thread and first message; it waits for the maker, who answers', async () => {
    const inquiry = await staffAsks();
    expect(inquiry).toMatchObject({
      method: MAKER_INQUIRY_METHOD.email,
      maker: { id: Number(maker), name: '山本製作所' },
      customer: { id: Number(customer), name: '問合 太郎' },
      memo: '在庫の件',
      person_in_charge: { id: Number(operator.id) },
      state: MAKER_INQUIRY_STATE.waitingMaker,
      processed: false,
      last_message: '在庫はありますか？',
      last_author_side: 'staff',
    });
    // The maker reads it without what is the shop's own.
    const seen = (await get(`/maker-inquiries/${inquiry.id}`, makerUser).expect(200)).body.data;
    expect(seen).toMatchObject({ id: inquiry.id, customer: null, memo: null, person_in_charge: null, state: MAKER_INQUIRY_STATE.waitingMaker });
    const thread = (await post('/conversations/maker', makerUser, { maker_inquiry_id: inquiry.id }).expect(201)).body.data;
    expect(thread.id).toBe(inquiry.conversation_id);
    await post(`/conversations/${thread.id}/message`, makerUser, { content: '3個あります' }).expect(201);
    expect((await get(`/maker-inquiries/${inquiry.id}`, operator).expect(200)).body.data).toMatchObject({ state: MAKER_INQUIRY_STATE.waitingCompany, last_message: '3個あります' });
    // Another maker neither reads it nor its thread.
    expect((await get(`/maker-inquiries/${inquiry.id}`, otherMakerUser)).status).toBe(404);
    expect((await post('/conversations/maker', otherMakerUser, { maker_inquiry_id: inquiry.id })).status).toBe(404);
    expect((await get(`/conversations/${thread.id}/message`, otherMakerUser)).status).toBe(404);
  });

  it('a maker asks the company: its own maker, through the console, nothing of the shop\'s taken', async () => {
    const asked = (await post('/maker-inquiries', makerUser, { message: '梱包方法の相談です', maker_id: Number(otherMaker), memo: '勝手なメモ', customer_id: Number(customer) }).expect(201)).body.data;
    expect(asked).toMatchObject({ maker: { id: Number(maker) }, method: MAKER_INQUIRY_METHOD.system, state: MAKER_INQUIRY_STATE.waitingCompany, customer: null, memo: null });
    const [row] = await db().query(`SELECT maker_id::text, customer_id, memo, person_in_charge_id FROM maker_inquiries WHERE id = $1`, [asked.id]);
    expect(row).toEqual({ maker_id: maker, customer_id: null, memo: null, person_in_charge_id: null });
    await post(`/conversations/${asked.conversation_id}/message`, operator, { content: '段ボールでお願いします' }).expect(201);
    expect((await get(`/maker-inquiries/${asked.id}`, makerUser).expect(200)).body.data.state).toBe(MAKER_INQUIRY_STATE.waitingMaker);
    // Makers do not edit the inquiry's fields.
    expectErrorEnvelope((await put(`/maker-inquiries/${asked.id}`, makerUser, { ...fieldsOf(asked), processed: true }).expect(403)).body, 'NAL-403');
  });

  it("'processed and save' closes it at the version read; a new message reopens it; taking it back waits for whoever is due", async () => {
    const inquiry = await staffAsks();
    const saved = (await put(`/maker-inquiries/${inquiry.id}`, operator, { ...fieldsOf(inquiry), memo: '回答待ち', processed: true }).expect(200)).body.data;
    expect(saved).toMatchObject({ state: MAKER_INQUIRY_STATE.processed, processed: true, memo: '回答待ち', version: inquiry.version + 1 });
    expect((await get(`/conversations/${inquiry.conversation_id}`, operator).expect(200)).body.data.status).toBe(3);
    expectErrorEnvelope((await put(`/maker-inquiries/${inquiry.id}`, approver, { ...fieldsOf(inquiry), processed: false }).expect(400)).body, 'NAL-INQ-001');

    await post(`/conversations/${inquiry.conversation_id}/message`, makerUser, { content: '追加の質問です' }).expect(201);
    const reopened = (await get(`/maker-inquiries/${inquiry.id}`, operator).expect(200)).body.data;
    expect(reopened).toMatchObject({ state: MAKER_INQUIRY_STATE.waitingCompany, processed: false });
    const closed = (await put(`/maker-inquiries/${inquiry.id}`, operator, { ...fieldsOf(reopened), processed: true }).expect(200)).body.data;
    const back = (await put(`/maker-inquiries/${inquiry.id}`, operator, { ...fieldsOf(closed), processed: false }).expect(200)).body.data;
    expect(back.state).toBe(MAKER_INQUIRY_STATE.waitingCompany);
    // Saving without `processed` leaves the state alone.
    const same = (await put(`/maker-inquiries/${inquiry.id}`, operator, fieldsOf(back)).expect(200)).body.data;
    expect(same.state).toBe(MAKER_INQUIRY_STATE.waitingCompany);
  });

  it("a maker's message staff have not read yet stops 'processed and save' of what they read; a disabled maker's inquiry still closes", async () => {
    const inquiry = await staffAsks();
    await post(`/conversations/${inquiry.conversation_id}/message`, makerUser, { content: '別の質問があります' }).expect(201);
    expectErrorEnvelope((await put(`/maker-inquiries/${inquiry.id}`, operator, { ...fieldsOf(inquiry), processed: true }).expect(400)).body, 'NAL-INQ-001');
    expect((await get(`/maker-inquiries/${inquiry.id}`, operator).expect(200)).body.data.state).toBe(MAKER_INQUIRY_STATE.waitingCompany);
    // Staff's own messages do not: they have read them.
    const read = (await get(`/maker-inquiries/${inquiry.id}`, operator).expect(200)).body.data;
    await post(`/conversations/${inquiry.conversation_id}/message`, operator, { content: '確認します' }).expect(201);
    await db().query(`UPDATE makers SET status = 'disabled' WHERE id = $1`, [maker]);
    try {
      const closed = (await put(`/maker-inquiries/${inquiry.id}`, operator, { ...fieldsOf(read), processed: true }).expect(200)).body.data;
      expect(closed.state).toBe(MAKER_INQUIRY_STATE.processed);
      // Moving it to a disabled maker is still refused.
      const other = await staffAsks({ maker_id: Number(otherMaker) });
      const moved = await put(`/maker-inquiries/${other.id}`, operator, { ...fieldsOf(other), maker_id: Number(maker) }).expect(422);
      expect(moved.body.error.errors).toEqual([expect.objectContaining({ field: 'maker_id', error_code: 'not_found' })]);
    } finally {
      await db().query(`UPDATE makers SET status = 'enabled' WHERE id = $1`, [maker]);
    }
  });

  it("a maker's post waiting behind a move of its inquiry to another maker is refused, not written into the other maker's thread", async () => {
    const inquiry = await staffAsks();
    const runner = db().createQueryRunner();
    await runner.connect();
    await runner.startTransaction();
    try {
      // Staff's move holds the inquiry's row while the maker posts.
      await runner.query(`SELECT id FROM maker_inquiries WHERE id = $1 FOR UPDATE`, [inquiry.id]);
      const posting = post(`/conversations/${inquiry.conversation_id}/message`, makerUser, { content: '山本製作所だけへの回答' }).then((res) => res);
      await new Promise((r) => setTimeout(r, 300));
      await runner.query(`UPDATE conversations SET maker_id = $2 WHERE maker_inquiry_id = $1`, [inquiry.id, otherMaker]);
      await runner.query(`UPDATE maker_inquiries SET maker_id = $2, version = version + 1 WHERE id = $1`, [inquiry.id, otherMaker]);
      await runner.commitTransaction();
      const res = await posting;
      expect(res.status).toBe(404);
    } finally {
      if (runner.isTransactionActive) await runner.rollbackTransaction();
      await runner.release();
    }
    const messages = (await get(`/conversations/${inquiry.conversation_id}/message`, otherMakerUser).expect(200)).body.data;
    expect(messages.map((m: { content: string }) => m.content)).toEqual(['在庫はありますか？']);
  });

  it('moves an inquiry to another maker only while no maker has written in it', async () => {
    const quiet = await staffAsks();
    const moved = (await put(`/maker-inquiries/${quiet.id}`, operator, { ...fieldsOf(quiet), maker_id: Number(otherMaker) }).expect(200)).body.data;
    expect(moved.maker.id).toBe(Number(otherMaker));
    expect((await get(`/maker-inquiries/${quiet.id}`, otherMakerUser).expect(200)).body.data.id).toBe(quiet.id);
    expect((await get(`/conversations/${quiet.conversation_id}/message`, otherMakerUser).expect(200)).body.data).toHaveLength(1);
    expect((await get(`/maker-inquiries/${quiet.id}`, makerUser)).status).toBe(404);

    const asked = await staffAsks();
    await post(`/conversations/${asked.conversation_id}/message`, makerUser, { content: '回答します' }).expect(201);
    const answered = (await get(`/maker-inquiries/${asked.id}`, operator).expect(200)).body.data;
    const refused = await put(`/maker-inquiries/${answered.id}`, operator, { ...fieldsOf(answered), maker_id: Number(otherMaker), memo: '変えない' }).expect(400);
    expectErrorEnvelope(refused.body, 'NAL-INQ-002');
    const [row] = await db().query(`SELECT maker_id::text, memo, version FROM maker_inquiries WHERE id = $1`, [answered.id]);
    expect(row).toEqual({ maker_id: maker, memo: '在庫の件', version: answered.version });
  });

  it('lists by maker, state, processed, method and keyword, newest first; a maker sees its own only', async () => {
    const phone = await staffAsks({ method: MAKER_INQUIRY_METHOD.phone, memo: '電話で受けたキーワード甲', message: '折り返しください' });
    const other = (await post('/maker-inquiries', operator, { method: MAKER_INQUIRY_METHOD.fax, maker_id: Number(otherMaker), message: 'FAXの件 キーワード甲' }).expect(201)).body.data;
    const ids = async (query: string, who: Signed = operator) => (await get(`/maker-inquiries?per_page=200&${query}`, who).expect(200)).body.data.map((i: { id: number }) => i.id);
    expect(await ids('keyword=キーワード甲')).toEqual([other.id, phone.id]);
    expect(await ids(`keyword=キーワード甲&maker_id=${maker}`)).toEqual([phone.id]);
    expect(await ids(`keyword=キーワード甲&method=${MAKER_INQUIRY_METHOD.fax}`)).toEqual([other.id]);
    // The memo and the buyer are not searched for a maker.
    expect(await ids('keyword=キーワード甲', makerUser)).toEqual([]);
    expect(await ids('keyword=FAXの件', otherMakerUser)).toEqual([other.id]);
    const mine = await ids('', makerUser);
    expect(mine).toContain(phone.id);
    expect(mine).not.toContain(other.id);
    await put(`/maker-inquiries/${phone.id}`, operator, { ...fieldsOf(phone), processed: true }).expect(200);
    expect(await ids('keyword=キーワード甲&processed=1')).toEqual([phone.id]);
    expect(await ids('keyword=キーワード甲&processed=0')).toEqual([other.id]);
    expect(await ids(`keyword=キーワード甲&state=${MAKER_INQUIRY_STATE.waitingMaker}`)).toEqual([other.id]);

    const firstPage = (await get('/maker-inquiries?per_page=20', operator).expect(200)).body;
    expect(firstPage.pagination).toMatchObject({ current_page: 1, per_page: 20 });
    const all = await ids('');
    expect(all).toEqual([...all].sort((a: number, b: number) => b - a));
    for (const query of ['state=9', 'processed=2', 'method=0', 'maker_id=x', `keyword=${'a'.repeat(MAKER_INQUIRY_LIMITS.keywordMax + 1)}`]) {
      expect((await get(`/maker-inquiries?${query}`, operator)).status).toBe(422);
    }
    expect((await get('/maker-inquiries', accountant)).status).toBe(403);
  });

  it('holds every field to its limit, refuses unknown records, and writes nothing on a refusal', async () => {
    const before = [await count('maker_inquiries'), await count('conversations'), await count('conversation_messages')];
    const memo = 'め'.repeat(MAKER_INQUIRY_LIMITS.memoMax);
    const message = 'ぶ'.repeat(CONVERSATION_LIMITS.contentMax);
    const cases: [object, string][] = [
      [{ memo: `${memo}め` }, 'memo'],
      [{ message: `${message}ぶ` }, 'message'],
      [{ message: '' }, 'message'],
      [{ method: 6 }, 'method'],
      [{ method: undefined }, 'method'],
      [{ maker_id: undefined }, 'maker_id'],
      [{ method: null }, 'method'],
      [{ maker_id: null }, 'maker_id'],
      [{ maker_id: 999999999 }, 'maker_id'],
      [{ customer_id: 999999999 }, 'customer_id'],
      [{ person_in_charge_id: Number(makerUser.id) }, 'person_in_charge_id'],
    ];
    for (const [over, field] of cases) {
      const res = await post('/maker-inquiries', operator, { method: 1, maker_id: Number(maker), message: 'x', ...over }).expect(422);
      expect(res.body.error.errors).toEqual([expect.objectContaining({ field })]);
    }
    await db().query(`UPDATE makers SET status = 'disabled' WHERE id = $1`, [otherMaker]);
    const disabled = await post('/maker-inquiries', operator, { method: 1, maker_id: Number(otherMaker), message: 'x' }).expect(422);
    expect(disabled.body.error.errors).toEqual([expect.objectContaining({ field: 'maker_id', error_code: 'not_found' })]);
    await db().query(`UPDATE makers SET status = 'enabled' WHERE id = $1`, [otherMaker]);
    expect([await count('maker_inquiries'), await count('conversations'), await count('conversation_messages')]).toEqual(before);

    const longest = (await post('/maker-inquiries', operator, { method: 1, maker_id: Number(maker), memo, message }).expect(201)).body.data;
    expect(longest.memo).toBe(memo);
    const blank = await put(`/maker-inquiries/${longest.id}`, operator, { ...fieldsOf(longest), memo: '' }).expect(200);
    expect(blank.body.data.memo).toBeNull();
    expect((await put('/maker-inquiries/999999999', operator, { ...fieldsOf(longest), version: 1 })).status).toBe(404);
  });
});
