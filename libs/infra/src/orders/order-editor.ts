import { LINE_STATUS, PreferredPeriod } from '@oms/domain';
import { EntityManager } from 'typeorm';

/** The order's own fields as create and edit write them (docs/orders-api.md "Create and edit"). */
export interface OrderFieldsWrite {
  ecOrderId: string | null;
  shopId: string;
  customerId: string | null;
  paymentMethodId: number;
  deliveryMethodId: string | null;
  orderDate: string;
  preferredDate: string | null;
  /** A transport time slot, 0 none (libs/domain preferred-period). */
  preferredPeriod: PreferredPeriod;
  buyerName: string;
  buyerKana: string | null;
  buyerTel: string | null;
  buyerZip: string | null;
  buyerAddress: string | null;
  buyerEmail: string | null;
  deliveryName: string;
  deliveryKana: string | null;
  deliveryTel: string | null;
  deliveryZip: string | null;
  deliveryAddress: string | null;
  memo: string | null;
  supplierMemo: string | null;
  ediNote: string | null;
  sendMailFlag: 0 | 1;
  sentToOriginFlag: 0 | 1;
  /** What the order sheet is sent as. */
  fileType: 'pdf' | 'csv';
  settlementFee: number;
  otherFee: number;
  shippingFee: number;
}

/** An order line as written; `id` names a line the order already has (edit), absent for a new one. */
export interface OrderLineWrite {
  id?: string;
  makerId: string;
  productId: string | null;
  productCode: string | null;
  productName: string;
  amount: number;
  wholesalePrice: number | null;
  priceWithTax: number;
  taxPercentage: number;
  tax: number;
  makerShippingFee: number;
  option1: string | null;
  option2: string | null;
}

/** The stored order an edit starts from: its fields, the fees the line commands set, its version and line statuses. */
export interface EditableOrder {
  id: string;
  version: number;
  fields: OrderFieldsWrite;
  fee: number;
  refundFee: number;
  lines: { id: string; status: number }[];
}

export interface ProductForLine {
  id: string;
  makerId: string;
  productCode: string;
  productName: string;
  priceWithTax: number;
  taxPercentage: number;
  wholesalePrice: number | null;
  option1: string | null;
  option2: string | null;
}

/** [column, key, SQL type] of the order fields, in one place for the insert, the update and the read. */
const FIELD_COLUMNS: readonly (readonly [string, keyof OrderFieldsWrite, string])[] = [
  ['ec_order_id', 'ecOrderId', 'varchar'],
  ['shop_id', 'shopId', 'bigint'],
  ['customer_id', 'customerId', 'bigint'],
  ['payment_method_id', 'paymentMethodId', 'smallint'],
  ['delivery_method_id', 'deliveryMethodId', 'bigint'],
  ['order_date', 'orderDate', 'date'],
  ['preferred_date', 'preferredDate', 'varchar'],
  ['preferred_period', 'preferredPeriod', 'smallint'],
  ['buyer_name', 'buyerName', 'varchar'],
  ['buyer_kana', 'buyerKana', 'varchar'],
  ['buyer_tel', 'buyerTel', 'varchar'],
  ['buyer_zip', 'buyerZip', 'varchar'],
  ['buyer_address', 'buyerAddress', 'varchar'],
  ['buyer_email', 'buyerEmail', 'varchar'],
  ['delivery_name', 'deliveryName', 'varchar'],
  ['delivery_kana', 'deliveryKana', 'varchar'],
  ['delivery_tel', 'deliveryTel', 'varchar'],
  ['delivery_zip', 'deliveryZip', 'varchar'],
  ['delivery_address', 'deliveryAddress', 'varchar'],
  ['memo', 'memo', 'varchar'],
  ['supplier_memo', 'supplierMemo', 'varchar'],
  ['edi_note', 'ediNote', 'varchar'],
  ['send_mail_flag', 'sendMailFlag', 'smallint'],
  ['sent_to_origin_flag', 'sentToOriginFlag', 'smallint'],
  ['file_type', 'fileType', 'varchar'],
  ['settlement_fee', 'settlementFee', 'integer'],
  ['other_fee', 'otherFee', 'integer'],
  ['shipping_fee', 'shippingFee', 'integer'],
];

/** [column, key, SQL type] of a line's written fields. */
const LINE_COLUMNS: readonly (readonly [string, keyof OrderLineWrite, string])[] = [
  ['maker_id', 'makerId', 'bigint'],
  ['product_id', 'productId', 'bigint'],
  ['product_code', 'productCode', 'varchar'],
  ['product_name', 'productName', 'varchar'],
  ['amount', 'amount', 'integer'],
  ['wholesale_price', 'wholesalePrice', 'integer'],
  ['price_with_tax', 'priceWithTax', 'integer'],
  ['tax_percentage', 'taxPercentage', 'integer'],
  ['tax', 'tax', 'integer'],
  ['maker_shipping_fee', 'makerShippingFee', 'integer'],
  ['option1', 'option1', 'varchar'],
  ['option2', 'option2', 'varchar'],
];

/**
 * The writes of create and edit (the line commands write through OrderRepository) and the look-ups
 * their rules need, all in the caller's transaction. The list columns (status, line statuses,
 * makers, search text, totals) are left to OrderRepository.refreshDerived afterwards.
 */
export class OrderEditor {
  /** A new order number from the database's sequence (`YYYYMMDD-NNNNNNN`, Japan date). */
  async newOrderNumber(m: EntityManager): Promise<string> {
    const [row] = await m.query(`INSERT INTO order_numbers (order_no) VALUES (next_order_no()) RETURNING order_no`);
    return row.order_no;
  }

  /** The next branch number of an order number; the counter row's lock makes concurrent branches wait in turn. */
  async nextBranchNumber(m: EntityManager, orderNo: string): Promise<number> {
    const [rows]: [{ last_branch_no: number }[], number] = await m.query(
      `UPDATE order_numbers SET last_branch_no = last_branch_no + 1 WHERE order_no = $1 RETURNING last_branch_no`,
      [orderNo],
    );
    return rows[0].last_branch_no;
  }

  /** The order number of an order, or null when there is no such order. */
  async orderNumberOf(m: EntityManager, orderId: string): Promise<string | null> {
    const [row] = await m.query(`SELECT order_no FROM orders WHERE id = $1`, [orderId]);
    return row?.order_no ?? null;
  }

  /** Inserts the order with its lines (unpaid), one maker part per maker and a history row per line. */
  async insert(
    m: EntityManager,
    order: OrderFieldsWrite & { orderNo: string; branchNo: number; origin: string; createdBy: string | null },
    lines: readonly OrderLineWrite[],
  ): Promise<string> {
    const values = FIELD_COLUMNS.map(([, key]) => order[key]);
    const [row] = await m.query(
      `INSERT INTO orders (order_no, branch_no, origin, created_by, status, line_statuses, maker_ids, ${FIELD_COLUMNS.map(([c]) => c).join(', ')})
       VALUES ($1, $2, $3, $4, ${LINE_STATUS.unpaid}, '{}', '{}', ${FIELD_COLUMNS.map(([, , type], i) => `$${i + 5}::${type}`).join(', ')})
       RETURNING id`,
      [order.orderNo, order.branchNo, order.origin, order.createdBy, ...values],
    );
    const id = String(row.id);
    await this.insertLines(m, id, lines, 'create', order.createdBy);
    await this.syncMakerParts(m, id);
    return id;
  }

  /** The order to edit, locked; null when there is none. */
  async lockForEdit(m: EntityManager, id: string): Promise<EditableOrder | null> {
    const [row] = await m.query(
      `SELECT ${FIELD_COLUMNS.map(([c, key]) => (c === 'order_date' ? `to_char(o.order_date, 'YYYY-MM-DD')` : `o.${c}`) + ` AS "${key}"`).join(', ')},
              o.version AS "_version", o.fee AS "_fee", o.refund_fee AS "_refundFee"
         FROM orders o WHERE o.id = $1 FOR UPDATE`,
      [id],
    );
    if (!row) return null;
    const { _version: version, _fee: fee, _refundFee: refundFee, ...fields } = row;
    const lines: { id: string; status: number }[] = await m.query(`SELECT id::text AS id, status FROM order_lines WHERE order_id = $1 ORDER BY id`, [id]);
    return { id, version, fee, refundFee, fields, lines };
  }

  /** Compare-and-set of the order's fields on its version: false when the order is no longer at `expectedVersion`. */
  async update(m: EntityManager, id: string, expectedVersion: number, order: OrderFieldsWrite): Promise<boolean> {
    const [rows]: [unknown[], number] = await m.query(
      `UPDATE orders SET ${FIELD_COLUMNS.map(([c, , type], i) => `${c} = $${i + 3}::${type}`).join(', ')}, updated_at = now(), version = version + 1
        WHERE id = $1 AND version = $2 RETURNING version`,
      [id, expectedVersion, ...FIELD_COLUMNS.map(([, key]) => order[key])],
    );
    return rows.length === 1;
  }

  /**
   * Makes the order's lines the given set: lines sent with an id keep it (and their status), the
   * others are removed, new ones are added unpaid with a history row; the maker parts follow.
   */
  async replaceLines(m: EntityManager, orderId: string, lines: readonly OrderLineWrite[], actorId: string | null): Promise<void> {
    const kept = lines.filter((l) => l.id);
    await m.query(`DELETE FROM order_lines WHERE order_id = $1 AND NOT (id = ANY($2::bigint[]))`, [orderId, kept.map((l) => l.id)]);
    if (kept.length) {
      await m.query(
        // A line moved to another maker starts over for it: what the first maker saw (its ordering,
        // its refusal) is not the new maker's to read (first_ordered_at bounds a maker's history).
        `UPDATE order_lines l SET ${LINE_COLUMNS.map(([c]) => `${c} = v.${c}`).join(', ')}, updated_at = now(),
                first_ordered_at = CASE WHEN l.maker_id IS DISTINCT FROM v.maker_id THEN NULL ELSE l.first_ordered_at END
           FROM unnest($2::bigint[], ${LINE_COLUMNS.map(([, , type], i) => `$${i + 3}::${type}[]`).join(', ')}) AS v(id, ${LINE_COLUMNS.map(([c]) => c).join(', ')})
          WHERE l.order_id = $1 AND l.id = v.id`,
        [orderId, kept.map((l) => l.id), ...LINE_COLUMNS.map(([, key]) => kept.map((l) => l[key]))],
      );
    }
    await this.insertLines(m, orderId, lines.filter((l) => !l.id), 'edit', actorId);
    await this.syncMakerParts(m, orderId);
  }

  private async insertLines(m: EntityManager, orderId: string, lines: readonly OrderLineWrite[], command: string, actorId: string | null): Promise<void> {
    if (lines.length === 0) return;
    // Ids are taken first so each history row names its line without relying on RETURNING's order.
    const ids: string[] = (
      await m.query(`SELECT nextval(pg_get_serial_sequence('order_lines', 'id'))::text AS id FROM generate_series(1, $1)`, [lines.length])
    ).map((r: { id: string }) => r.id);
    await m.query(
      `INSERT INTO order_lines (id, order_id, status, ${LINE_COLUMNS.map(([c]) => c).join(', ')})
       SELECT v.id, $1, ${LINE_STATUS.unpaid}, ${LINE_COLUMNS.map(([c]) => `v.${c}`).join(', ')}
         FROM unnest($2::bigint[], ${LINE_COLUMNS.map(([, , type], i) => `$${i + 3}::${type}[]`).join(', ')}) AS v(id, ${LINE_COLUMNS.map(([c]) => c).join(', ')})`,
      [orderId, ids, ...LINE_COLUMNS.map(([, key]) => lines.map((l) => l[key]))],
    );
    await m.query(
      `INSERT INTO order_status_history (order_id, order_line_id, from_status, to_status, command, changed_by)
       SELECT $1, unnest($2::bigint[]), NULL, ${LINE_STATUS.unpaid}, $3, $4`,
      [orderId, ids, command, actorId],
    );
  }

  /** One maker part per maker of the order's lines: new makers get one, makers without lines lose theirs. */
  private async syncMakerParts(m: EntityManager, orderId: string): Promise<void> {
    await m.query(`DELETE FROM order_makers om WHERE om.order_id = $1 AND NOT EXISTS (SELECT 1 FROM order_lines l WHERE l.order_id = $1 AND l.maker_id = om.maker_id)`, [
      orderId,
    ]);
    await m.query(
      `INSERT INTO order_makers (order_id, maker_id) SELECT DISTINCT $1::bigint, maker_id FROM order_lines WHERE order_id = $1 ON CONFLICT DO NOTHING`,
      [orderId],
    );
  }

  /** A shop's deferred-payment limit and whether it was deleted; undefined when there is no such shop. */
  async shop(m: EntityManager, id: string): Promise<{ npLimitAmount: number | null; deleted: boolean } | undefined> {
    const [row] = await m.query(`SELECT np_limit_amount AS "npLimitAmount", deleted_at IS NOT NULL AS deleted FROM shops WHERE id = $1`, [id]);
    return row;
  }

  /** The priced lines of an order (an edit that keeps its lines still checks its payment rules on them). */
  linesOf(m: EntityManager, orderId: string): Promise<{ amount: number; priceWithTax: number; taxPercentage: number }[]> {
    return m.query(`SELECT amount, price_with_tax AS "priceWithTax", tax_percentage AS "taxPercentage" FROM order_lines WHERE order_id = $1 ORDER BY id`, [orderId]);
  }

  /**
   * A customer, locked when `lock` (monthly invoice: two orders of one customer cannot both pass
   * the monthly cap); undefined when there is none.
   */
  async customer(m: EntityManager, id: string, lock = false): Promise<{ companyName: string | null } | undefined> {
    const [row] = await m.query(`SELECT company_name AS "companyName" FROM customers WHERE id = $1${lock ? ' FOR UPDATE' : ''}`, [id]);
    return row;
  }

  async deliveryMethodExists(m: EntityManager, id: string): Promise<boolean> {
    const [row] = await m.query(`SELECT 1 FROM delivery_methods WHERE id = $1 AND deleted_at IS NULL`, [id]);
    return !!row;
  }

  async products(m: EntityManager, ids: readonly string[]): Promise<Map<string, ProductForLine>> {
    if (ids.length === 0) return new Map();
    const rows: ProductForLine[] = await m.query(
      `SELECT id::text AS id, maker_id::text AS "makerId", product_code AS "productCode", product_name AS "productName", price_with_tax AS "priceWithTax",
              tax_percentage AS "taxPercentage", wholesale_price AS "wholesalePrice", option1, option2
         FROM products WHERE id = ANY($1::bigint[])
        -- Held until the order commits: a product deleted meanwhile (DELETE /products/{id}) waits, then
        -- finds the new line and is refused, or was gone first and the line is refused as unknown.
        FOR KEY SHARE`,
      [[...new Set(ids)]],
    );
    return new Map(rows.map((r) => [r.id, r]));
  }

  async existingMakers(m: EntityManager, ids: readonly string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows: { id: string }[] = await m.query(`SELECT id::text AS id FROM makers WHERE id = ANY($1::bigint[])`, [[...new Set(ids)]]);
    return new Set(rows.map((r) => r.id));
  }

  /** Of these products, those whose availability or estimated ship date changed after `since`. */
  async productsChangedSince(m: EntityManager, productIds: readonly string[], since: Date): Promise<string[]> {
    if (productIds.length === 0) return [];
    const rows: { id: string }[] = await m.query(
      `SELECT DISTINCT product_id::text AS id FROM product_changes WHERE product_id = ANY($1::bigint[]) AND changed_at > $2 ORDER BY 1`,
      [[...new Set(productIds)], since],
    );
    return rows.map((r) => r.id);
  }

  /** The totals of a customer's other monthly-invoice orders in the month (`YYYY-MM`) of an order date. */
  async monthlyInvoiceTotal(m: EntityManager, customerId: string, orderDate: string, paymentMethodId: number, exceptOrderId: string | null): Promise<number> {
    const [row] = await m.query(
      `SELECT coalesce(sum(total), 0)::bigint AS total FROM orders
        WHERE customer_id = $1 AND payment_method_id = $2
          AND order_date >= date_trunc('month', $3::date) AND order_date < date_trunc('month', $3::date) + interval '1 month'
          AND ($4::bigint IS NULL OR id <> $4::bigint)`,
      [customerId, paymentMethodId, orderDate, exceptOrderId],
    );
    return Number(row.total);
  }

  /** The tax rate a line without a product and without its own rate takes (the order setting). */
  async defaultTaxPercent(m: EntityManager): Promise<number> {
    const [row] = await m.query(`SELECT default_tax_percent AS "rate" FROM settings_options WHERE id = 1`);
    return row?.rate ?? 10;
  }
}
