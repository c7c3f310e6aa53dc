import { writeZenginFile } from '@oms/infra';
import { givenOrder } from '../../api/test/support/order-fixtures';
import type { TestApp } from '../../api/test/support/test-app';
import { DepositMatchingProcessor } from '../src/deposits/deposit-matching.processor';
import { until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

/**
 * Deposit matching end to end: the upload writes `deposit.uploaded` to the outbox with the upload, the
 * relay publishes it, the deposit-matching processor matches and pays; the console's poll sees the
 * progress end. The same job again (a copy BullMQ could not recognise) pays nobody twice.
 */
describe('deposit matching in the workers', () => {
  let world: WorkersWorld;
  let api: TestApp;

  beforeAll(async () => {
    world = await WorkersWorld.start({});
    ({ api } = world);
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('matches an upload in the background and pays each order once, also when the job runs again', async () => {
    const accountant = await api.signedIn('accountant');
    const maker = (await api.maker()).id;
    const orders = [
      await givenOrder(api, { lines: [{ makerId: maker, priceWithTax: 4400 }], buyer: { name: '中村 聡', kana: 'ナカムラ サトシ' } }),
      await givenOrder(api, { lines: [{ makerId: maker, priceWithTax: 5500 }], buyer: { name: '小川 恵', kana: 'オガワ メグミ' } }),
    ];
    const file = writeZenginFile({
      kind: 'transfer',
      account: { bankCode: '0009', bankName: 'ﾐﾂｲｽﾐﾄﾓ', branchCode: '100', branchName: 'ﾄｳｷﾖｳ', accountNo: '7654321', accountName: 'ﾃﾞﾓｼﾖｯﾌﾟ' },
      records: [
        { inquiryNo: '500001', accountDate: '2026-11-24', amount: 4400, payerName: 'ﾅｶﾑﾗ ｻﾄｼ' },
        { inquiryNo: '500002', accountDate: '2026-11-24', amount: 5500, payerName: `${orders[1].orderNo} ｵｶﾞﾜ` },
        { inquiryNo: '500003', accountDate: '2026-11-24', amount: 777, payerName: 'ﾀﾞﾚﾃﾞﾓﾅｲ' },
      ],
    });
    const uploaded = await api.http.post('/api/v1/deposits/payment').set('Authorization', accountant.auth).attach('file', file, 'zengin.txt').expect(202);
    const id = uploaded.body.data.id;
    const done = await until(
      async () => (await api.http.get(`/api/v1/deposits/${id}`).set('Authorization', accountant.auth).expect(200)).body.data,
      (d) => d.state === 'done',
      30_000,
      'matching done',
    );
    expect(done).toMatchObject({ progress: { decided: 3, total: 3 }, counts: { matched: 2, review: 1, exact: 2 } });
    const paid = async () => api.dataSource.query(`SELECT order_id::text, count(*)::int AS n FROM deposit_payments WHERE deposit_id = $1 GROUP BY order_id ORDER BY order_id`, [id]);
    expect(await paid()).toEqual(orders.map((o) => ({ order_id: o.id, n: 1 })));

    // The same job again: the upload is done, its records decided; nothing more is paid.
    const queue = world.queues.get('deposit-matching');
    const first = (await queue.getJobs(['completed']))[0];
    const copy = await queue.add('deposit.uploaded', first.data, { jobId: `copy-${first.id}` });
    await until(() => copy.getState(), (state) => state === 'completed', 15_000, 'the copy done');
    expect(await paid()).toEqual(orders.map((o) => ({ order_id: o.id, n: 1 })));
    const [{ n }] = await api.dataSource.query(`SELECT count(*)::int AS n FROM order_status_history WHERE order_id = ANY($1::bigint[]) AND command = 'confirm_payment'`, [orders.map((o) => o.id)]);
    expect(n).toBe(2);
  });

  it('takes up an upload left matching (its job lost or given up) and leaves one at work alone', async () => {
    const maker = (await api.maker()).id;
    const o = await givenOrder(api, { lines: [{ makerId: maker, priceWithTax: 3850 }], buyer: { name: '北村 薫', kana: 'キタムラ カオル' } });
    const [user] = await api.dataSource.query(`SELECT id FROM users WHERE role = 'accountant' LIMIT 1`);
    const stuck = async (minutesAgo: number) => {
      const [deposit] = await api.dataSource.query(
        `INSERT INTO deposits (file_name, file_key, file_sha256, format, encoding, record_count, total_amount, created_by, updated_at)
         VALUES ('lost.txt', 'deposits/lost/original.txt', repeat('c', 64), 'zengin_transfer', 'shift_jis', 1, 3850, $1, now() - make_interval(mins => $2)) RETURNING id::text`,
        [user.id, minutesAgo],
      );
      return deposit.id as string;
    };
    const lost = await stuck(60);
    await api.dataSource.query(
      `INSERT INTO deposit_records (deposit_id, line, account_date, amount, payer_name, payer_key, record_key) VALUES ($1, 2, '2026-11-24', 3850, 'ｷﾀﾑﾗ ｶｵﾙ', 'キタムラカオル', 'lost|1')`,
      [lost],
    );
    const atWork = await stuck(1);
    await world.workers.get(DepositMatchingProcessor).catchUp();
    const states = async () => Object.fromEntries((await api.dataSource.query(`SELECT id::text, state FROM deposits WHERE id = ANY($1::bigint[])`, [[lost, atWork]])).map((r: { id: string; state: string }) => [r.id, r.state]));
    expect(await states()).toEqual({ [lost]: 'done', [atWork]: 'matching' });
    const [{ status }] = await api.dataSource.query(`SELECT status FROM order_lines WHERE order_id = $1`, [o.id]);
    expect(status).toBe(2);
  });
});
