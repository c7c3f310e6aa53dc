import { createHash } from 'node:crypto';
import {
  changedAfterWorkProblem,
  comparableOrder,
  ImportContext,
  importedOrderDraft,
  IMPORT_PROBLEM_CODES,
  ImportProblem,
  isUntouchedSinceImport,
  MatchedProduct,
  ORDER_ORIGIN,
  PlatformLine,
  PlatformOrder,
  platformOrderChanges,
} from '@oms/domain';
import { EntityManager } from 'typeorm';
import { customerForContact } from '../customers/customer-for-contact';
import { CustomerRepository } from '../customers/customer.repository';
import { recordOrderError } from '../maker-side/order-errors';
import { OrderEditor, OrderFieldsWrite } from '../orders/order-editor';
import { OrderRepository } from '../orders/order.repository';

/** What became of one platform order. */
export type ImportOutcome =
  /** A new order here. */
  | 'imported'
  /** The platform changed it and nobody had acted on it: it follows. */
  | 'updated'
  /** As last read: nothing to do (a second run, an overlap of windows). */
  | 'unchanged'
  /** The platform changed it after work began (or cancelled it): an order error, nothing else. */
  | 'flagged'
  /** Not an order to take (cancelled or provisional before it was ever imported). */
  | 'skipped';

export interface ImportResult {
  outcome: ImportOutcome;
  orderId: string | null;
  /** Order errors made. */
  problems: number;
}

interface ImportedRow {
  orderId: string;
  fingerprint: string;
  orderVersion: number;
  document: PlatformOrder;
}

/** The mapping table's row for orders the platform gives no payment method. */
const NO_PAYMENT_CODE = '(none)';

const fingerprintOf = (order: PlatformOrder) => createHash('sha256').update(comparableOrder(order)).digest('hex');

/**
 * Imports platform orders (issue 17), each in the caller's transaction and exactly once per shop and EC
 * order id: the (shop, EC order id) row is the record of it, taken under a transaction lock on that pair,
 * so two runs reading the same order at once make one order. A reading equal to the last one changes
 * nothing; a changed one updates an order nobody has acted on, else it is an order error for staff.
 */
export class ShopOrderImporter {
  private readonly editor = new OrderEditor();

  constructor(
    private readonly orders: OrderRepository,
    private readonly customers: CustomerRepository,
  ) {}

  async importOrder(m: EntityManager, shopId: string, order: PlatformOrder): Promise<ImportResult> {
    await m.query(`SELECT pg_advisory_xact_lock(hashtext('shop-import:' || $1 || ':' || $2))`, [shopId, order.ecOrderId]);
    const [existing]: ImportedRow[] = await m.query(
      `SELECT order_id::text AS "orderId", fingerprint, order_version AS "orderVersion", document
         FROM shop_imported_orders WHERE shop_id = $1 AND ec_order_id = $2 FOR UPDATE`,
      [shopId, order.ecOrderId],
    );
    const fingerprint = fingerprintOf(order);
    if (existing?.fingerprint === fingerprint) return { outcome: 'unchanged', orderId: existing.orderId, problems: 0 };
    if (!existing) return this.create(m, shopId, order, fingerprint);

    const [state] = await m.query(
      `SELECT o.version, o.line_statuses AS "lineStatuses", (SELECT count(*)::int FROM shop_origin_sends s WHERE s.order_id = o.id) AS "originSends"
         FROM orders o WHERE o.id = $1 FOR UPDATE`,
      [existing.orderId],
    );
    const cancelled = order.state === 'cancelled' && existing.document.state !== 'cancelled';
    if (!cancelled && order.state === 'normal' && isUntouchedSinceImport(state, existing.orderVersion)) {
      return this.update(m, shopId, existing, order, fingerprint);
    }
    const changes = platformOrderChanges(existing.document, order);
    const problems = changes.length ? [changedAfterWorkProblem(changes, cancelled)] : [];
    await this.recordProblems(m, existing.orderId, problems);
    await this.remember(m, shopId, order, fingerprint, existing.orderId, existing.orderVersion);
    return { outcome: problems.length ? 'flagged' : 'unchanged', orderId: existing.orderId, problems: problems.length };
  }

  private async create(m: EntityManager, shopId: string, order: PlatformOrder, fingerprint: string): Promise<ImportResult> {
    if (order.state !== 'normal') return { outcome: 'skipped', orderId: null, problems: 0 };
    const draft = importedOrderDraft(order, await this.context(m, shopId, order));
    const f = draft.fields;
    const customerId = await customerForContact(m, this.customers, {
      shopId, name: f.buyerName, nameKana: f.buyerKana, zip: f.buyerZip, address: f.buyerAddress, phone: f.buyerTel, email: f.buyerEmail,
    });
    const fields: OrderFieldsWrite = {
      ...f, shopId, customerId, deliveryMethodId: null, supplierMemo: null, ediNote: null, sendMailFlag: 1, sentToOriginFlag: 0, fileType: 'pdf',
    };
    const orderNo = await this.editor.newOrderNumber(m);
    const orderId = await this.editor.insert(m, { ...fields, orderNo, branchNo: 1, origin: ORDER_ORIGIN, createdBy: null }, draft.lines);
    await this.orders.refreshDerived(m, orderId);
    await this.recordProblems(m, orderId, draft.problems);
    await this.remember(m, shopId, order, fingerprint, orderId, await this.versionOf(m, orderId));
    return { outcome: 'imported', orderId, problems: draft.problems.length };
  }

  /** The platform's new reading, on an order nobody has acted on: its fields and lines, and its import errors anew. */
  private async update(m: EntityManager, shopId: string, existing: ImportedRow, order: PlatformOrder, fingerprint: string): Promise<ImportResult> {
    const before = (await this.editor.lockForEdit(m, existing.orderId))!;
    const draft = importedOrderDraft(order, await this.context(m, shopId, order));
    await this.editor.update(m, existing.orderId, before.version, { ...before.fields, ...draft.fields });
    await this.editor.replaceLines(m, existing.orderId, draft.lines, null);
    await m.query(`DELETE FROM order_errors WHERE order_id = $1 AND code = ANY($2::text[])`, [existing.orderId, IMPORT_PROBLEM_CODES]);
    await this.orders.refreshDerived(m, existing.orderId);
    await this.recordProblems(m, existing.orderId, draft.problems);
    await this.remember(m, shopId, order, fingerprint, existing.orderId, await this.versionOf(m, existing.orderId));
    return { outcome: 'updated', orderId: existing.orderId, problems: draft.problems.length };
  }

  /** The shop's products for the order's lines (by the platform's product id, else the EC product code) and its payment mapping. */
  private async context(m: EntityManager, shopId: string, order: PlatformOrder): Promise<ImportContext> {
    const ids = order.lines.flatMap((l) => (l.productId ? [l.productId] : []));
    const codes = order.lines.flatMap((l) => (l.productCode ? [l.productCode] : []));
    const products: (MatchedProduct & { shopProductId: string | null; ecProductCode: string | null })[] = await m.query(
      `SELECT id::text AS id, maker_id::text AS "makerId", product_code AS "productCode", product_name AS "productName", tax_percentage AS "taxPercentage",
              wholesale_price AS "wholesalePrice", option1, option2, shop_product_id AS "shopProductId", ec_product_code AS "ecProductCode"
         FROM products WHERE shop_id = $1 AND (shop_product_id = ANY($2::text[]) OR ec_product_code = ANY($3::text[]))
        ORDER BY id FOR KEY SHARE`,
      [shopId, ids, codes],
    );
    const byId = new Map(products.filter((p) => p.shopProductId).map((p) => [p.shopProductId!, p]));
    const byCode = new Map(products.filter((p) => p.ecProductCode).map((p) => [p.ecProductCode!, p]));
    // A code seen for the first time is added to the shop's table unmapped, for staff to map (an order with none under one of its own).
    const payment = { code: order.paymentMethod.code.trim() || NO_PAYMENT_CODE, name: order.paymentMethod.name };
    await m.query(
      `INSERT INTO shop_payment_mappings (shop_id, ec_payment_code, ec_payment_name) VALUES ($1, left($2, 50), left($3, 100))
       ON CONFLICT (shop_id, ec_payment_code) DO UPDATE SET ec_payment_name = EXCLUDED.ec_payment_name WHERE shop_payment_mappings.ec_payment_name = ''`,
      [shopId, payment.code, payment.name],
    );
    const [mapping] = await m.query(`SELECT payment_method_id AS id FROM shop_payment_mappings WHERE shop_id = $1 AND ec_payment_code = left($2, 50)`, [shopId, payment.code]);
    return {
      paymentMethodId: mapping?.id ?? null,
      defaultTaxPercent: await this.editor.defaultTaxPercent(m),
      productFor: (line: PlatformLine) => (line.productId && byId.get(line.productId)) || (line.productCode && byCode.get(line.productCode)) || null,
    };
  }

  private async recordProblems(m: EntityManager, orderId: string, problems: readonly ImportProblem[]): Promise<void> {
    for (const problem of problems) await recordOrderError(m, { orderId, makerId: null, ...problem });
  }

  private async versionOf(m: EntityManager, orderId: string): Promise<number> {
    const [row] = await m.query(`SELECT version FROM orders WHERE id = $1`, [orderId]);
    return row.version;
  }

  private async remember(m: EntityManager, shopId: string, order: PlatformOrder, fingerprint: string, orderId: string, orderVersion: number): Promise<void> {
    await m.query(
      `INSERT INTO shop_imported_orders (shop_id, ec_order_id, order_id, fingerprint, order_version, platform_updated_at, document)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (shop_id, ec_order_id) DO UPDATE SET fingerprint = $4, order_version = $5, platform_updated_at = $6, document = $7::jsonb, updated_at = now()`,
      [shopId, order.ecOrderId, orderId, fingerprint, orderVersion, order.updatedAt, JSON.stringify(order)],
    );
  }
}
