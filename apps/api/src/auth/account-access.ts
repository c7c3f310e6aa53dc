import { Inject, Injectable, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { DomainError, isRole } from '@oms/domain';
import { AccountAccessState, AccountChangeListener, APP_CONFIG, AppConfig, createLogger, readAccountAccess } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { SignedInUser } from './access.decorators';

/** The claims a verified token carries about its account. */
export interface TokenClaims {
  id: string;
  stamp: number;
}

interface Cached {
  state: AccountAccessState | null;
  /** Fresh until then; afterwards it is read again. */
  until: number;
  /** When the database last confirmed it: the bound of serving it while the database cannot be read. */
  confirmedAt: number;
}

/**
 * Every request acts with its account's current role and status, not the ones in its token
 * (docs/decisions.md "Accounts: revocation"). Accounts are cached per process so a request costs no
 * database round trip: an entry is dropped the moment PostgreSQL notifies a change (any API copy),
 * and lives at most ACCOUNT_CACHE_MS otherwise, which bounds staleness if notices are lost. While
 * the database cannot be read, an entry it confirmed within twice that time still answers.
 */
@Injectable()
export class AccountAccess implements OnModuleInit, OnModuleDestroy {
  private readonly cache = new Map<string, Cached>();
  private readonly loading = new Map<string, Promise<AccountAccessState | null>>();
  private readonly listener: AccountChangeListener;
  /** Bumped by every reset, so a read that started before one is not cached after it. */
  private generation = 0;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.listener = new AccountChangeListener(
      config.DATABASE_URL,
      { onChange: (id) => this.forget(id), onReset: () => this.forgetAll() },
      createLogger(config.LOG_LEVEL, 'account-access'),
    );
  }

  async onModuleInit(): Promise<void> {
    await this.listener.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.listener.stop();
  }

  get listening(): boolean {
    return this.listener.listening;
  }

  /**
   * The caller as the account stands now: refused with `refusal` when the account is gone, disabled
   * or its security stamp moved on since the token was signed; otherwise its current role and maker.
   */
  async caller(claims: TokenClaims, refusal: 'NAL-401' | 'NAL-LO-07' = 'NAL-401'): Promise<SignedInUser> {
    const state = await this.state(claims.id);
    if (!state || !state.active || state.securityStamp !== claims.stamp || !isRole(state.role)) throw new DomainError(refusal);
    return { id: claims.id, role: state.role, makerId: state.makerId, stamp: state.securityStamp };
  }

  /** Drops an account this process has just changed, before its answer goes out. */
  forget(id: string): void {
    this.cache.delete(id);
    this.loading.delete(id);
  }

  /** Notices may have been missed: every entry must be read again, but stays as the last known state for an outage. */
  private forgetAll(): void {
    this.generation++;
    for (const entry of this.cache.values()) entry.until = 0;
    this.loading.clear();
  }

  private state(id: string): Promise<AccountAccessState | null> {
    const hit = this.cache.get(id);
    if (hit && hit.until > Date.now()) return Promise.resolve(hit.state);
    const pending = this.loading.get(id);
    if (pending) return pending;
    const generation = this.generation;
    const read: Promise<AccountAccessState | null> = readAccountAccess(this.dataSource, id).then(
      (state) => {
        // A change notice (or a reset) that arrived while reading wins: nothing stale is kept.
        if (this.loading.get(id) === read) {
          this.loading.delete(id);
          if (this.generation === generation) this.cache.set(id, { state, until: Date.now() + this.config.ACCOUNT_CACHE_MS, confirmedAt: Date.now() });
        }
        return state;
      },
      () => {
        if (this.loading.get(id) === read) this.loading.delete(id);
        // The database cannot be read: a state it confirmed less than twice the cache's time ago still
        // holds (health details stay readable in an outage), looked up now, so a change notice that
        // arrived meanwhile (which drops the entry) wins. Anything older: the service is unavailable.
        const still = this.cache.get(id);
        if (still && Date.now() - still.confirmedAt <= 2 * this.config.ACCOUNT_CACHE_MS) return still.state;
        throw new DomainError('NAL-503');
      },
    );
    this.loading.set(id, read);
    return read;
  }
}
