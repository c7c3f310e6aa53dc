import { Client } from 'pg';
import type { DataSource } from 'typeorm';
import type { Logger } from '../logging/logger';

/** What decides a caller's rights at this moment (the guard's view of an account). */
export interface AccountAccessState {
  role: string;
  makerId: string | null;
  securityStamp: number;
  /** Valid and not deleted. */
  active: boolean;
}

/** One small read by primary key; null when no such account ever existed. */
export async function readAccountAccess(dataSource: DataSource, id: string): Promise<AccountAccessState | null> {
  const [row] = await dataSource.query(
    `SELECT role, maker_id, security_stamp, status = 'valid' AND deleted_at IS NULL AS active FROM users WHERE id = $1`,
    [id],
  );
  return row ? { role: row.role, makerId: row.maker_id === null ? null : String(row.maker_id), securityStamp: row.security_stamp, active: row.active } : null;
}

export const ACCOUNT_CHANGED_CHANNEL = 'account_changed';

/**
 * Listens on PostgreSQL's `account_changed` channel (a trigger on `users` notifies it with the id,
 * migration 1763870000000) and tells the cache which account to forget. A lost connection is
 * reported with `onReset` (forget everything: notices may have been missed) and retried with a
 * growing wait, so the cache's own time limit bounds staleness while the channel is down.
 */
export class AccountChangeListener {
  private client: Client | null = null;
  private stopped = false;
  private retryMs = 250;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly handlers: { onChange: (id: string) => void; onReset: () => void },
    private readonly log: Logger,
  ) {}

  async start(): Promise<void> {
    this.stopped = false;
    await this.connect().catch((error) => this.retry(error));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  /** Whether notices arrive now (health and tests read it). */
  get listening(): boolean {
    return this.client !== null;
  }

  private async connect(): Promise<void> {
    const client = new Client({ connectionString: this.databaseUrl, application_name: 'oms-account-changes', keepAlive: true });
    client.on('notification', (n) => {
      if (n.channel === ACCOUNT_CHANGED_CHANNEL && n.payload) this.handlers.onChange(n.payload);
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('connection ended')));
    try {
      await client.connect();
      await client.query(`LISTEN ${ACCOUNT_CHANGED_CHANNEL}`);
    } catch (error) {
      // Connected but not listening: this client is of no use (and each retry would leak one).
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.stopped) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    this.retryMs = 250;
    // Anything cached before this moment may have missed its notice.
    this.handlers.onReset();
  }

  private lost(client: Client, error: Error): void {
    if (this.client !== client) return;
    this.client = null;
    client.end().catch(() => undefined);
    this.handlers.onReset();
    this.retry(error);
  }

  private retry(error: unknown): void {
    if (this.stopped) return;
    this.log.warn({ err: { message: (error as Error).message }, retryMs: this.retryMs }, 'account change notices interrupted; retrying');
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.connect().catch((e) => this.retry(e));
    }, this.retryMs);
    this.retryTimer.unref();
    this.retryMs = Math.min(this.retryMs * 2, 10_000);
  }
}
