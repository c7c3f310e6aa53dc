import { ChatSide, MakerInquiryMethod, MakerInquiryState } from '@oms/domain';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedRow, KeysetOrder, keysetPageSql, KeysetPage, PagePosition, readKeysetPage } from '../database/keyset';
import { MakerScope } from '../conversations/conversation.repository';
import { makerParam } from '../orders/maker-scope';

/** A maker inquiry as its list and page show it (SPEC.md §3 "Maker inquiry"), with its thread's state and last message. */
export interface MakerInquiryRow {
  id: string;
  makerId: string;
  makerName: string;
  customerId: string | null;
  customerName: string | null;
  method: MakerInquiryMethod;
  memo: string | null;
  personInChargeId: string | null;
  personInChargeName: string | null;
  createdById: string | null;
  createdByName: string | null;
  conversationId: string;
  state: MakerInquiryState;
  lastMessageAt: Date | null;
  lastAuthorSide: ChatSide | null;
  lastMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface MakerInquiryFilter {
  makerId?: string;
  states?: readonly MakerInquiryState[];
  processed?: boolean;
  method?: MakerInquiryMethod;
  keyword?: string;
}

export interface MakerInquiryWrite {
  makerId: string;
  customerId: string | null;
  method: MakerInquiryMethod;
  memo: string | null;
  personInChargeId: string | null;
}

/** Newest first. */
export const MAKER_INQUIRY_LIST_ORDER: KeysetOrder = { name: '-id', column: null, id: 'i.id', desc: true };

const COLUMNS = `i.id::text AS "id", i.maker_id::text AS "makerId", mk.name AS "makerName", i.customer_id::text AS "customerId",
  cu.name AS "customerName", i.method, i.memo, i.person_in_charge_id::text AS "personInChargeId", pic.name AS "personInChargeName",
  i.created_by::text AS "createdById", cb.name AS "createdByName", c.id::text AS "conversationId", c.status AS "state",
  c.last_message_at AS "lastMessageAt", c.last_author_side AS "lastAuthorSide",
  (SELECT coalesce(left(lm.content, 200), lm.attachment_name) FROM conversation_messages lm WHERE lm.conversation_id = c.id AND lm.deleted_at IS NULL ORDER BY lm.id DESC LIMIT 1) AS "lastMessage",
  i.created_at AS "createdAt", i.updated_at AS "updatedAt", i.version`;
const FROM = `maker_inquiries i JOIN makers mk ON mk.id = i.maker_id JOIN conversations c ON c.maker_inquiry_id = i.id
  LEFT JOIN customers cu ON cu.id = i.customer_id LEFT JOIN users pic ON pic.id = i.person_in_charge_id LEFT JOIN users cb ON cb.id = i.created_by`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The list's WHERE (over `maker_inquiries i` and its thread `c`) and its parameters. */
function inquiryWhere(filter: MakerInquiryFilter, maker: string | null, params: unknown[]): string {
  const where: string[] = [];
  const param = (value: unknown, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  if (maker !== null) where.push(`i.maker_id = ${param(maker, '::bigint')}`);
  if (filter.makerId) where.push(`i.maker_id = ${param(filter.makerId, '::bigint')}`);
  if (filter.states?.length) where.push(`c.status = ANY(${param(filter.states, '::smallint[]')})`);
  if (filter.processed !== undefined) where.push(filter.processed ? `c.status = 3` : `c.status <> 3`);
  if (filter.method) where.push(`i.method = ${param(filter.method, '::smallint')}`);
  if (filter.keyword) {
    const like = param(`%${escapeLike(filter.keyword)}%`);
    // A maker's keyword never searches what it cannot see (the staff memo, the buyer).
    const staffOnly = maker === null ? ` OR i.memo ILIKE ${like} OR EXISTS (SELECT 1 FROM customers kc WHERE kc.id = i.customer_id AND kc.name ILIKE ${like})` : '';
    where.push(`(EXISTS (SELECT 1 FROM makers km WHERE km.id = i.maker_id AND km.name ILIKE ${like})${staffOnly}
      OR EXISTS (SELECT 1 FROM conversation_messages km WHERE km.conversation_id = c.id AND km.content ILIKE ${like}))`);
  }
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** Maker inquiries (issue 15): the inquiry's fields here; its state and messages are its conversation's. */
export class MakerInquiryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async create(m: EntityManager, write: MakerInquiryWrite, createdBy: string): Promise<string> {
    const [row] = await m.query(
      `INSERT INTO maker_inquiries (maker_id, customer_id, method, memo, person_in_charge_id, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING id::text AS id`,
      [write.makerId, write.customerId, write.method, write.memo, write.personInChargeId, createdBy],
    );
    return row.id;
  }

  async find(id: string, scope: MakerScope, m: EntityManager = this.dataSource.manager): Promise<MakerInquiryRow | null> {
    const [row]: MakerInquiryRow[] = await m.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1 AND ($2::bigint IS NULL OR i.maker_id = $2::bigint)`, [id, makerParam(scope)]);
    return row ?? null;
  }

  /** The inquiry's row, locked for a change. */
  async lock(m: EntityManager, id: string): Promise<{ version: number; makerId: string; customerId: string | null; personInChargeId: string | null } | null> {
    const [row] = await m.query(
      `SELECT version, maker_id::text AS "makerId", customer_id::text AS "customerId", person_in_charge_id::text AS "personInChargeId" FROM maker_inquiries WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return row ?? null;
  }

  /** Staff's fields, if the inquiry is still at `version` (false: changed meanwhile). */
  async update(m: EntityManager, id: string, version: number, write: MakerInquiryWrite): Promise<boolean> {
    const [rows]: [unknown[], number] = await m.query(
      `UPDATE maker_inquiries SET maker_id = $3, customer_id = $4, method = $5, memo = $6, person_in_charge_id = $7, updated_at = now(), version = version + 1
        WHERE id = $1 AND version = $2 RETURNING id`,
      [id, version, write.makerId, write.customerId, write.method, write.memo, write.personInChargeId],
    );
    return rows.length === 1;
  }

  async list(filter: MakerInquiryFilter, scope: MakerScope, position: PagePosition, perPage: number): Promise<KeysetPage<MakerInquiryRow>> {
    const params: unknown[] = [];
    const where = inquiryWhere(filter, makerParam(scope), params);
    const from = `maker_inquiries i JOIN conversations c ON c.maker_inquiry_id = i.id`;
    const order = MAKER_INQUIRY_LIST_ORDER;
    const page = await readKeysetPage({
      order,
      position,
      perPage,
      rows: (at) => {
        const q = keysetPageSql({ select: 'i.id', from, where, params }, order, at, perPage);
        return this.dataSource.query(q.sql, q.params) as Promise<KeyedRow[]>;
      },
      total: this.dataSource.query(`SELECT count(*)::int AS n FROM ${from} ${where}`, params).then(([r]) => ({ total: r.n, exact: true })),
    });
    const ids = page.rows.map((r) => String(r.id));
    const found: MakerInquiryRow[] = ids.length ? await this.dataSource.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = ANY($1::bigint[])`, [ids]) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return { ...page, rows: ids.map((id) => byId.get(id)!).filter(Boolean) };
  }

  /** Whether these refer to live records: an enabled maker, a customer, a valid staff account (null: not asked). */
  async references(m: EntityManager, ref: { makerId: string | null; customerId: string | null; personInChargeId: string | null }) {
    const [row] = await m.query(
      `SELECT ($1::bigint IS NULL OR EXISTS (SELECT 1 FROM makers WHERE id = $1 AND status = 'enabled')) AS maker,
              ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM customers WHERE id = $2)) AS customer,
              ($3::bigint IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $3 AND deleted_at IS NULL AND status = 'valid' AND role <> 'maker')) AS person`,
      [ref.makerId, ref.customerId, ref.personInChargeId],
    );
    return row as { maker: boolean; customer: boolean; person: boolean };
  }
}
