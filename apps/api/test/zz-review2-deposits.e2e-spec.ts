import { DepositMatching, writeZenginFile, ZenginFileRecord } from '@oms/infra';
import { givenOrder } from './support/order-fixtures';
import { TestApp, useTestApi } from './support/test-app';

const ACCOUNT = { bankCode: '0005', bankName: 'ﾐﾂﾋﾞｼﾕ-ｴﾌｼﾞｪｲ', branchCode: '001', branchName: 'ﾎﾝﾃﾝ', accountNo: '1234567', accountName: 'ｶ)ﾃﾞﾓｼﾖｯﾌﾟ' };
const DAY = '2026-11-20';

describe('review2 deposits', () => {
  const ctx = useTestApi();
  let accountant: Awaited<ReturnType<TestApp['signedIn']>>;
  let maker: string;
  let files = 0;
  beforeAll(async () => {
    accountant = await ctx.api.signedIn('accountant');
    maker = (await ctx.api.maker()).id;
  });
  const db = () => ctx.api.dataSource;
  const order = (total: number, buyer: { name: string; kana: string | null }) => givenOrder(ctx.api, { lines: [{ makerId: maker, priceWithTax: total }], buyer });
  const zengin = (records: ZenginFileRecord[]) => writeZenginFile({ kind: 'transfer', account: ACCOUNT, records });
  const rec = (amount: number, payerName: string, over: Partial<ZenginFileRecord> = {}): ZenginFileRecord => ({ inquiryNo: '555555', accountDate: DAY, amount, payerName, ...over });
  const upload = (content: Buffer) => ctx.api.http.post('/api/v1/deposits/payment').set('Authorization', accountant.auth).attach('file', content, `r2-${++files}.txt`);
  const match = (id: number) => new DepositMatching(db()).run(String(id));
  const records = async (id: number) => (await ctx.api.http.get(`/api/v1/deposits/${id}/records?per_page=200`).set('Authorization', accountant.auth).expect(200)).body.data;
  const lineStatuses = async (o: { id: string }) => (await db().query(`SELECT status FROM order_lines WHERE order_id = $1 ORDER BY id`, [o.id])).map((r: { status: number }) => r.status);

  it('a released duplicate cancellation is matched as a deposit', async () => {
    const o = await order(6100, { name: '前田 明', kana: 'マエダ アキラ' });
    const cancel = rec(6100, 'ﾏｴﾀﾞ ｱｷﾗ', { inquiryNo: '900002', cancelled: true });
    const a = (await upload(zengin([cancel])).expect(202)).body.data;
    await match(a.id);
    expect((await records(a.id))[0]).toMatchObject({ state: 'review', review_reason: 'cancellation' });
    const b = (await upload(zengin([cancel, rec(777, 'ﾀﾞﾚﾃﾞﾓﾅｲ', { inquiryNo: '900003' })])).expect(202)).body.data;
    await match(b.id);
    expect((await records(b.id))[0]).toMatchObject({ state: 'duplicate' });
    const av = (await ctx.api.http.get(`/api/v1/deposits/${a.id}`).set('Authorization', accountant.auth).expect(200)).body.data;
    await ctx.api.http.put(`/api/v1/deposits/${a.id}/revert`).set('Authorization', accountant.auth).send({ version: av.version, reason: 'x' }).expect(200);
    console.log('after release', (await records(b.id))[0].state);
    await match(b.id);
    const r = (await records(b.id))[0];
    console.log('after rematch', r.state, r.review_reason, r.matched_by, await lineStatuses(o));
  });

  it('a cancellation record can be applied by hand as a payment', async () => {
    const o = await order(6200, { name: '前田 二', kana: 'マエダ ジ' });
    const a = (await upload(zengin([rec(6200, 'ﾏｴﾀﾞ ｼﾞ', { inquiryNo: '900010', cancelled: true })])).expect(202)).body.data;
    await match(a.id);
    const [r] = await records(a.id);
    console.log('cancellation candidates', r.review_reason, r.candidates.map((c: { order_id: number; found_by: string }) => [c.order_id, c.found_by]));
    const [{ version }] = await db().query(`SELECT version FROM orders WHERE id = $1`, [o.id]);
    const res = await ctx.api.http.put(`/api/v1/deposits/${o.id}/update`).set('Authorization', accountant.auth).send({ version, type: 0, amount: 6200, paid_date: DAY, record_id: r.id });
    console.log('apply cancellation', res.status, await lineStatuses(o));
  });
});
