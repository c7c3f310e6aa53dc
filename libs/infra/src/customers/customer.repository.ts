import { samePersonGroups } from '@oms/domain';
import { updateIfVersion } from '../database/versioned-write';
import { DataSource, EntityManager } from 'typeorm';
import { CustomerEntity } from '../database/entities/customer.entity';
import { KeyColumn, KeyedRow, KeysetOrder, keysetPageSql, KeysetPage, PagePosition, readKeysetPage, sortedBy } from '../database/keyset';
import { containsPattern } from '../database/sql';

export interface CustomerListFilter {
  name?: string;
  nameKana?: string;
  /** Already normalised (normalizePhone): matched against the normalised column. */
  phoneNormalized?: string;
  /** Already normalised (normalizeEmail). */
  emailNormalized?: string;
  companyName?: string;
  ecSiteId?: string;
  shopId?: string;
  samePersonId?: string;
}

/** The list's sorts and their columns (the id breaks ties; a sort by id has no column). */
export const CUSTOMER_SORT_COLUMNS = {
  id: null,
  name: { sql: 'c.name', kind: 'text' },
  nameKana: { sql: 'c.name_kana', kind: 'text', nullable: true },
  updatedAt: { sql: 'c.updated_at', kind: 'timestamp' },
} as const satisfies Record<string, KeyColumn | null>;
export type CustomerSort = keyof typeof CUSTOMER_SORT_COLUMNS;

/** The order a customer list is read in, as its cursors are written and checked. */
export function customerListKeyset(sort: CustomerSort, desc: boolean): KeysetOrder {
  return sortedBy(sort, CUSTOMER_SORT_COLUMNS[sort], 'c.id', desc);
}

/** WHERE conditions of the list's filters, their parameters appended to `params` ($1…). */
function customerWhere(filter: CustomerListFilter, params: unknown[]): string {
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.name) where.push(`c.name ILIKE ${param(containsPattern(filter.name))}`);
  if (filter.nameKana) where.push(`c.name_kana ILIKE ${param(containsPattern(filter.nameKana))}`);
  if (filter.phoneNormalized) where.push(`c.phone_normalized LIKE ${param(containsPattern(filter.phoneNormalized))}`);
  if (filter.emailNormalized) where.push(`c.email_normalized LIKE ${param(containsPattern(filter.emailNormalized))}`);
  if (filter.companyName) where.push(`c.company_name ILIKE ${param(containsPattern(filter.companyName))}`);
  if (filter.ecSiteId) where.push(`c.ec_site_id ILIKE ${param(containsPattern(filter.ecSiteId))}`);
  if (filter.shopId) where.push(`c.shop_id = ${param(filter.shopId)}::bigint`);
  if (filter.samePersonId) where.push(`c.same_person_id = ${param(filter.samePersonId)}::bigint`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** What a create or update writes; the normalised keys come from the domain's normalizeEmail / normalizePhone. */
export type CustomerWrite = Pick<
  CustomerEntity,
  | 'name'
  | 'nameKana'
  | 'zip'
  | 'address'
  | 'phone'
  | 'fax'
  | 'email'
  | 'emailNormalized'
  | 'phoneNormalized'
  | 'coreSystemCustomerId'
  | 'ecSiteId'
  | 'shopId'
  | 'companyName'
  | 'csMemo'
>;

export const CUSTOMERS_SHOP_FK = 'customers_shop_fk';
/** One customer per normalised e-mail and shop (no shop counts as one); rows marked email_duplicate_of are outside it. */
export const CUSTOMERS_SHOP_EMAIL_UNIQUE = 'customers_shop_email_unique';

// One lock for every change of same-person groups: two writes that could touch the same group
// (even through a chain of other customers) never recompute it at the same time.
const SAME_PERSON_LOCK = 'customers:same-person-groups';

export class CustomerRepository {
  constructor(private readonly dataSource: DataSource) {}

  private repo(manager?: EntityManager) {
    return (manager ?? this.dataSource.manager).getRepository(CustomerEntity);
  }

  findById(id: string, options: { manager?: EntityManager; lock?: boolean } = {}): Promise<CustomerEntity | null> {
    const qb = this.repo(options.manager).createQueryBuilder('c').where('c.id = :id', { id });
    if (options.lock) qb.setLock('pessimistic_write');
    return qb.getOne();
  }

  /** One page of the list at `position` (database/keyset.ts), with the exact number of matches. */
  async list(filter: CustomerListFilter, order: KeysetOrder, position: PagePosition, perPage: number): Promise<KeysetPage<CustomerEntity>> {
    const params: unknown[] = [];
    const where = customerWhere(filter, params);
    const page = await readKeysetPage({
      order,
      position,
      perPage,
      rows: (at) => {
        const q = keysetPageSql({ select: 'c.id', from: 'customers c', where, params }, order, at, perPage);
        return this.dataSource.query(q.sql, q.params) as Promise<KeyedRow[]>;
      },
      total: this.dataSource.query(`SELECT count(*)::int AS total FROM customers c ${where}`, params).then(([{ total }]: { total: number }[]) => ({ total, exact: true })),
    });
    // The page's ids in list order, then their rows.
    const byId = new Map((await this.findByIds(page.rows.map((r) => String(r.id)))).map((c) => [String(c.id), c]));
    return { ...page, rows: page.rows.map((r) => byId.get(String(r.id))).filter((c): c is CustomerEntity => !!c) };
  }

  /** id and name of every customer, for selects. */
  options(): Promise<{ id: string; name: string }[]> {
    return this.repo().createQueryBuilder('c').select(['c.id', 'c.name']).orderBy('c.name', 'ASC').addOrderBy('c.id', 'ASC').getMany();
  }

  /** The customers with these ids, in id order. */
  findByIds(ids: readonly string[], manager?: EntityManager): Promise<CustomerEntity[]> {
    if (!ids.length) return Promise.resolve([]);
    return this.repo(manager).createQueryBuilder('c').where('c.id IN (:...ids)', { ids }).orderBy('c.id', 'ASC').getMany();
  }

  /** The members of a same-person group, in id order; `lock` locks their rows. */
  group(samePersonId: string, options: { manager?: EntityManager; lock?: boolean } = {}): Promise<CustomerEntity[]> {
    const qb = this.repo(options.manager).createQueryBuilder('c').where('c.same_person_id = :sp', { sp: samePersonId }).orderBy('c.id', 'ASC');
    if (options.lock) qb.setLock('pessimistic_write');
    return qb.getMany();
  }

  /** How many customers are in each of these same-person groups. */
  async groupSizes(samePersonIds: readonly string[], manager?: EntityManager): Promise<Map<string, number>> {
    if (!samePersonIds.length) return new Map();
    const rows: { id: string; n: number }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT same_person_id::text AS id, count(*)::int AS n FROM customers WHERE same_person_id = ANY($1::bigint[]) GROUP BY same_person_id`,
      [[...new Set(samePersonIds)]],
    );
    return new Map(rows.map((r) => [r.id, r.n]));
  }

  /**
   * Orders per customer. There is no orders table yet, so every customer has 0; when orders land this
   * becomes `SELECT customer_id, count(*) FROM orders WHERE customer_id = ANY($1) GROUP BY customer_id`.
   */
  async orderCounts(customerIds: readonly string[]): Promise<Map<string, number>> {
    return new Map(customerIds.map((id) => [id, 0]));
  }

  /** Names of the shops with these ids (shops belong to settings; read here for display only). */
  async shopNames(shopIds: readonly (string | null)[], manager?: EntityManager): Promise<Map<string, string>> {
    const ids = [...new Set(shopIds.filter((id): id is string => !!id))];
    if (!ids.length) return new Map();
    const rows: { id: string; name: string }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT id::text AS id, name FROM shops WHERE id = ANY($1::bigint[])`,
      [ids],
    );
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /**
   * Serialises same-person recomputation until the transaction ends. Every write that changes a
   * customer's e-mail or phone (or creates one) takes it before reading the groups it will change.
   */
  async lockSamePersonGroups(manager: EntityManager): Promise<void> {
    await manager.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [SAME_PERSON_LOCK]);
  }

  /** Ids of the customers sharing the normalised e-mail or phone (the customer itself included, when it has them). */
  async sharingKeys(manager: EntityManager, emailNormalized: string | null, phoneNormalized: string | null): Promise<string[]> {
    if (!emailNormalized && !phoneNormalized) return [];
    const rows: { id: string }[] = await manager.query(
      `SELECT id::text AS id FROM customers WHERE email_normalized = $1 OR phone_normalized = $2`,
      [emailNormalized, phoneNormalized],
    );
    return rows.map((r) => r.id);
  }

  /**
   * The oldest customer of the shop (null: the customers without a shop) with this normalised e-mail,
   * other than `exceptId`; null when there is none. Marked pre-rule duplicates count too: whoever has
   * the e-mail in the shop has it.
   */
  async emailHolder(manager: EntityManager, shopId: string | null, emailNormalized: string, exceptId: string | null = null): Promise<{ id: string; name: string } | null> {
    const [row]: { id: string; name: string }[] = await manager.query(
      `SELECT id::text AS id, name FROM customers
       WHERE email_normalized = $1 AND shop_id IS NOT DISTINCT FROM $2::bigint AND ($3::bigint IS NULL OR id <> $3::bigint)
       ORDER BY id LIMIT 1`,
      [emailNormalized, shopId, exceptId],
    );
    return row ?? null;
  }

  async insert(manager: EntityManager, write: CustomerWrite & { generalMemo: string | null }): Promise<string> {
    // The id is taken first so that a new customer is its own group from the start (same_person_id NOT NULL).
    const [{ id }] = await manager.query(`SELECT nextval(pg_get_serial_sequence('customers', 'id'))::text AS id`);
    await this.repo(manager).insert({ ...write, id, samePersonId: id });
    return id as string;
  }

  /**
   * Compare-and-set on the version: false when someone else changed the customer first. `emailDuplicateOf: null`
   * clears the pre-rule duplicate mark (the caller has checked the new e-mail and shop).
   */
  async update(manager: EntityManager, id: string, expectedVersion: number, write: CustomerWrite & { emailDuplicateOf?: null }): Promise<boolean> {
    return updateIfVersion(this.repo(manager), id, expectedVersion, write);
  }

  /** The general memo on every member of a group (the caller holds the group's rows locked). */
  async setGeneralMemo(manager: EntityManager, ids: readonly string[], generalMemo: string | null): Promise<void> {
    if (!ids.length) return;
    await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ generalMemo, updatedAt: () => 'now()', version: () => 'version + 1' })
      .where('id IN (:...ids)', { ids })
      .execute();
  }

  /**
   * Recomputes the same-person groups of the seeds: every customer reachable from them through shared
   * normalised e-mails or phones (in the current state) is grouped again, and rows whose group changed
   * are updated. Seeds must include the changed customer and every customer that shared a key with it
   * before the change, so that a group the change splits is recomputed whole. Call under
   * lockSamePersonGroups, in the transaction of the change.
   */
  async regroup(manager: EntityManager, seedIds: readonly string[]): Promise<void> {
    if (!seedIds.length) return;
    const rows: { id: string; email_normalized: string | null; phone_normalized: string | null; same_person_id: string }[] = await manager.query(
      `WITH RECURSIVE reach(id) AS (
         SELECT unnest($1::bigint[])
         UNION
         SELECT other.id
         FROM reach
         JOIN customers c ON c.id = reach.id
         JOIN customers other ON other.email_normalized = c.email_normalized OR other.phone_normalized = c.phone_normalized
       )
       SELECT c.id::text AS id, c.email_normalized, c.phone_normalized, c.same_person_id::text AS same_person_id
       FROM customers c JOIN reach ON reach.id = c.id`,
      [[...new Set(seedIds)]],
    );
    const groups = samePersonGroups(rows.map((r) => ({ id: r.id, emailNormalized: r.email_normalized, phoneNormalized: r.phone_normalized })));
    const changed = rows.filter((r) => groups.get(r.id) !== r.same_person_id);
    if (!changed.length) return;
    await manager.query(
      `UPDATE customers c SET same_person_id = v.sp FROM unnest($1::bigint[], $2::bigint[]) AS v(id, sp) WHERE c.id = v.id`,
      [changed.map((r) => r.id), changed.map((r) => groups.get(r.id)!)],
    );
  }
}
