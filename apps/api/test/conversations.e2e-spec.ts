import { orderBody, shopRow } from './support/order-form';
import { useTestApi } from './support/test-app';

/**
 * Conversations through the HTTP API (issue 15): staff write to the maker of an order, the maker
 * polls by `since` and answers, and the order's maker part follows the thread's status.
 */
describe('conversations API: a thread beside an order', () => {
  const ctx = useTestApi();

  it('staff post a message, the maker reads it by since (304 when nothing changed) and answers; the order shows the status', async () => {
    const staffAuth = (await ctx.api.signedIn('operator')).auth;
    const shop = await shopRow(ctx.api);
    const maker = (await ctx.api.maker({ name: 'チャット工房' })).id;
    const makerAuth = (await ctx.api.signedIn('maker', maker)).auth;
    const as = (auth: string) => ({
      get: (path: string) => ctx.api.http.get(`/api/v1${path}`).set('Authorization', auth),
      post: (path: string, body: object) => ctx.api.http.post(`/api/v1${path}`).set('Authorization', auth).send(body),
      put: (path: string, body: object) => ctx.api.http.put(`/api/v1${path}`).set('Authorization', auth).send(body),
    });
    const order = (await as(staffAuth).post('/orders', orderBody(shop, maker)).expect(201)).body.data;
    const lineIds = order.lines.map((l: { id: string }) => Number(l.id));
    const paid = (await as(staffAuth).put('/orders/paid', { order_id: Number(order.id), version: order.version, line_ids: lineIds }).expect(200)).body.data;
    await as(staffAuth).put(`/orders/${order.id}/order_process`, { version: paid.version, line_ids: lineIds }).expect(200);

    const thread = (await as(staffAuth).post('/conversations/maker', { order_id: Number(order.id), maker_id: Number(maker) }).expect(201)).body.data;
    const first = (await as(makerAuth).get(`/conversations/${thread.id}/message`).expect(200)).body;
    expect(first.data).toEqual([]);
    await as(makerAuth).get(`/conversations/${thread.id}/message?since=${first.since_cursor}`).expect(304);

    const posted = await as(staffAuth).post(`/conversations/${thread.id}/message`, { content: '色の確認です。\n<b>ナチュラル</b>' });
    expect(posted.status).toBe(201);
    expect(posted.body.data).toMatchObject({ content: '色の確認です。\n<b>ナチュラル</b>', mine: true, author_side: 'staff', deleted: false });

    const changes = (await as(makerAuth).get(`/conversations/${thread.id}/message?since=${first.since_cursor}`).expect(200)).body;
    expect(changes.data.map((m: { content: string; mine: boolean }) => [m.content, m.mine])).toEqual([['色の確認です。\n<b>ナチュラル</b>', false]]);
    await as(makerAuth).post(`/conversations/${thread.id}/message`, { content: '承知しました。' }).expect(201);

    const statusOnOrder = async () => (await as(staffAuth).get(`/orders/${order.id}`).expect(200)).body.data.makers[0].conversation_status;
    expect(await statusOnOrder()).toBe(2);

    // Staff close it at the version they read; the order follows.
    const read = (await as(staffAuth).get(`/conversations/${thread.id}`).expect(200)).body.data;
    expect(read.status).toBe(2);
    await as(staffAuth).put(`/conversations/${thread.id}`, { status: 3, version: read.version }).expect(200);
    expect(await statusOnOrder()).toBe(3);
  });
});
