import { QueueRegistry } from '@oms/infra';
import { TestApp } from '../../api/test/support/test-app';
import { RelayService } from '../src/outbox/relay.service';
import { makerRow, orderSentToMakers, SheetOrder, shopWith, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

/**
 * Revenue records through every real part (issue 14): a line command writes `order.revenue_changed`
 * to the outbox, the relay publishes it, the revenues worker brings the order's record in step: made
 * at the first shipment, changed by a return, a re-ship and ChangeRevenue, removed when a mistaken
 * shipment is stepped back, and never made twice.
 */
describe('revenue records follow the orders', () => {
  let api: TestApp;
  let world: WorkersWorld;
  let queues: QueueRegistry;
  let auth: string;
  let shopId: string;
  let makerId: string;
  let companyId: number;

  beforeAll(async () => {
    world = await WorkersWorld.start({ JOB_ATTEMPTS: '2', JOB_BACKOFF_MS: '200' });
    ({ api, queues } = world);
    auth = (await api.signedIn('operator')).auth;
    shopId = await shopWith(api);
    makerId = await makerRow(api, { name: '売上木工所', orderMethod: 'email', email: 'orders@uriage-mokko.example.jp' });
    const company = await api.http.post('/api/v1/delivery_companies').set('Authorization', (await api.signedIn('approver')).auth).send({ name: '佐川急便' }).expect(201);
    companyId = company.body.data.id;
  });

  afterAll(async () => {
    await api?.dataSource.query(`DELETE FROM time_shipments`);
    await world?.stop();
  });

  const today = () => new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);

  const put = async (order: SheetOrder, command: string, body: object, lineIds = order.lineIds) => {
    const res = await api.http.put(`/api/v1/orders/${order.id}/${command}`).set('Authorization', auth).send({ version: order.version, line_ids: lineIds.map(Number), ...body });
    if (res.status !== 200) throw new Error(`${command}: ${res.status} ${JSON.stringify(res.body)}`);
    order.version = res.body.data.version;
    return res;
  };

  const revenueOf = async (orderId: string) => {
    const [row] = await api.dataSource.query(
      `SELECT sales_month, to_char(ship_date, 'YYYY-MM-DD') AS ship_date, total, products_total, wholesale_total::int, reship_cost::int, shipping_fee,
              margin::int, product_count, version FROM revenues WHERE order_id = $1`,
      [orderId],
    );
    return row ?? null;
  };
  const revenuesCount = async (orderId: string) => Number((await api.dataSource.query(`SELECT count(*) FROM revenues WHERE order_id = $1`, [orderId]))[0].count);

  /** Two lines of one maker (11,000 yen and 5,400 yen at 8%), wholesale 6,000 and 3,000, received and shipped on `shipDate`. */
  async function shippedOrder(shipDate: string) {
    const order = await orderSentToMakers(api, auth, shopId, [
      { makerId, productName: '無垢材の椅子', priceWithTax: 11000, wholesalePrice: 6000 },
      { makerId, productName: '国産そば粉', priceWithTax: 5400, wholesalePrice: 3000 },
    ]);
    await put(order, 'maker_received_process', { maker_receive_date: today(), confirm_status: 1 });
    await put(order, 'maker_ship_process', { ship_date: shipDate, delivery_company_id: companyId, tracking_code: 'RV-0001' });
    return order;
  }

  it('makes one record when the lines ship, even when the event is delivered twice', async () => {
    const order = await shippedOrder('2026-11-22');
    const made = await until(() => revenueOf(order.id), (r) => r !== null, 20_000, 'revenue record');
    expect(made).toMatchObject({ sales_month: '2026-11', ship_date: '2026-11-22', total: 16400, products_total: 16400, wholesale_total: 9000, reship_cost: 0, margin: 7400, product_count: 2 });

    // The same job again under another id, and the relay publishing the row again.
    const queue = queues.get('revenues');
    const [event] = await api.dataSource.query(`SELECT id FROM outbox_events WHERE type = 'order.revenue_changed' AND aggregate_id = $1 ORDER BY id DESC LIMIT 1`, [order.id]);
    const first = (await queue.getJob(event.id))!;
    await until(() => first.getState(), (s) => s === 'completed', 10_000, 'first job');
    const copy = await queue.add(first.name, first.data, { jobId: `copy-${first.id}` });
    await api.dataSource.query(`UPDATE outbox_events SET published_at = NULL WHERE id = $1`, [event.id]);
    await world.workers.get(RelayService).relay.relayOnce();
    await until(() => copy.getState(), (s) => s === 'completed', 10_000, 'copy job');
    await new Promise((r) => setTimeout(r, 300));

    expect(await revenuesCount(order.id)).toBe(1);
    // Nothing changed, so the record's version did not move either.
    expect(await revenueOf(order.id)).toEqual(made);
  });

  it('follows a return with its fees, a re-ship with what it cost, and a change of the sales month', async () => {
    const order = await shippedOrder('2026-11-23');
    await until(() => revenueOf(order.id), (r) => r !== null, 20_000, 'revenue record');
    const [chair] = order.lineIds;

    await put(order, 'return_process', { shipping_fee: 1200 }, [chair]);
    const returned = await until(() => revenueOf(order.id), (r) => r?.shipping_fee === 1200, 20_000, 'return');
    expect(returned).toMatchObject({ total: 16400 + 1200, wholesale_total: 9000, reship_cost: 0 });

    await put(order, 'change_status', { status: 10 }, [chair]);
    await put(order, 'maker_received_process', { maker_receive_date: today(), confirm_status: 1 }, [chair]);
    await put(order, 'maker_ship_process', { ship_date: '2026-11-26', delivery_company_id: companyId, tracking_code: 'RV-0002' }, [chair]);
    // The chair went twice: its maker was paid 6,000 again, and the margin shows it.
    const reshipped = await until(() => revenueOf(order.id), (r) => r?.reship_cost === 6000, 20_000, 're-ship');
    // The record keeps its first shipment's date and month: the re-ship moved the maker's ship date only.
    expect(reshipped).toMatchObject({ total: 17600, wholesale_total: 9000, reship_cost: 6000, margin: 17600 - 9000 - 6000, sales_month: '2026-11', ship_date: '2026-11-23' });

    await put(order, 'change_revenue', { revenue_month: '2026-12' }, [chair]);
    await until(() => revenueOf(order.id), (r) => r?.sales_month === '2026-12', 20_000, 'sales month');
  });

  it('takes the sales month from the monthly timeline, refuses a month outside it, and removes the record of a shipment stepped back', async () => {
    await api.dataSource.query(`DELETE FROM time_shipments`);
    await api.dataSource.query(
      `INSERT INTO time_shipments (month, start_date, finish_date) VALUES ('2026-11', '2026-10-26', '2026-11-25'), ('2026-12', '2026-11-26', '2026-12-25')`,
    );
    try {
      const order = await shippedOrder('2026-11-27');
      await until(() => revenueOf(order.id), (r) => r?.sales_month === '2026-12', 20_000, 'timeline month');

      const refused = await api.http
        .put(`/api/v1/orders/${order.id}/change_revenue`)
        .set('Authorization', auth)
        .send({ version: order.version, line_ids: order.lineIds.map(Number), revenue_month: '2027-01' });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toMatchObject({ error_code: 'NAL-REVENUE-001', params: { month: '2027-01' } });

      // Shipped by mistake: one step back, and nothing of the order is sold any more.
      await put(order, 'change_status', { status: 4 });
      await until(() => revenuesCount(order.id), (n) => n === 0, 20_000, 'record removed');
    } finally {
      await api.dataSource.query(`DELETE FROM time_shipments`);
    }
  });
});
