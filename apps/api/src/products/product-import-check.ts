import { columnChanges, ShopPlatform } from '@oms/domain';
import { CsvRow, CsvRowIssue, ImportIssue, ProductRepository, ProductWrite, RejectedRow, StagedProductRow, TimeSlice } from '@oms/infra';
import { toWrite } from './product-commands';
import { headerOf, PRODUCT_CSV_COLUMNS, ProductCsvKey, productCsvRow, validateCsvRow } from './product-csv';

type Shop = { id: string; type: ShopPlatform; code: string };
type Maker = { id: string; code: string };
interface Valid {
  row: CsvRow<ProductCsvKey>;
  write: ProductWrite;
  shop: Shop;
  maker: Maker;
}
export interface CheckedRows {
  valid: Valid[];
  rejected: RejectedRow[];
}

const MAKER_PRODUCT_CODE = headerOf('makerProductCode');

/**
 * The checks of one product file, a batch of rows at a time (`validate`, then `compare`), with the API's own rules: each row is
 * validated as `POST /products` validates a body (validateCsvRow), its shop and maker are found by code,
 * its product code and maker product code must be unique in the file, and it is compared with the
 * product of its code (new, changed with which columns, unchanged). A maker product code held by a
 * product the file does not take it from can only be judged once the whole file is read:
 * `lateRejections()`, after the last batch. Memory: the file's codes, nothing per row beyond that.
 */
export class ProductFileCheck {
  private readonly shops = new Map<string, Shop | null>(); // lower(code) → shop; null: no such shop
  private readonly makers = new Map<string, Maker | null>();
  private readonly productCodes = new Set<string>();
  private readonly makerCodeOwner = new Map<string, string>(); // maker product code → the product code that has it in the file
  private readonly fileMakerCodeOf = new Map<string, string | null>(); // product code → its maker product code in the file
  private readonly makerCodeIssueLines = new Set<number>();
  private readonly held: { line: number; productCode: string; makerProductCode: string; holder: string; cells: readonly string[] }[] = [];

  constructor(private readonly products: ProductRepository) {}

  /**
   * The first half of a batch, in file order: each row validated and checked against the rows before it.
   * Work on this event loop (in slices); the second half (`compare`) is mostly the database's.
   */
  async validate(rows: readonly CsvRow<ProductCsvKey>[], wholeRowIssues: readonly CsvRowIssue[], slice: TimeSlice): Promise<CheckedRows> {
    await this.resolveCodes(rows);
    const rejected: RejectedRow[] = wholeRowIssues.map((i) => ({ line: i.line, cells: i.cells ?? null, errors: [issueOf(i)] }));
    const valid: Valid[] = [];
    for (const row of rows) {
      const shopKey = row.values.shopCode.trim().toLowerCase();
      const makerKey = row.values.makerCode.trim().toLowerCase();
      const shop = shopKey ? (this.shops.get(shopKey) ?? null) : undefined;
      const maker = makerKey ? (this.makers.get(makerKey) ?? null) : undefined;
      const { body, issues } = validateCsvRow(row.line, row.values, { shop, makerId: maker === undefined ? undefined : (maker?.id ?? null) });
      const errors = issues.map(issueOf);
      if (errors.length === 0) {
        const write = toWrite(body);
        errors.push(...this.inFileIssues(row.line, write));
        if (errors.length === 0) valid.push({ row, write, shop: shop!, maker: maker! });
      }
      if (errors.length) rejected.push({ line: row.line, cells: row.cells, errors });
      await slice.check();
    }
    return { valid, rejected };
  }

  /** The second half of a batch: the rows to stage (valid, with what they change) and the rows rejected. */
  async compare({ valid, rejected }: CheckedRows, slice: TimeSlice): Promise<{ staged: StagedProductRow[]; rejected: RejectedRow[] }> {
    await this.noteHeldMakerCodes(valid);
    return { staged: await this.stageable(valid, slice), rejected };
  }

  /**
   * After the last batch: rows whose maker product code another product keeps — one the file does not
   * name, or one the file leaves with that same code. The database would refuse them when applying.
   */
  lateRejections(): RejectedRow[] {
    return this.held
      .filter((h) => !this.makerCodeIssueLines.has(h.line) && (!this.fileMakerCodeOf.has(h.holder) || this.fileMakerCodeOf.get(h.holder) === h.makerProductCode))
      .map((h) => ({ line: h.line, cells: h.cells, errors: [{ column: MAKER_PRODUCT_CODE, errorCode: 'unique' }] }));
  }

  /** Shops and makers of the codes not seen yet, one query each per batch (a file names a few). */
  private async resolveCodes(rows: readonly CsvRow<ProductCsvKey>[]): Promise<void> {
    const unseen = (key: 'shopCode' | 'makerCode', seen: Map<string, unknown>) => [
      ...new Set(rows.map((r) => r.values[key].trim().toLowerCase()).filter((code) => code !== '' && !seen.has(code))),
    ];
    const shopCodes = unseen('shopCode', this.shops);
    const makerCodes = unseen('makerCode', this.makers);
    const [shops, makers] = await Promise.all([
      shopCodes.length ? this.products.shopsByCode(shopCodes) : new Map<string, Shop>(),
      makerCodes.length ? this.products.makersByCode(makerCodes) : new Map<string, Maker>(),
    ]);
    for (const code of shopCodes) this.shops.set(code, shops.get(code) ?? null);
    for (const code of makerCodes) this.makers.set(code, makers.get(code) ?? null);
  }

  /** A product code appears once in a file; a maker product code belongs to one product of it. */
  private inFileIssues(line: number, write: ProductWrite): ImportIssue[] {
    const issues: ImportIssue[] = [];
    if (this.productCodes.has(write.productCode)) issues.push({ column: headerOf('productCode'), errorCode: 'unique' });
    this.productCodes.add(write.productCode);
    this.fileMakerCodeOf.set(write.productCode, write.makerProductCode);
    const mpc = write.makerProductCode;
    if (mpc !== null) {
      const owner = this.makerCodeOwner.get(mpc);
      if (owner !== undefined && owner !== write.productCode) {
        issues.push({ column: MAKER_PRODUCT_CODE, errorCode: 'unique' });
        this.makerCodeIssueLines.add(line);
      } else {
        this.makerCodeOwner.set(mpc, write.productCode);
      }
    }
    return issues;
  }

  /** Remembers the rows whose maker product code another product holds now (judged at the end). */
  private async noteHeldMakerCodes(valid: readonly Valid[]): Promise<void> {
    const codes = [...new Set(valid.map((v) => v.write.makerProductCode).filter((c): c is string => c !== null))];
    if (codes.length === 0) return;
    const holders = await this.products.makerProductCodeHolders(codes);
    for (const { row, write } of valid) {
      const holder = write.makerProductCode === null ? undefined : holders.get(write.makerProductCode);
      if (holder !== undefined && holder !== write.productCode) {
        this.held.push({ line: row.line, productCode: write.productCode, makerProductCode: write.makerProductCode!, holder, cells: row.cells });
      }
    }
  }

  /** Each valid row against the product of its code, compared as the CSV writes them (the price with tax is derived). */
  private async stageable(valid: readonly Valid[], slice: TimeSlice): Promise<StagedProductRow[]> {
    const existing = valid.length ? await this.products.byProductCodes(valid.map((v) => v.write.productCode)) : new Map();
    const staged: StagedProductRow[] = [];
    for (const { row, write, shop, maker } of valid) {
      const before = existing.get(write.productCode);
      if (!before) {
        staged.push({ line: row.line, kind: 'new', baseVersion: null, changes: null, write });
      } else {
        const changes = columnChanges(productCsvRow(before), productCsvRow({ ...write, shopCode: shop.code, makerCode: maker.code }), PRODUCT_CSV_COLUMNS, ['priceWithTax']);
        staged.push({ line: row.line, kind: changes.length ? 'changed' : 'unchanged', baseVersion: before.version, changes: changes.length ? changes : null, write });
      }
      await slice.check();
    }
    return staged;
  }
}

function issueOf(issue: CsvRowIssue): ImportIssue {
  return { column: issue.column, errorCode: issue.errorCode, ...(issue.params ? { params: issue.params } : {}) };
}
