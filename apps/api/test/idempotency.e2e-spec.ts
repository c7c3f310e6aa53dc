import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IDEMPOTENCY_KEY_MAX } from '@oms/domain';
import { requestFingerprint } from '../src/common/http/idempotency/fingerprint';
import { givenOrder } from './support/order-fixtures';
import { orderBody, shopRow } from './support/order-form';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type SignedIn = Awaited<ReturnType<TestApp['signedIn']>>;

/**
 * `Idempotency-Key` on every mutation (DESIGN.md §4, docs/decisions.md "Idempotency-Key"), through the
 * whole app on real PostgreSQL: the first answer is stored and replayed without running the work again,
 * the key with another request is refused, concurrent requests with one key run the work once.
 */
describe('Idempotency-Key', () => {
  const ctx = useTestApi();
  let operator: SignedIn;
  let other: SignedIn;
  let shopId: string;
  let makerId: string;

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    other = await ctx.api.signedIn('operator');
    shopId = await shopRow(ctx.api);
    makerId = (await ctx.api.maker()).id;
  });

  beforeEach(async () => {
    await ctx.api.dataSource.query(`DELETE FROM idempotency_keys`);
  });

  let keys = 0;
  const newKey = () => `test-key-${++keys}-${Math.random().toString(36).slice(2, 10)}`;
  /** A POST /orders body whose buyer names this test, so its orders can be counted. */
  const order = (buyer: string, over: Record<string, unknown> = {}) => orderBody(shopId, makerId, { buyer_name: buyer, ...over });
  const postOrder = (body: object, key?: string, user: SignedIn = operator) => {
    const req = ctx.api.http.post('/api/v1/orders').set('Authorization', user.auth);
    return (key === undefined ? req : req.set('Idempotency-Key', key)).send(body);
  };
  const ordersOf = async (buyer: string) => Number((await ctx.api.dataSource.query(`SELECT count(*) AS n FROM orders WHERE buyer_name = $1`, [buyer]))[0].n);
  const keyRows = () => ctx.api.dataSource.query(`SELECT caller, route, idempotency_key, status, locked_until FROM idempotency_keys ORDER BY created_at`);

  it('answers the first answer again, status and body, without running the work again', async () => {
    const key = newKey();
    const first = await postOrder(order('冪等 一郎'), key).expect(201);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const again = await postOrder(order('冪等 一郎'), key).expect(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.text).toBe(first.text);
    expect(await ordersOf('冪等 一郎')).toBe(1);
    // The key is the caller's, on the route as declared; the answer is kept as it went on the wire.
    expect(await keyRows()).toEqual([{ caller: `user:${operator.id}`, route: 'POST /orders', idempotency_key: key, status: 201, locked_until: null }]);
    expect((await ctx.api.dataSource.query(`SELECT response::text AS text FROM idempotency_keys`))[0].text).toBe(first.text);
  });

  it('takes the body as the same whatever order its keys come in', async () => {
    const key = newKey();
    const body = order('冪等 順序');
    const reversed = Object.fromEntries(Object.entries(body).reverse());
    const first = await postOrder(body, key).expect(201);
    const again = await postOrder(reversed, key).expect(201);
    expect(again.body).toEqual(first.body);
    expect(await ordersOf('冪等 順序')).toBe(1);
  });

  it('refuses the key with another body (422 NAL-IDEM-001) and changes nothing', async () => {
    const key = newKey();
    await postOrder(order('冪等 二郎'), key).expect(201);
    const other = await postOrder(order('冪等 二郎', { delivery_address: '大阪府大阪市北区1-1' }), key).expect(422);
    expectErrorEnvelope(other.body, 'NAL-IDEM-001');
    expect(await ordersOf('冪等 二郎')).toBe(1);
  });

  it('refuses the key on another record of the same route (the URL is part of the request)', async () => {
    const [a, b] = [await ctx.api.maker(), await ctx.api.maker()];
    const key = newKey();
    const put = (maker: { id: string; code: string; version: number }) =>
      ctx.api.http
        .put(`/api/v1/makers/${maker.id}`)
        .set('Authorization', operator.auth)
        .set('Idempotency-Key', key)
        .send({ code: maker.code, name: '同じ名前', order_method: 'email', email: 'orders@maker.example.com', version: maker.version });
    await put(a).expect(200);
    expectErrorEnvelope((await put(b).expect(422)).body, 'NAL-IDEM-001');
    expect((await ctx.api.dataSource.query(`SELECT name FROM makers WHERE id = $1`, [b.id]))[0].name).not.toBe('同じ名前');
  });

  it('takes 1 to 255 visible ASCII characters; an empty, longer or other key answers 400 NAL-IDEM-002 and runs nothing', async () => {
    await postOrder(order('冪等 長さ'), 'k'.repeat(IDEMPOTENCY_KEY_MAX)).expect(201);
    for (const key of ['', 'k'.repeat(IDEMPOTENCY_KEY_MAX + 1), 'two words']) {
      expectErrorEnvelope((await postOrder(order('冪等 長さ'), key).expect(400)).body, 'NAL-IDEM-002');
    }
    expect(await ordersOf('冪等 長さ')).toBe(1);
  });

  it('without the header, a request runs as before (twice is two orders)', async () => {
    await postOrder(order('冪等 なし')).expect(201);
    await postOrder(order('冪等 なし')).expect(201);
    expect(await ordersOf('冪等 なし')).toBe(2);
    expect(await keyRows()).toEqual([]);
  });

  it('keeps keys apart per caller: two users with one key each get their own order', async () => {
    const key = newKey();
    const mine = await postOrder(order('冪等 二人'), key, operator).expect(201);
    const theirs = await postOrder(order('冪等 二人'), key, other).expect(201);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.data.id).not.toBe(mine.body.data.id);
    expect(await ordersOf('冪等 二人')).toBe(2);
  });

  it('forgets a key after 24 hours: the request runs again', async () => {
    const key = newKey();
    await postOrder(order('冪等 翌日'), key).expect(201);
    await ctx.api.dataSource.query(`UPDATE idempotency_keys SET created_at = now() - interval '24 hours 1 minute' WHERE idempotency_key = $1`, [key]);
    const again = await postOrder(order('冪等 翌日'), key).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf('冪等 翌日')).toBe(2);
    // The key now holds the new answer, for another 24 hours.
    expect((await postOrder(order('冪等 翌日'), key).expect(201)).body).toEqual(again.body);
    expect(await ordersOf('冪等 翌日')).toBe(2);
  });

  describe('PUT /orders/paid: payment confirmed once', () => {
    const paid = (body: object, key: string) => ctx.api.http.put('/api/v1/orders/paid').set('Authorization', operator.auth).set('Idempotency-Key', key).send(body);
    const history = async (orderId: string) =>
      Number((await ctx.api.dataSource.query(`SELECT count(*) AS n FROM order_status_history WHERE order_id = $1`, [orderId]))[0].n);

    it('a retry with the key answers the confirmation again (not NAL_ORD-193), and the order moved once', async () => {
      const target = await givenOrder(ctx.api, { lines: [{ makerId }, { makerId }] });
      const body = { order_id: Number(target.id), version: 1, line_ids: target.lineIds.map(Number) };
      const key = newKey();
      const first = await paid(body, key).expect(200);
      const again = await paid(body, key).expect(200);
      expect(again.body).toEqual(first.body);
      expect(first.body.data).toMatchObject({ version: 2 });
      expect((await ctx.api.dataSource.query(`SELECT version FROM orders WHERE id = $1`, [target.id]))[0].version).toBe(2);
      expect(await history(target.id)).toBe(2);
      // Without the key the same retry is refused: the version moved.
      expectErrorEnvelope((await ctx.api.http.put('/api/v1/orders/paid').set('Authorization', operator.auth).send(body).expect(400)).body, 'NAL_ORD-193');
    });

    it('replays a refusal (4xx) as it was first answered, request id included', async () => {
      const target = await givenOrder(ctx.api, { lines: [{ makerId, status: 2 }] });
      const body = { order_id: Number(target.id), version: 1, line_ids: target.lineIds.map(Number) };
      const key = newKey();
      const first = await paid(body, key).expect(400);
      expectErrorEnvelope(first.body, 'NAL_ORD-169');
      const again = await paid(body, key).expect(400);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(first.body);
      expect(again.headers['x-request-id']).not.toBe(first.body.error.request_id);
      // A field refusal too.
      const invalidKey = newKey();
      const invalid = await paid({ order_id: 'x' }, invalidKey).expect(422);
      expect((await paid({ order_id: 'x' }, invalidKey).expect(422)).body).toEqual(invalid.body);
    });
  });

  it('keeps a 5xx as the key\'s answer (the work may have committed before it failed): the retry answers it, a new key runs', async () => {
    const db = ctx.api.dataSource;
    await db.query(`CREATE FUNCTION idempotency_test_fail() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'the database failed'; END $$`);
    await db.query(`CREATE TRIGGER idempotency_test_fail BEFORE INSERT ON orders FOR EACH ROW EXECUTE FUNCTION idempotency_test_fail()`);
    const key = newKey();
    try {
      expectErrorEnvelope((await postOrder(order('冪等 障害'), key).expect(500)).body, 'NAL-500');
      expect(await keyRows()).toMatchObject([{ status: 500 }]);
    } finally {
      await db.query(`DROP TRIGGER idempotency_test_fail ON orders`);
      await db.query(`DROP FUNCTION idempotency_test_fail()`);
    }
    const retry = await postOrder(order('冪等 障害'), key).expect(500);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await ordersOf('冪等 障害')).toBe(0);
    const again = await postOrder(order('冪等 障害'), newKey()).expect(201);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(await ordersOf('冪等 障害')).toBe(1);
  });

  it('100 concurrent requests with one key: one order, 100 identical answers', async () => {
    const key = newKey();
    const body = order('冪等 百回');
    const answers = await Promise.all(Array.from({ length: 100 }, () => postOrder(body, key)));
    expect(await ordersOf('冪等 百回')).toBe(1);
    expect(new Set(answers.map((a) => `${a.status} ${a.text}`))).toEqual(new Set([`201 ${answers[0].text}`]));
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(99);
  }, 60_000);

  describe('a key whose first request is still running', () => {
    const url = '/api/v1/orders';
    /** The key as the first request left it while running: claimed, until `lockedUntil`. */
    async function running(key: string, body: object, lockedFor: string) {
      const fingerprint = requestFingerprint({ method: 'POST', url, body });
      await ctx.api.dataSource.query(
        `INSERT INTO idempotency_keys (caller, route, idempotency_key, fingerprint, claim, locked_until) VALUES ($1, 'POST /orders', $2, $3, gen_random_uuid(), now() + $4::interval)`,
        [`user:${operator.id}`, key, fingerprint, lockedFor],
      );
    }

    it('a second request waits for the first answer and answers it', async () => {
      const key = newKey();
      const body = order('冪等 待機');
      await running(key, body, '30 seconds');
      const waiting = postOrder(body, key).then((res) => res);
      await new Promise((r) => setTimeout(r, 300));
      await ctx.api.dataSource.query(`UPDATE idempotency_keys SET status = 201, response = '{"data":{"id":"42"}}', locked_until = NULL WHERE idempotency_key = $1`, [key]);
      const res = await waiting;
      expect(res.status).toBe(201);
      expect(res.body).toEqual({ data: { id: '42' } });
      expect(res.headers['idempotent-replayed']).toBe('true');
      expect(await ordersOf('冪等 待機')).toBe(0);
    });

    it('takes over a key whose request died (its claim lapsed): the work runs', async () => {
      const key = newKey();
      const body = order('冪等 引継');
      await running(key, body, '-1 second');
      await postOrder(body, key).expect(201);
      expect(await ordersOf('冪等 引継')).toBe(1);
      expect((await keyRows())[0]).toMatchObject({ status: 201, locked_until: null });
    });

    it('answers 409 NAL-IDEM-003 when the first request is still running after IDEMPOTENCY_WAIT_MS', async () => {
      const impatient = await TestApp.start({ ...ctx.env.config, IDEMPOTENCY_WAIT_MS: 200 });
      try {
        const key = newKey();
        const body = order('冪等 競合');
        await running(key, body, '30 seconds');
        const res = await impatient.http.post(url).set('Authorization', operator.auth).set('Idempotency-Key', key).send(body).expect(409);
        expectErrorEnvelope(res.body, 'NAL-IDEM-003');
        expect(await ordersOf('冪等 競合')).toBe(0);
      } finally {
        await impatient.close();
      }
    });
  });

  it('a CSV upload with the key makes one import; the key with another file is refused', async () => {
    const key = newKey();
    // The upload checks only the header; the rows are checked by the import's job.
    const header = '商品コード,自社商品コード,EC商品コード,メーカー品番,ショップコード,ショップ商品ID,メーカーコード,商品名,カテゴリ名,税抜価格,税率,税込価格,卸価格,オプション1,オプション2,配送タイプ,出荷可,出荷目安,配送区分,表示,掲載対応,状態';
    const csv = (code: string) => Buffer.from(`${header}\r\n${code}${','.repeat(21)}\r\n`);
    const upload = (content: Buffer) =>
      ctx.api.http.post('/api/v1/products/imports').set('Authorization', operator.auth).set('Idempotency-Key', key).attach('file', content, 'idempotent.csv');
    const first = await upload(csv('IDEM-1')).expect(202);
    const again = await upload(csv('IDEM-1')).expect(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body).toEqual(first.body);
    expectErrorEnvelope((await upload(csv('IDEM-2')).expect(422)).body, 'NAL-IDEM-001');
    expect(Number((await ctx.api.dataSource.query(`SELECT count(*) AS n FROM product_imports WHERE file_name = 'idempotent.csv'`))[0].n)).toBe(1);
  });

  it('leaves out routes that write more than a body (sign-in cookies): the key is not kept', async () => {
    await ctx.api.http.post('/api/v1/auth/logout').set('Idempotency-Key', newKey()).expect(204);
    expect(await keyRows()).toEqual([]);
  });

  it('the contract offers the header on mutations that take it, with their 409 and 422', () => {
    const contract = JSON.parse(readFileSync(join(__dirname, '../openapi.json'), 'utf8'));
    const ref = (p: { $ref?: string }) => (p.$ref ? contract.components.parameters[p.$ref.split('/').pop()!] : p);
    const header = (op: { parameters?: { $ref?: string }[] }) => op.parameters?.map(ref).find((p) => p.in === 'header' && p.name === 'Idempotency-Key');
    expect(header(contract.paths['/orders/paid'].put)).toMatchObject({ required: false, schema: { type: 'string', minLength: 1, maxLength: IDEMPOTENCY_KEY_MAX } });
    expect(Object.keys(contract.paths['/orders'].post.responses)).toEqual(expect.arrayContaining(['409', '422']));
    expect(header(contract.paths['/orders'].get)).toBeUndefined();
    expect(header(contract.paths['/auth/refresh'].post)).toBeUndefined();
  });
});
