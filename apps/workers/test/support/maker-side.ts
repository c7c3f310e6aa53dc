import { INestApplicationContext } from '@nestjs/common';
import { createRedis, loadConfig, QUEUE_NAMES, QueueRegistry } from '@oms/infra';
import type Redis from 'ioredis';
import { SmtpSink } from '../../../../libs/infra/test/support/smtp-sink';
import { TestApp } from '../../../api/test/support/test-app';
import { startTestEnvironment, TestEnvironment } from '../../../api/test/support/test-env';
import { Clock } from '../../src/worker-runtime';
import { createWorkers } from '../../src/workers.factory';

const rand = () => Math.random().toString(36).slice(2, 8);

/** A clock the test sets: the workers' reminders and links go by it. */
export class TestClock {
  constructor(public at: Date) {}
  now(): Date {
    return this.at;
  }
}

/**
 * Every real part a makers'-side test needs, started in order and stopped in reverse: an SMTP
 * server, a database and OIDC server of its own, the API, the workers (with the test's clock) and
 * a view of the file's queues.
 */
export class WorkersWorld {
  private constructor(
    readonly env: TestEnvironment,
    readonly api: TestApp,
    readonly workers: INestApplicationContext,
    readonly smtp: SmtpSink,
    readonly redis: Redis,
    readonly queues: QueueRegistry,
  ) {}

  static async start(overrides: Record<string, string>, clock?: Clock): Promise<WorkersWorld> {
    const smtp = await SmtpSink.start();
    const env = await startTestEnvironment({ SMTP_URL: smtp.url, ...overrides });
    const api = await TestApp.start(env.config);
    const workers = await createWorkers(loadConfig('workers', env.env), undefined, clock);
    const redis = createRedis(env.config.REDIS_URL);
    return new WorkersWorld(env, api, workers, smtp, redis, new QueueRegistry(redis, env.config.QUEUE_PREFIX));
  }

  async stop(): Promise<void> {
    await this.workers.close();
    for (const name of QUEUE_NAMES) await this.queues.get(name).obliterate({ force: true });
    await this.queues.close();
    this.redis.disconnect();
    await this.api.close();
    await this.smtp.close();
    await this.env.stop();
  }
}

export async function until<T>(probe: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 20_000, what = 'condition'): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (ok(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what} not reached in ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function makerRow(api: TestApp, maker: { name: string; orderMethod: 'email' | 'fax'; email?: string | null; fax?: string | null }): Promise<string> {
  const [row] = await api.dataSource.query(`INSERT INTO makers (code, name, order_method, email, fax) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
    `M-${rand()}`,
    maker.name,
    maker.orderMethod,
    maker.email ?? null,
    maker.fax ?? null,
  ]);
  return String(row.id);
}

export async function shopWith(
  api: TestApp,
  settings: Partial<{ ediStopAmount: number; npLimitAmount: number; orderReminderDays: number; orderReminderHour: number; shipReminderDays: number; shipReminderHour: number; ownerUserId: string }> = {},
): Promise<string> {
  const code = `S-${rand()}`;
  const [row] = await api.dataSource.query(
    `INSERT INTO shops (name, code, type, edi_stop_amount, np_limit_amount, order_reminder_days, order_reminder_hour, ship_reminder_days, ship_reminder_hour, owner_user_id)
     VALUES ($1, $2, 'platform_1', $3, $4, $5, $6, $7, $8, $9) RETURNING id`,
    [
      `テスト商店 ${code}`,
      code,
      settings.ediStopAmount ?? null,
      settings.npLimitAmount ?? null,
      settings.orderReminderDays ?? null,
      settings.orderReminderHour ?? null,
      settings.shipReminderDays ?? null,
      settings.shipReminderHour ?? null,
      settings.ownerUserId ?? null,
    ],
  );
  return String(row.id);
}

export interface SheetOrder {
  id: string;
  orderNo: string;
  version: number;
  lineIds: string[];
}

export type SheetLine = { makerId: string; productName: string; amount?: number; priceWithTax?: number; option1?: string; wholesalePrice?: number };

/**
 * Creates an order through the API (payment not required, so it may go to makers at once) with
 * the given lines, then orders it from the makers (PUT order_process) as staff do.
 */
export async function orderSentToMakers(api: TestApp, auth: string, shopId: string, lines: SheetLine[], over: Record<string, unknown> = {}): Promise<SheetOrder> {
  return orderToMakers(api, auth, await createOrder(api, auth, shopId, lines, over));
}

export async function createOrder(api: TestApp, auth: string, shopId: string, lines: SheetLine[], over: Record<string, unknown> = {}): Promise<SheetOrder> {
  const created = await api.http
    .post('/api/v1/orders')
    .set('Authorization', auth)
    .send({
      shop_id: Number(shopId),
      payment_method_id: 0,
      order_date: '2026-11-20',
      buyer_name: '山田 太郎',
      buyer_kana: 'ヤマダ タロウ',
      buyer_tel: '03-1234-5678',
      buyer_email: 'taro@example.jp',
      delivery_name: '佐藤 花子',
      delivery_zip: '100-0001',
      delivery_address: '東京都千代田区千代田1-1',
      delivery_tel: '03-9876-5432',
      preferred_date: '2026-12-01',
      preferred_period: 4,
      edi_note: '玄関前に置き配',
      supplier_memo: '化粧箱でお願いします',
      lines: lines.map((l) => ({
        maker_id: Number(l.makerId),
        product_name: l.productName,
        amount: l.amount ?? 1,
        price_with_tax: l.priceWithTax ?? 11000,
        tax_percentage: 10,
        wholesale_price: l.wholesalePrice ?? 6000,
        option1: l.option1,
      })),
      ...over,
    });
  if (created.status !== 201) throw new Error(`create: ${created.status} ${JSON.stringify(created.body)}`);
  const order = created.body.data;
  return { id: String(order.id), orderNo: order.order_no, version: order.version, lineIds: order.lines.map((l: { id: string }) => String(l.id)) };
}

/** PUT order_process on every line, as staff order from the makers. */
export async function orderToMakers(api: TestApp, auth: string, order: SheetOrder): Promise<SheetOrder> {
  const sent = await api.http
    .put(`/api/v1/orders/${order.id}/order_process`)
    .set('Authorization', auth)
    .send({ version: order.version, line_ids: order.lineIds.map(Number) });
  if (sent.status !== 200) throw new Error(`order_process: ${sent.status} ${JSON.stringify(sent.body)}`);
  return { ...order, version: sent.body.data.version };
}

export const sheetsOf = (api: TestApp, orderId: string) =>
  api.dataSource.query(
    `SELECT id::text, maker_id::text, revision, status, method, recipient, resent, reason, hold_code, message_id, attempts, last_error
       FROM order_sheets WHERE order_id = $1 ORDER BY maker_id, revision`,
    [orderId],
  );
