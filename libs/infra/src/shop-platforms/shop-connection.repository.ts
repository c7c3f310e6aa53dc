import { ImportCursor, PlatformCredentials, ShopConnectionStatus, ShopType } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';
import { SecretBox } from '../secrets/secret-box';

/** A shop with its connection (or the defaults of one not saved yet). */
export interface ShopConnectionRow {
  shopId: string;
  shopName: string;
  platform: ShopType;
  ecShopId: string | null;
  orderAuthCodeSealed: string | null;
  accessTokenSealed: string | null;
  oauthScope: string | null;
  authorizedAt: Date | null;
  importEnabled: boolean;
  importIntervalMinutes: number;
  importFrom: string | null;
  cursor: ImportCursor | null;
  status: ShopConnectionStatus;
  lastError: string | null;
  lastErrorAt: Date | null;
  lastRunStartedAt: Date | null;
  lastRunFinishedAt: Date | null;
  lastRunImported: number;
  lastRunUpdated: number;
  lastRunErrors: number;
  version: number;
  saved: boolean;
}

export interface ShopConnectionSettings {
  importEnabled: boolean;
  importIntervalMinutes: number;
  importFrom: string | null;
}

export interface PaymentMappingRow {
  ecPaymentCode: string;
  ecPaymentName: string;
  paymentMethodId: number | null;
}

/** How one page of a run went, for the connection's status. */
export interface ImportPageCounts {
  imported: number;
  updated: number;
  errors: number;
}

const COLUMNS = `s.id::text AS "shopId", s.name AS "shopName", s.type AS platform, s.ec_shop_id AS "ecShopId",
  s.order_auth_code_sealed AS "orderAuthCodeSealed", c.access_token_sealed AS "accessTokenSealed", c.oauth_scope AS "oauthScope",
  c.authorized_at AS "authorizedAt", coalesce(c.import_enabled, false) AS "importEnabled",
  coalesce(c.import_interval_minutes, 15) AS "importIntervalMinutes", to_char(c.import_from, 'YYYY-MM-DD') AS "importFrom", c.cursor,
  coalesce(c.status, 'not_connected') AS status, c.last_error AS "lastError", c.last_error_at AS "lastErrorAt",
  c.last_run_started_at AS "lastRunStartedAt", c.last_run_finished_at AS "lastRunFinishedAt",
  coalesce(c.last_run_imported, 0) AS "lastRunImported", coalesce(c.last_run_updated, 0) AS "lastRunUpdated",
  coalesce(c.last_run_errors, 0) AS "lastRunErrors", coalesce(c.version, 0) AS version, (c.shop_id IS NOT NULL) AS saved`;

/**
 * The shops' platform connections (issue 17): their settings, credentials, import cursor and status, and
 * their payment mappings. A live shop always has a connection to read; the row is made when first saved.
 */
export class ShopConnectionRepository {
  constructor(private readonly dataSource: DataSource) {}

  async find(shopId: string, options: { manager?: EntityManager; lock?: boolean } = {}): Promise<ShopConnectionRow | null> {
    const m = options.manager ?? this.dataSource.manager;
    // The row must exist to be locked: a first lock makes it (with the defaults).
    if (options.lock) await m.query(`INSERT INTO shop_connections (shop_id) SELECT id FROM shops WHERE id = $1 AND deleted_at IS NULL ON CONFLICT DO NOTHING`, [shopId]);
    // A lock takes the row made above (FOR UPDATE cannot lock the nullable side of an outer join).
    const [row] = await m.query(
      `SELECT ${COLUMNS} FROM shops s ${options.lock ? 'JOIN' : 'LEFT JOIN'} shop_connections c ON c.shop_id = s.id
        WHERE s.id = $1 AND s.deleted_at IS NULL ${options.lock ? 'FOR UPDATE OF c' : ''}`,
      [shopId],
    );
    return row ?? null;
  }

  /** The connections whose imports run on a schedule (live shops, import on). */
  async scheduled(): Promise<{ shopId: string; platform: ShopType; importIntervalMinutes: number }[]> {
    return this.dataSource.query(
      `SELECT s.id::text AS "shopId", s.type AS platform, c.import_interval_minutes AS "importIntervalMinutes"
         FROM shop_connections c JOIN shops s ON s.id = c.shop_id AND s.deleted_at IS NULL WHERE c.import_enabled`,
    );
  }

  /**
   * Compare-and-set of the settings on the version read: 0 (no row yet) makes the row, unless a call
   * (a test, an authorization) made it since; any other version changes the row still at it.
   */
  async saveSettings(m: EntityManager, shopId: string, expectedVersion: number, settings: ShopConnectionSettings): Promise<boolean> {
    const values = [shopId, settings.importEnabled, settings.importIntervalMinutes, settings.importFrom];
    if (expectedVersion === 0) {
      // An INSERT answers its rows.
      const inserted: unknown[] = await m.query(
        `INSERT INTO shop_connections (shop_id, import_enabled, import_interval_minutes, import_from) VALUES ($1, $2, $3, $4::date)
         ON CONFLICT (shop_id) DO NOTHING RETURNING version`,
        values,
      );
      return inserted.length === 1;
    }
    // An UPDATE answers [rows, count].
    const [, count]: [unknown[], number] = await m.query(
      `UPDATE shop_connections SET import_enabled = $2, import_interval_minutes = $3, import_from = $4::date, updated_at = now(), version = version + 1
        WHERE shop_id = $1 AND version = $5`,
      [...values, expectedVersion],
    );
    return count === 1;
  }

  /** The hash of the one OAuth `state` in flight for the shop, and until when it is good. */
  async startAuthorization(m: EntityManager, shopId: string, stateHash: string, expiresAt: Date): Promise<void> {
    await m.query(`INSERT INTO shop_connections (shop_id) VALUES ($1) ON CONFLICT DO NOTHING`, [shopId]);
    await m.query(`UPDATE shop_connections SET oauth_state_hash = $2, oauth_state_expires_at = $3, updated_at = now() WHERE shop_id = $1`, [shopId, stateHash, expiresAt]);
  }

  /** The shop whose authorization this state began, taking the state (it works once); null when unknown or expired. */
  async takeAuthorization(m: EntityManager, stateHash: string): Promise<string | null> {
    const [rows] = await m.query(
      `UPDATE shop_connections SET oauth_state_hash = NULL, oauth_state_expires_at = NULL
        WHERE oauth_state_hash = $1 AND oauth_state_expires_at > now() RETURNING shop_id::text AS "shopId"`,
      [stateHash],
    );
    return rows[0]?.shopId ?? null;
  }

  async saveAuthorization(m: EntityManager, shopId: string, accessTokenSealed: string, scope: string | null): Promise<void> {
    await m.query(
      `UPDATE shop_connections SET access_token_sealed = $2, oauth_scope = $3, authorized_at = now(), status = 'ok', last_error = NULL,
              last_error_at = NULL, updated_at = now(), version = version + 1 WHERE shop_id = $1`,
      [shopId, accessTokenSealed, scope],
    );
  }

  /**
   * One page of a run is in: the cursor moves on (if nobody moved it first: false then), the counts add up
   * (a run's first page starts them again), and the status is ok.
   */
  async advance(m: EntityManager, shopId: string, from: ImportCursor | null, to: ImportCursor, more: boolean, counts: ImportPageCounts, now: Date): Promise<boolean> {
    const [rows] = await m.query(
      `UPDATE shop_connections c SET
              cursor = $3::jsonb,
              last_run_started_at = CASE WHEN c.last_run_started_at IS NULL OR c.last_run_finished_at >= c.last_run_started_at THEN $5 ELSE c.last_run_started_at END,
              last_run_imported = CASE WHEN c.last_run_started_at IS NULL OR c.last_run_finished_at >= c.last_run_started_at THEN 0 ELSE c.last_run_imported END + $6,
              last_run_updated = CASE WHEN c.last_run_started_at IS NULL OR c.last_run_finished_at >= c.last_run_started_at THEN 0 ELSE c.last_run_updated END + $7,
              last_run_errors = CASE WHEN c.last_run_started_at IS NULL OR c.last_run_finished_at >= c.last_run_started_at THEN 0 ELSE c.last_run_errors END + $8,
              last_run_finished_at = CASE WHEN $4 THEN c.last_run_finished_at ELSE $5 END,
              status = 'ok', last_error = NULL, last_error_at = NULL, updated_at = now()
        WHERE c.shop_id = $1 AND c.cursor IS NOT DISTINCT FROM $2::jsonb
       RETURNING c.shop_id`,
      [shopId, from === null ? null : JSON.stringify(from), JSON.stringify(to), more, now, counts.imported, counts.updated, counts.errors],
    );
    return rows.length === 1;
  }

  /** A call failed: what staff see on the connection (auth: re-authorize or fix the credentials). */
  async recordFailure(shopId: string, status: Extract<ShopConnectionStatus, 'failing' | 'reauthorize'>, message: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO shop_connections (shop_id, status, last_error, last_error_at) VALUES ($1, $2, left($3, 500), now())
       ON CONFLICT (shop_id) DO UPDATE SET status = $2, last_error = left($3, 500), last_error_at = now(), updated_at = now()`,
      [shopId, status, message],
    );
  }

  /** A call went through: the connection works (again). */
  async recordSuccess(shopId: string): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO shop_connections (shop_id, status) VALUES ($1, 'ok')
       ON CONFLICT (shop_id) DO UPDATE SET status = 'ok', last_error = NULL, last_error_at = NULL, updated_at = now()`,
      [shopId],
    );
  }

  async paymentMappings(shopId: string, manager?: EntityManager): Promise<PaymentMappingRow[]> {
    return (manager ?? this.dataSource.manager).query(
      `SELECT ec_payment_code AS "ecPaymentCode", ec_payment_name AS "ecPaymentName", payment_method_id AS "paymentMethodId"
         FROM shop_payment_mappings WHERE shop_id = $1 ORDER BY ec_payment_code`,
      [shopId],
    );
  }

  /** Makes the shop's table these rows (codes not given are removed). */
  async replacePaymentMappings(m: EntityManager, shopId: string, rows: readonly PaymentMappingRow[]): Promise<void> {
    await m.query(`DELETE FROM shop_payment_mappings WHERE shop_id = $1 AND NOT (ec_payment_code = ANY($2::text[]))`, [shopId, rows.map((r) => r.ecPaymentCode)]);
    await m.query(
      `INSERT INTO shop_payment_mappings (shop_id, ec_payment_code, ec_payment_name, payment_method_id)
       SELECT $1, * FROM unnest($2::text[], $3::text[], $4::smallint[])
       ON CONFLICT (shop_id, ec_payment_code) DO UPDATE SET ec_payment_name = EXCLUDED.ec_payment_name, payment_method_id = EXCLUDED.payment_method_id, updated_at = now()`,
      [shopId, rows.map((r) => r.ecPaymentCode), rows.map((r) => r.ecPaymentName), rows.map((r) => r.paymentMethodId)],
    );
  }
}

/** What the platform needs that the shop lacks: its shop id and order auth code (MakeShop), an authorization (Color Me). */
export function missingCredentials(c: Pick<ShopConnectionRow, 'platform' | 'ecShopId' | 'orderAuthCodeSealed' | 'accessTokenSealed'>): string[] {
  if (c.platform === 'platform_2') return c.accessTokenSealed ? [] : ['authorization'];
  return [!c.ecShopId && 'ec_shop_id', !c.orderAuthCodeSealed && 'order_auth_code'].filter((m): m is string => !!m);
}

/** The platform credentials of a connection, opened; or what is missing. */
export function connectionCredentials(row: ShopConnectionRow, box: SecretBox): { ok: true; credentials: PlatformCredentials } | { ok: false; missing: string[] } {
  const missing = missingCredentials(row);
  if (missing.length) return { ok: false, missing };
  return row.platform === 'platform_1'
    ? { ok: true, credentials: { platform: 'platform_1', shopId: row.ecShopId!, orderAuthCode: box.open(row.orderAuthCodeSealed!) } }
    : { ok: true, credentials: { platform: 'platform_2', accessToken: box.open(row.accessTokenSealed!) } };
}
