import type { ProductState, ShopPlatform, TrackedProductField } from '@oms/domain';
import { updateIfVersion } from '../database/versioned-write';
import { DataSource, EntityManager } from 'typeorm';
import { ProductEntity } from '../database/entities/product.entity';
import { KeyColumn, KeyedRow, KeysetOrder, keysetPageSql, KeysetPage, PagePosition, readKeysetPage, sortedBy } from '../database/keyset';
import { containsPattern } from '../database/sql';

export interface ProductListFilter {
  /** Product code, name, EC product code or maker product code contains it (case-insensitive). */
  keyword?: string;
  shopIds?: string[];
  makerIds?: string[];
  states?: ProductState[];
  isDisplay?: boolean;
  /** A maker user sees only their own maker's products. */
  onlyMakerId?: string | null;
}

/** Sort keys as the wire writes them (`sort=product_code`), and their columns (the id breaks ties). */
export const PRODUCT_SORT_COLUMNS = {
  id: null,
  product_code: { sql: 'p.product_code', kind: 'text' },
  product_name: { sql: 'p.product_name', kind: 'text' },
  price: { sql: 'p.price', kind: 'integer' },
  state: { sql: 'p.state', kind: 'text' },
  updated_at: { sql: 'p.updated_at', kind: 'timestamp' },
  last_changed_at: { sql: 'p.last_changed_at', kind: 'timestamp', nullable: true },
} as const satisfies Record<string, KeyColumn | null>;
export type ProductSort = keyof typeof PRODUCT_SORT_COLUMNS;

/** The order a product list is read in, as its cursors are written and checked. */
export function productListKeyset(sort: ProductSort, desc: boolean): KeysetOrder {
  return sortedBy(sort, PRODUCT_SORT_COLUMNS[sort], 'p.id', desc);
}

/** What a create, an update or an imported row writes (tax and price with tax already derived). */
export type ProductWrite = Pick<
  ProductEntity,
  | 'productCode'
  | 'ownProductCode'
  | 'ecProductCode'
  | 'makerProductCode'
  | 'shopId'
  | 'shopProductId'
  | 'makerId'
  | 'productName'
  | 'categoryName'
  | 'price'
  | 'taxPercentage'
  | 'tax'
  | 'priceWithTax'
  | 'wholesalePrice'
  | 'option1'
  | 'option2'
  | 'shippingType'
  | 'availableShipment'
  | 'estimateShipDate'
  | 'deliveryCategory'
  | 'isDisplay'
  | 'postingSupportStatus'
  | 'state'
>;

/** A product as the API shows it: the row plus its shop's and maker's names and codes. */
export interface ProductRow extends ProductWrite {
  id: string;
  shopName: string;
  shopCode: string;
  shopType: ShopPlatform;
  makerName: string;
  makerCode: string;
  lastChangedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface ProductChangeRow {
  id: string;
  productId: string;
  productCode: string;
  productName: string;
  field: TrackedProductField;
  fromValue: string | null;
  toValue: string | null;
  changedBy: string | null;
  changedByName: string | null;
  changedAt: Date;
}

export const PRODUCTS_PRODUCT_CODE_UNIQUE = 'products_product_code_unique';
export const PRODUCTS_MAKER_PRODUCT_CODE_UNIQUE = 'products_maker_product_code_unique';
export const PRODUCTS_SHOP_FK = 'products_shop_id_fkey';
export const PRODUCTS_MAKER_FK = 'products_maker_id_fkey';

/** Write columns in their order: [database column, key]. */
export const PRODUCT_WRITE_COLUMNS: readonly (readonly [string, keyof ProductWrite])[] = [
  ['product_code', 'productCode'],
  ['own_product_code', 'ownProductCode'],
  ['ec_product_code', 'ecProductCode'],
  ['maker_product_code', 'makerProductCode'],
  ['shop_id', 'shopId'],
  ['shop_product_id', 'shopProductId'],
  ['maker_id', 'makerId'],
  ['product_name', 'productName'],
  ['category_name', 'categoryName'],
  ['price', 'price'],
  ['tax_percentage', 'taxPercentage'],
  ['tax', 'tax'],
  ['price_with_tax', 'priceWithTax'],
  ['wholesale_price', 'wholesalePrice'],
  ['option1', 'option1'],
  ['option2', 'option2'],
  ['shipping_type', 'shippingType'],
  ['available_shipment', 'availableShipment'],
  ['estimate_ship_date', 'estimateShipDate'],
  ['delivery_category', 'deliveryCategory'],
  ['is_display', 'isDisplay'],
  ['posting_support_status', 'postingSupportStatus'],
  ['state', 'state'],
];

const q = (key: string) => `"${key}"`;
const SELECT_LIST = `p.id, ${PRODUCT_WRITE_COLUMNS.map(([column, key]) => `p.${column} AS ${q(key)}`).join(', ')},
         p.last_changed_at AS "lastChangedAt", p.created_at AS "createdAt", p.updated_at AS "updatedAt", p.version,
         s.name AS "shopName", s.code AS "shopCode", s.type AS "shopType", m.name AS "makerName", m.code AS "makerCode"`;
const FROM = 'products p JOIN shops s ON s.id = p.shop_id JOIN makers m ON m.id = p.maker_id';
const SELECT = `SELECT ${SELECT_LIST} FROM ${FROM}`;

/** WHERE conditions and their parameters ($1…), shared by the list, its count and the export. */
function whereOf(filter: ProductListFilter, params: unknown[]): string {
  const where: string[] = [];
  const param = (value: unknown) => {
    params.push(value);
    return `$${params.length}`;
  };
  if (filter.onlyMakerId !== undefined) where.push(`p.maker_id = ${param(filter.onlyMakerId ?? '0')}`);
  if (filter.keyword) {
    const kw = param(containsPattern(filter.keyword));
    where.push(`(p.product_code ILIKE ${kw} OR p.product_name ILIKE ${kw} OR p.ec_product_code ILIKE ${kw} OR p.maker_product_code ILIKE ${kw})`);
  }
  if (filter.shopIds?.length) where.push(`p.shop_id = ANY(${param(filter.shopIds)}::bigint[])`);
  if (filter.makerIds?.length) where.push(`p.maker_id = ANY(${param(filter.makerIds)}::bigint[])`);
  if (filter.states?.length) where.push(`p.state = ANY(${param(filter.states)}::text[])`);
  if (filter.isDisplay !== undefined) where.push(`p.is_display = ${param(filter.isDisplay)}`);
  return where.length ? `WHERE ${where.join(' AND ')}` : '';
}

export class ProductRepository {
  constructor(private readonly dataSource: DataSource) {}

  private manager(manager?: EntityManager): EntityManager {
    return manager ?? this.dataSource.manager;
  }

  async findById(id: string, options: { onlyMakerId?: string | null; manager?: EntityManager; lock?: boolean } = {}): Promise<ProductRow | null> {
    const params: unknown[] = [id];
    let sql = `${SELECT} WHERE p.id = $1`;
    if (options.onlyMakerId !== undefined) {
      params.push(options.onlyMakerId ?? '0');
      sql += ` AND p.maker_id = $2`;
    }
    if (options.lock) sql += ' FOR UPDATE OF p';
    const [row] = await this.manager(options.manager).query(sql, params);
    return row ?? null;
  }

  /** One page of the list at `position` (database/keyset.ts), with the exact number of matches. */
  async list(filter: ProductListFilter, order: KeysetOrder, position: PagePosition, perPage: number): Promise<KeysetPage<ProductRow>> {
    const params: unknown[] = [];
    const where = whereOf(filter, params);
    const page = await readKeysetPage({
      order,
      position,
      perPage,
      rows: (at) => {
        const q = keysetPageSql({ select: SELECT_LIST, from: FROM, where, params }, order, at, perPage);
        return this.dataSource.query(q.sql, q.params) as Promise<(ProductRow & KeyedRow)[]>;
      },
      total: this.dataSource.query(`SELECT count(*)::int AS total FROM products p ${where}`, params).then(([{ total }]: { total: number }[]) => ({ total, exact: true })),
    });
    return { ...page, rows: page.rows.map(({ key_value: _key, ...row }) => row) };
  }

  /**
   * Every product the filter selects, in id order, read in keyset batches: memory holds one batch,
   * and a consumer that stops early (the client went away) stops the reading.
   */
  async *stream(filter: ProductListFilter, batchSize = 1000): AsyncGenerator<ProductRow> {
    let after = '0';
    for (;;) {
      const params: unknown[] = [];
      const where = whereOf(filter, params);
      params.push(after);
      const keyset = `${where ? `${where} AND` : 'WHERE'} p.id > $${params.length}`;
      const rows: ProductRow[] = await this.dataSource.query(`${SELECT} ${keyset} ORDER BY p.id LIMIT ${batchSize}`, params);
      yield* rows;
      if (rows.length < batchSize) return;
      after = rows[rows.length - 1].id;
    }
  }

  async insert(manager: EntityManager, product: ProductWrite): Promise<string> {
    const result = await manager.getRepository(ProductEntity).insert(product);
    return String(result.identifiers[0].id);
  }

  /** Compare-and-set on the version: false when someone else changed the product first. */
  async update(manager: EntityManager, id: string, expectedVersion: number, product: ProductWrite, changed: boolean): Promise<boolean> {
    return updateIfVersion(manager.getRepository(ProductEntity), id, expectedVersion, {
      ...product,
      ...(changed ? { lastChangedAt: () => 'now()' } : {}),
    });
  }

  /**
   * Deletes a product no order line carries. The row is locked first: an order line being added
   * takes a key-share lock on it (its foreign key), so a line added meanwhile is either seen here or
   * waits and then fails its foreign key. Its change records go with it (ON DELETE CASCADE).
   */
  async delete(manager: EntityManager, id: string): Promise<'deleted' | 'missing' | 'on-orders'> {
    const [row] = await manager.query(`SELECT id FROM products WHERE id = $1 FOR UPDATE`, [id]);
    if (!row) return 'missing';
    const [line] = await manager.query(`SELECT 1 FROM order_lines WHERE product_id = $1 LIMIT 1`, [id]);
    if (line) return 'on-orders';
    await manager.query(`DELETE FROM products WHERE id = $1`, [id]);
    return 'deleted';
  }

  async recordChanges(
    manager: EntityManager,
    productId: string,
    changes: { field: TrackedProductField; from: string | null; to: string | null }[],
    userId: string,
  ): Promise<void> {
    for (const change of changes) {
      await manager.query(`INSERT INTO product_changes (product_id, field, from_value, to_value, changed_by) VALUES ($1, $2, $3, $4, $5)`, [
        productId,
        change.field,
        change.from,
        change.to,
        userId,
      ]);
    }
  }

  /** Changes of availability or estimated ship date since a moment, newest first. */
  recentChanges(since: Date, onlyMakerId: string | null | undefined, limit: number): Promise<ProductChangeRow[]> {
    const params: unknown[] = [since, limit];
    let scope = '';
    if (onlyMakerId !== undefined) {
      params.push(onlyMakerId ?? '0');
      scope = 'AND p.maker_id = $3';
    }
    return this.dataSource.query(
      `SELECT c.id, c.product_id AS "productId", p.product_code AS "productCode", p.product_name AS "productName", c.field,
              c.from_value AS "fromValue", c.to_value AS "toValue", c.changed_by AS "changedBy", u.name AS "changedByName", c.changed_at AS "changedAt"
       FROM product_changes c JOIN products p ON p.id = c.product_id LEFT JOIN users u ON u.id = c.changed_by
       WHERE c.changed_at >= $1 ${scope}
       ORDER BY c.changed_at DESC, c.id DESC LIMIT $2`,
      params,
    );
  }

  /** A live shop's platform, or null. */
  async shopPlatform(shopId: string, manager?: EntityManager): Promise<ShopPlatform | null> {
    const [row] = await this.manager(manager).query(`SELECT type FROM shops WHERE id = $1 AND deleted_at IS NULL`, [shopId]);
    return row?.type ?? null;
  }

  /** Live shops by code (case-insensitive): lower(code) → id, platform and the code as written. */
  async shopsByCode(codes: string[]): Promise<Map<string, { id: string; type: ShopPlatform; code: string }>> {
    const rows: { key: string; code: string; id: string; type: ShopPlatform }[] = await this.dataSource.query(
      `SELECT lower(code) AS key, code, id, type FROM shops WHERE deleted_at IS NULL AND lower(code) = ANY($1::text[])`,
      [codes.map((c) => c.toLowerCase())],
    );
    return new Map(rows.map((r) => [r.key, { id: String(r.id), type: r.type, code: r.code }]));
  }

  /** Makers by code (case-insensitive): lower(code) → id and the code as written. */
  async makersByCode(codes: string[]): Promise<Map<string, { id: string; code: string }>> {
    const rows: { key: string; code: string; id: string }[] = await this.dataSource.query(
      `SELECT lower(code) AS key, code, id FROM makers WHERE lower(code) = ANY($1::text[])`,
      [codes.map((c) => c.toLowerCase())],
    );
    return new Map(rows.map((r) => [r.key, { id: String(r.id), code: r.code }]));
  }

  /** Which product holds each of these maker product codes: maker product code → product code. */
  async makerProductCodeHolders(codes: string[]): Promise<Map<string, string>> {
    const rows: { makerProductCode: string; productCode: string }[] = await this.dataSource.query(
      `SELECT maker_product_code AS "makerProductCode", product_code AS "productCode" FROM products WHERE maker_product_code = ANY($1::text[])`,
      [codes],
    );
    return new Map(rows.map((r) => [r.makerProductCode, r.productCode]));
  }

  /** The products of these codes: product code → product. */
  async byProductCodes(codes: readonly string[]): Promise<Map<string, ProductRow>> {
    const rows: ProductRow[] = await this.dataSource.query(`${SELECT} WHERE p.product_code = ANY($1::text[])`, [codes]);
    return new Map(rows.map((r) => [r.productCode, r]));
  }
}
