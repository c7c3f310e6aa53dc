import { FieldIssue, shopProductIdIssues } from '@oms/domain';
import { CsvColumn, CsvHeaderIssue, CsvRowIssue, ProductRow, ProductWrite, toCsv, unneutraliseFormula } from '@oms/infra';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import type { Readable } from 'node:stream';
import { compileCheck } from '../common/validation/compiled-check';
import { transformOptionsFor } from '../common/validation/rules';
import { fieldIssuesOf } from '../common/validation/validation.pipe';
import { ProductBody } from './product.dto';

/**
 * The product CSV (docs/product-csv.md): Japanese headers, in this order on export; the import finds
 * them by name. `priceWithTax` is written for reading and ignored on import (it is derived).
 */
export const PRODUCT_CSV_COLUMNS = [
  { header: '商品コード', key: 'productCode' },
  { header: '自社商品コード', key: 'ownProductCode' },
  { header: 'EC商品コード', key: 'ecProductCode' },
  { header: 'メーカー品番', key: 'makerProductCode' },
  { header: 'ショップコード', key: 'shopCode' },
  { header: 'ショップ商品ID', key: 'shopProductId' },
  { header: 'メーカーコード', key: 'makerCode' },
  { header: '商品名', key: 'productName' },
  { header: 'カテゴリ名', key: 'categoryName' },
  { header: '税抜価格', key: 'price' },
  { header: '税率', key: 'taxPercentage' },
  { header: '税込価格', key: 'priceWithTax' },
  { header: '卸価格', key: 'wholesalePrice' },
  { header: 'オプション1', key: 'option1' },
  { header: 'オプション2', key: 'option2' },
  { header: '配送タイプ', key: 'shippingType' },
  { header: '出荷可', key: 'availableShipment' },
  { header: '出荷目安', key: 'estimateShipDate' },
  { header: '配送区分', key: 'deliveryCategory' },
  { header: '表示', key: 'isDisplay' },
  { header: '掲載対応', key: 'postingSupportStatus' },
  { header: '状態', key: 'state' },
] as const satisfies readonly CsvColumn[];

export type ProductCsvKey = (typeof PRODUCT_CSV_COLUMNS)[number]['key'];

const HEADER_OF = Object.fromEntries(PRODUCT_CSV_COLUMNS.map((c) => [c.key, c.header])) as Record<ProductCsvKey, string>;
const flag = (value: boolean) => (value ? '1' : '0');

/** One product as a CSV row: codes for the shop and the maker, flags as 1/0, money as numbers. */
export function productCsvRow(p: ProductWrite & Pick<ProductRow, 'shopCode' | 'makerCode'>): Record<ProductCsvKey, string | number | null> {
  return {
    productCode: p.productCode,
    ownProductCode: p.ownProductCode,
    ecProductCode: p.ecProductCode,
    makerProductCode: p.makerProductCode,
    shopCode: p.shopCode,
    shopProductId: p.shopProductId,
    makerCode: p.makerCode,
    productName: p.productName,
    categoryName: p.categoryName,
    price: p.price,
    taxPercentage: p.taxPercentage,
    priceWithTax: p.priceWithTax,
    wholesalePrice: p.wholesalePrice,
    option1: p.option1,
    option2: p.option2,
    shippingType: p.shippingType,
    availableShipment: flag(p.availableShipment),
    estimateShipDate: p.estimateShipDate,
    deliveryCategory: p.deliveryCategory,
    isDisplay: flag(p.isDisplay),
    postingSupportStatus: p.postingSupportStatus,
    state: p.state,
  };
}

/** The export: rows pulled from the database as the response takes the bytes. */
export function exportProductsCsv(rows: AsyncIterable<ProductRow>, encoding: 'utf-8' | 'shift_jis'): Readable {
  async function* csvRows() {
    for await (const row of rows) yield productCsvRow(row);
  }
  return toCsv(csvRows(), { columns: PRODUCT_CSV_COLUMNS, encoding });
}

/** Where a field of ProductBody comes from in the CSV. */
const COLUMN_OF_FIELD: Record<string, ProductCsvKey> = {
  product_code: 'productCode',
  own_product_code: 'ownProductCode',
  ec_product_code: 'ecProductCode',
  maker_product_code: 'makerProductCode',
  shop_id: 'shopCode',
  shop_product_id: 'shopProductId',
  maker_id: 'makerCode',
  product_name: 'productName',
  category_name: 'categoryName',
  price: 'price',
  tax_percentage: 'taxPercentage',
  wholesale_price: 'wholesalePrice',
  option1: 'option1',
  option2: 'option2',
  shipping_type: 'shippingType',
  available_shipment: 'availableShipment',
  estimate_ship_date: 'estimateShipDate',
  delivery_category: 'deliveryCategory',
  is_display: 'isDisplay',
  posting_support_status: 'postingSupportStatus',
  state: 'state',
};

/** ProductBody's properties and the cells they are read from (the shop and maker are looked up by code instead). */
const BODY_CELLS = Object.entries(COLUMN_OF_FIELD)
  .filter(([, key]) => key !== 'shopCode' && key !== 'makerCode')
  .map(([field, key]) => [field.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase()), key] as const);

const NUMBER_KEYS = new Set<ProductCsvKey>(['price', 'taxPercentage', 'wholesalePrice']);
const FLAG_KEYS = new Set<ProductCsvKey>(['availableShipment', 'isDisplay']);
/** Columns whose field has no null: a blank cell leaves them out (the default), as a form would. */
const NEVER_NULL_KEYS = new Set<ProductCsvKey>(['availableShipment', 'isDisplay', 'postingSupportStatus', 'state']);

/**
 * A CSV cell as the rules read text: the export's `'` before formulas removed, blank = null, numbers
 * and 1/0 flags trimmed (the rule set turns a plain decimal into a number, as for a query string).
 */
function cellValue(key: ProductCsvKey, raw: string): unknown {
  const value = unneutraliseFormula(raw);
  if (value.trim() === '') return NEVER_NULL_KEYS.has(key) ? undefined : null;
  if (FLAG_KEYS.has(key) || NUMBER_KEYS.has(key)) return value.trim();
  return value;
}

let compiledRowCheck: ReturnType<typeof compileCheck> | undefined;
const checkRow = (plain: Record<string, unknown>) => (compiledRowCheck ??= compileCheck(ProductBody, transformOptionsFor('text')))(plain) as ProductBody | null;

export interface ResolvedRefs {
  shop?: { id: string; type: 'platform_1' | 'platform_2' } | null;
  makerId?: string | null;
}

/**
 * Validates one CSV row with the API's own rules (the ProductBody class and the domain's digits rule),
 * so the file and the form can never disagree. Returns the body and the row's issues, one per column.
 */
export function validateCsvRow(line: number, values: Record<ProductCsvKey, string>, refs: ResolvedRefs): { body: ProductBody; issues: CsvRowIssue[] } {
  const plain: Record<string, unknown> = {};
  for (const [property, key] of BODY_CELLS) plain[property] = cellValue(key, values[key]);
  const resolveIssues: FieldIssue[] = [];
  if (values.shopCode.trim() !== '' && refs.shop === null) resolveIssues.push({ field: 'shop_id', errorCode: 'exists' });
  if (values.makerCode.trim() !== '' && refs.makerId === null) resolveIssues.push({ field: 'maker_id', errorCode: 'exists' });
  plain.shopId = refs.shop ? Number(refs.shop.id) : null;
  plain.makerId = refs.makerId ? Number(refs.makerId) : null;

  // Most rows are valid: the same rules run directly first; a row that fails gets the libraries' answer.
  const checked = resolveIssues.length ? null : checkRow(plain);
  const body = checked ?? plainToInstance(ProductBody, plain, transformOptionsFor('text'));
  const fieldIssues = checked ? [] : fieldIssuesOf(validateSync(body, { whitelist: true, forbidUnknownValues: true, validationError: { target: false, value: true } }));
  const all = [...resolveIssues, ...fieldIssues];
  if (refs.shop && !all.some((i) => i.field === 'shop_product_id')) all.push(...shopProductIdIssues(body.shopProductId || null, refs.shop.type));

  const issues: CsvRowIssue[] = [];
  const seen = new Set<string>();
  for (const issue of all) {
    const column = HEADER_OF[COLUMN_OF_FIELD[issue.field]] ?? issue.field;
    if (seen.has(column)) continue; // one issue per cell: `exists` wins over the `required` it causes
    seen.add(column);
    issues.push({ line, column, errorCode: issue.errorCode, ...(issue.params ? { params: issue.params } : {}) });
  }
  return { body, issues };
}

/** Row issues as the wire's field errors: `rows.{line}.{header}`, or `rows.{line}` for a whole row. */
export function rowIssueToField(issue: Pick<CsvRowIssue, 'line' | 'column' | 'errorCode' | 'params'>): FieldIssue {
  return {
    field: issue.column === '*' ? `rows.${issue.line}` : `rows.${issue.line}.${issue.column}`,
    errorCode: issue.errorCode,
    ...(issue.params ? { params: issue.params } : {}),
  };
}

/** Header issues as the wire's field errors: `header.{name}`, or `header` for the row as a whole. */
export function headerIssueToField(issue: CsvHeaderIssue): FieldIssue {
  return { field: issue.column === '*' ? 'header' : `header.${issue.column}`, errorCode: issue.errorCode, ...(issue.params ? { params: issue.params } : {}) };
}

export const headerOf = (key: ProductCsvKey) => HEADER_OF[key];
