import { CustomerInquiryKind, CustomerInquiryMethod, CustomerInquiryState, CustomerInquiryType, FormLanguage, YearEndClosing } from '@oms/domain';
import { randomInt } from 'node:crypto';
import { DataSource, EntityManager } from 'typeorm';
import { KeyedRow, KeysetOrder, keysetPageSql, KeysetPage, PagePosition, readKeysetPage } from '../database/keyset';

/** What an inquiry holds as sent or recorded (SPEC.md §3 "Customer inquiry"); the return details are null on a general one. */
export interface CustomerInquiryWrite {
  kind: CustomerInquiryKind;
  method: CustomerInquiryMethod;
  inquiryType: CustomerInquiryType;
  language: FormLanguage;
  shopId: string | null;
  customerId: string | null;
  orderId: string | null;
  orderNo: string | null;
  company: string | null;
  position: string | null;
  name: string;
  phone: string | null;
  email: string | null;
  title: string;
  content: string;
  product: string | null;
  purchaseDate: string | null;
  deliveryDate: string | null;
  returnRequest: number | null;
  returnMethod: number | null;
  desiredDates: string | null;
  pickupDate: string | null;
  pickupSlot: number | null;
  returnZip: string | null;
  returnAddress: string | null;
  bankName: string | null;
  bankBranch: string | null;
  bankAccountType: number | null;
  bankAccountNumber: string | null;
  bankAccountHolder: string | null;
  agreed: boolean;
  personInChargeId: string | null;
  csMemo: string | null;
  receivedAt: Date;
  replyDueAt: Date;
  createdBy: string | null;
}

export interface CustomerInquiryRow extends Omit<CustomerInquiryWrite, 'agreed' | 'createdBy'> {
  id: string;
  reference: string;
  state: CustomerInquiryState;
  shopName: string | null;
  customerName: string | null;
  personInChargeName: string | null;
  createdByName: string | null;
  agreedAt: Date | null;
  repliedAt: Date | null;
  completedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface CustomerInquiryFilter {
  states?: readonly CustomerInquiryState[];
  method?: CustomerInquiryMethod;
  kind?: CustomerInquiryKind;
  shopId?: string;
  personInChargeId?: string;
  customerId?: string;
  /** Received on or after / on or before these Japan dates. */
  from?: string;
  to?: string;
  /** Waiting past the reply deadline. */
  overdue?: boolean;
  keyword?: string;
}

/** One of the customer's orders, as an inquiry's page lists them. */
export interface CustomerOrderRow {
  id: string;
  orderNo: string;
  branchNo: number;
  orderDate: string;
  total: number;
  lineStatuses: number[];
}

/** Staff's fields (PUT): who follows it, their memo, the state. */
export interface CustomerInquiryHandling {
  personInChargeId: string | null;
  csMemo: string | null;
  state: CustomerInquiryState;
  /** A new reply deadline (an inquiry reopened: it waits again from now); undefined keeps it. */
  replyDueAt?: Date;
}

/** The list's sorts: newest first (the default), or the reply deadline first. */
export const CUSTOMER_INQUIRY_LIST_ORDERS = {
  received_at: { name: '-received_at', column: { sql: 'i.received_at', kind: 'timestamp' }, id: 'i.id', desc: true },
  reply_due_at: { name: 'reply_due_at', column: { sql: 'i.reply_due_at', kind: 'timestamp' }, id: 'i.id', desc: false },
} as const satisfies Record<string, KeysetOrder>;
export type CustomerInquirySort = keyof typeof CUSTOMER_INQUIRY_LIST_ORDERS;

const COLUMNS = `i.id::text AS "id", i.reference, i.kind, i.method, i.state, i.inquiry_type AS "inquiryType", i.language,
  i.shop_id::text AS "shopId", s.name AS "shopName", i.customer_id::text AS "customerId", cu.name AS "customerName",
  i.order_id::text AS "orderId", i.order_no AS "orderNo", i.company, i.position, i.name, i.phone, i.email, i.title, i.content, i.product,
  to_char(i.purchase_date, 'YYYY-MM-DD') AS "purchaseDate", to_char(i.delivery_date, 'YYYY-MM-DD') AS "deliveryDate",
  i.return_request AS "returnRequest", i.return_method AS "returnMethod", i.desired_dates AS "desiredDates",
  to_char(i.pickup_date, 'YYYY-MM-DD') AS "pickupDate", i.pickup_slot AS "pickupSlot", i.return_zip AS "returnZip", i.return_address AS "returnAddress",
  i.bank_name AS "bankName", i.bank_branch AS "bankBranch", i.bank_account_type AS "bankAccountType", i.bank_account_number AS "bankAccountNumber",
  i.bank_account_holder AS "bankAccountHolder", i.agreed_at AS "agreedAt",
  i.person_in_charge_id::text AS "personInChargeId", pic.name AS "personInChargeName", i.cs_memo AS "csMemo",
  i.received_at AS "receivedAt", i.reply_due_at AS "replyDueAt", i.replied_at AS "repliedAt", i.completed_at AS "completedAt",
  cb.name AS "createdByName", i.created_at AS "createdAt", i.updated_at AS "updatedAt", i.version`;
const FROM = `customer_inquiries i LEFT JOIN shops s ON s.id = i.shop_id LEFT JOIN customers cu ON cu.id = i.customer_id
  LEFT JOIN users pic ON pic.id = i.person_in_charge_id LEFT JOIN users cb ON cb.id = i.created_by`;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** What the keyword searches: the reference, the contact, the subject and the order number, lower-cased. */
function searchText(w: CustomerInquiryWrite, reference: string): string {
  return [reference, w.company, w.name, w.phone, w.email, w.title, w.content, w.product, w.orderNo]
    .filter((part): part is string => !!part)
    .join(' ')
    .toLowerCase();
}

// Crockford's base32 without I, L, O, U: nothing to misread when a customer reads it out on the phone.
const REFERENCE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
/** `CI-` and 8 random characters: it says nothing of how many inquiries there are. */
export function newInquiryReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `CI-${code}`;
}

function inquiryWhere(filter: CustomerInquiryFilter, params: unknown[]): string {
  const where: string[] = [];
  const param = (value: unknown, cast = '') => {
    params.push(value);
    return `$${params.length}${cast}`;
  };
  if (filter.states?.length) where.push(`i.state = ANY(${param(filter.states, '::smallint[]')})`);
  if (filter.method) where.push(`i.method = ${param(filter.method, '::smallint')}`);
  if (filter.kind) where.push(`i.kind = ${param(filter.kind)}`);
  if (filter.shopId) where.push(`i.shop_id = ${param(filter.shopId, '::bigint')}`);
  if (filter.personInChargeId) where.push(`i.person_in_charge_id = ${param(filter.personInChargeId, '::bigint')}`);
  if (filter.customerId) where.push(`i.customer_id = ${param(filter.customerId, '::bigint')}`);
  // Japan dates: from midnight of `from` to midnight after `to`, in Asia/Tokyo.
  if (filter.from) where.push(`i.received_at >= (${param(filter.from, '::date')}::timestamp AT TIME ZONE 'Asia/Tokyo')`);
  if (filter.to) where.push(`i.received_at < ((${param(filter.to, '::date')} + 1)::timestamp AT TIME ZONE 'Asia/Tokyo')`);
  if (filter.overdue) where.push(`i.state = 1 AND i.reply_due_at < now()`);
  if (filter.keyword) where.push(`i.search_text LIKE ${param(`%${escapeLike(filter.keyword.toLowerCase())}%`)}`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

/** Customer inquiries (issue 16): SQL through the caller's transaction where it writes. */
export class CustomerInquiryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The year-end closing of the settings (which days are not business days). */
  async closing(m: EntityManager = this.dataSource.manager): Promise<YearEndClosing> {
    const [row] = await m.query(`SELECT year_end_closed_from AS "from", year_end_closed_to AS "to" FROM settings_options WHERE id = 1`);
    return { from: row?.from ?? null, to: row?.to ?? null };
  }

  /** Inserts the inquiry under a new reference (another is drawn in the unlikely case it is taken). */
  async create(m: EntityManager, w: CustomerInquiryWrite): Promise<{ id: string; reference: string }> {
    for (;;) {
      const reference = newInquiryReference();
      const rows: { id: string }[] = await m.query(
        `INSERT INTO customer_inquiries (reference, kind, method, inquiry_type, language, shop_id, customer_id, order_id, order_no, company, position, name,
           phone, email, title, content, product, purchase_date, delivery_date, return_request, return_method, desired_dates, pickup_date, pickup_slot,
           return_zip, return_address, bank_name, bank_branch, bank_account_type, bank_account_number, bank_account_holder, agreed_at,
           person_in_charge_id, cs_memo, received_at, reply_due_at, created_by, search_text)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29, $30, $31,
           CASE WHEN $32::boolean THEN $35::timestamptz END, $33, $34, $35, $36, $37, $38)
         ON CONFLICT (reference) DO NOTHING RETURNING id::text AS id`,
        [
          reference, w.kind, w.method, w.inquiryType, w.language, w.shopId, w.customerId, w.orderId, w.orderNo, w.company, w.position, w.name,
          w.phone, w.email, w.title, w.content, w.product, w.purchaseDate, w.deliveryDate, w.returnRequest, w.returnMethod, w.desiredDates, w.pickupDate, w.pickupSlot,
          w.returnZip, w.returnAddress, w.bankName, w.bankBranch, w.bankAccountType, w.bankAccountNumber, w.bankAccountHolder, w.agreed,
          w.personInChargeId, w.csMemo, w.receivedAt, w.replyDueAt, w.createdBy, searchText(w, reference),
        ],
      );
      if (rows.length) return { id: rows[0].id, reference };
    }
  }

  async find(id: string, m: EntityManager = this.dataSource.manager): Promise<CustomerInquiryRow | null> {
    const [row]: CustomerInquiryRow[] = await m.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = $1`, [id]);
    return row ?? null;
  }

  async lock(m: EntityManager, id: string): Promise<{ version: number; state: CustomerInquiryState; personInChargeId: string | null } | null> {
    const [row] = await m.query(`SELECT version, state, person_in_charge_id::text AS "personInChargeId" FROM customer_inquiries WHERE id = $1 FOR UPDATE`, [id]);
    return row ?? null;
  }

  /** Staff's fields at `version` (false: changed meanwhile). Replied and completed keep the moment they were first reached, even when reopened. */
  async update(m: EntityManager, id: string, version: number, h: CustomerInquiryHandling): Promise<boolean> {
    const [rows]: [unknown[], number] = await m.query(
      `UPDATE customer_inquiries SET person_in_charge_id = $3, cs_memo = $4, state = $5::smallint,
         replied_at = CASE WHEN $5::smallint >= 2 THEN coalesce(replied_at, now()) ELSE replied_at END,
         completed_at = CASE WHEN $5::smallint = 3 THEN coalesce(completed_at, now()) ELSE completed_at END,
         reply_due_at = coalesce($6::timestamptz, reply_due_at),
         updated_at = now(), version = version + 1
       WHERE id = $1 AND version = $2 RETURNING id`,
      [id, version, h.personInChargeId, h.csMemo, h.state, h.replyDueAt ?? null],
    );
    return rows.length === 1;
  }

  async list(filter: CustomerInquiryFilter, sort: CustomerInquirySort, position: PagePosition, perPage: number): Promise<KeysetPage<CustomerInquiryRow>> {
    const params: unknown[] = [];
    const where = inquiryWhere(filter, params);
    const order = CUSTOMER_INQUIRY_LIST_ORDERS[sort];
    const page = await readKeysetPage({
      order,
      position,
      perPage,
      rows: (at) => {
        const q = keysetPageSql({ select: 'i.id', from: 'customer_inquiries i', where, params }, order, at, perPage);
        return this.dataSource.query(q.sql, q.params) as Promise<KeyedRow[]>;
      },
      total: this.dataSource.query(`SELECT count(*)::int AS n FROM customer_inquiries i ${where}`, params).then(([r]) => ({ total: r.n, exact: true })),
    });
    const ids = page.rows.map((r) => String(r.id));
    const found: CustomerInquiryRow[] = ids.length ? await this.dataSource.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.id = ANY($1::bigint[])`, [ids]) : [];
    const byId = new Map(found.map((r) => [r.id, r]));
    return { ...page, rows: ids.map((id) => byId.get(id)!).filter(Boolean) };
  }

  /** The customer's other inquiries, newest first (at most `limit`). */
  async ofCustomer(customerId: string, exceptId: string, limit: number): Promise<CustomerInquiryRow[]> {
    return this.dataSource.query(`SELECT ${COLUMNS} FROM ${FROM} WHERE i.customer_id = $1 AND i.id <> $2 ORDER BY i.received_at DESC, i.id DESC LIMIT $3`, [customerId, exceptId, limit]);
  }

  /** The customer's orders, newest first (at most `limit`): number, date, total and line statuses. */
  async ordersOfCustomer(customerId: string, limit: number): Promise<CustomerOrderRow[]> {
    return this.dataSource.query(
      `SELECT id::text AS id, order_no AS "orderNo", branch_no AS "branchNo", to_char(order_date, 'YYYY-MM-DD') AS "orderDate", total, line_statuses AS "lineStatuses"
       FROM orders WHERE customer_id = $1 ORDER BY order_date DESC, id DESC LIMIT $2`,
      [customerId, limit],
    );
  }

  /**
   * The order a customer names, if it is theirs: that number, bought with this e-mail address or phone
   * number (compared as normalised). Null whether there is no such order or it is someone else's. Of an
   * order re-ordered under branches, the latest branch; `firstShipDate` is the first shipment of any branch
   * (null: nothing shipped yet).
   */
  async orderOfContact(m: EntityManager, orderNo: string, emailNormalized: string | null, phoneNormalized: string | null): Promise<{ id: string; customerId: string | null; shopId: string; firstShipDate: string | null } | null> {
    const [row] = await m.query(
      `SELECT o.id::text AS id, o.customer_id::text AS "customerId", o.shop_id::text AS "shopId",
              (SELECT to_char(min(om.ship_date), 'YYYY-MM-DD') FROM orders b JOIN order_makers om ON om.order_id = b.id WHERE b.order_no = o.order_no) AS "firstShipDate"
       FROM orders o
       WHERE o.order_no = $1
         AND (($2::text IS NOT NULL AND lower(o.buyer_email) = $2)
           OR ($3::text IS NOT NULL AND regexp_replace(translate(o.buyer_tel, '０１２３４５６７８９', '0123456789'), '[^0-9+]', '', 'g') = $3))
       ORDER BY o.branch_no DESC LIMIT 1`,
      [orderNo, emailNormalized, phoneNormalized],
    );
    return row ?? null;
  }

  /** The order with this number (its latest branch), for staff recording an inquiry. */
  async orderByNumber(m: EntityManager, orderNo: string): Promise<{ id: string; customerId: string | null } | null> {
    const [row] = await m.query(`SELECT id::text AS id, customer_id::text AS "customerId" FROM orders WHERE order_no = $1 ORDER BY branch_no DESC LIMIT 1`, [orderNo]);
    return row ?? null;
  }

  /** Whether these refer to live records: a shop, a valid staff account (null: not asked). */
  async references(m: EntityManager, ref: { shopId: string | null; personInChargeId: string | null }) {
    const [row] = await m.query(
      `SELECT ($1::bigint IS NULL OR EXISTS (SELECT 1 FROM shops WHERE id = $1 AND deleted_at IS NULL)) AS shop,
              ($2::bigint IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $2 AND deleted_at IS NULL AND status = 'valid' AND role <> 'maker')) AS person`,
      [ref.shopId, ref.personInChargeId],
    );
    return row as { shop: boolean; person: boolean };
  }

  /** The shops a public form offers (id and name). */
  shops(): Promise<{ id: string; name: string }[]> {
    return this.dataSource.query(`SELECT id::text AS id, name FROM shops WHERE deleted_at IS NULL ORDER BY id`);
  }
}
