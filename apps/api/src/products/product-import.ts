import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { FieldValidationError } from '@oms/domain';
import { checkCsvUpload, CsvRowIssue, parseCsv, ProductRepository, ProductWrite, PRODUCTS_MAKER_PRODUCT_CODE_UNIQUE } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { constrainedWrite } from '../common/unique';
import { toWrite } from './product-commands';
import { headerOf, PRODUCT_CSV_COLUMNS, rowIssueToField, validateCsvRow } from './product-csv';

/** The part of an uploaded file the import reads (multer's memory storage). */
export interface UploadedCsv {
  originalname: string;
  size: number;
  buffer: Buffer;
}

export interface ImportResult {
  created: number;
  updated: number;
  total: number;
}

export class ImportProducts extends Command<ImportResult> {
  constructor(readonly user: SignedInUser, readonly file: UploadedCsv | undefined) {
    super();
  }
}

/**
 * POST /products/import: every row is checked first, with the API's own rules; any issue and nothing
 * is written, every issue comes back (422, `rows.{line}.{header}`). A valid file is upserted by
 * product code in one transaction (see ProductRepository.upsertMany).
 */
@CommandHandler(ImportProducts)
export class ImportProductsHandler implements ICommandHandler<ImportProducts> {
  constructor(private readonly dataSource: DataSource, private readonly products: ProductRepository) {}

  async execute({ user, file }: ImportProducts): Promise<ImportResult> {
    if (!file) throw new FieldValidationError([{ field: 'file', errorCode: 'required' }]);
    const refusal = checkCsvUpload({ originalName: file.originalname, size: file.size });
    if (refusal) throw new FieldValidationError([{ field: 'file', errorCode: refusal, ...(refusal === 'file_size_too_large' ? { params: { max: 10240 } } : {}) }]);

    const parsed = parseCsv(file.buffer, { columns: PRODUCT_CSV_COLUMNS });
    if (parsed.headerIssues.length) {
      throw new FieldValidationError(parsed.headerIssues.map((h) => ({ field: `header.${h.column}`, errorCode: h.errorCode })));
    }

    const shops = await this.products.shopsByCode(unique(parsed.rows.map((r) => r.values.shopCode.trim())));
    const makers = await this.products.makersByCode(unique(parsed.rows.map((r) => r.values.makerCode.trim())));
    const issues: CsvRowIssue[] = [...parsed.rowIssues];
    const valid: { line: number; write: ProductWrite }[] = [];
    for (const row of parsed.rows) {
      const shopCode = row.values.shopCode.trim().toLowerCase();
      const makerCode = row.values.makerCode.trim().toLowerCase();
      const { body, issues: rowIssues } = validateCsvRow(row.line, row.values, {
        shop: shopCode ? (shops.get(shopCode) ?? null) : undefined,
        makerId: makerCode ? (makers.get(makerCode) ?? null) : undefined,
      });
      if (rowIssues.length) issues.push(...rowIssues);
      else valid.push({ line: row.line, write: toWrite(body) });
    }
    issues.push(...(await this.uniquenessIssues(valid)));

    if (issues.length) {
      issues.sort((a, b) => a.line - b.line);
      throw new FieldValidationError(issues.map(rowIssueToField));
    }
    const writes = valid.map((v) => v.write);
    const { created, updated } = await constrainedWrite({ unique: { [PRODUCTS_MAKER_PRODUCT_CODE_UNIQUE]: 'file' } }, () =>
      this.dataSource.transaction((m) => this.products.upsertMany(m, writes, user.id)),
    );
    return { created, updated, total: writes.length };
  }

  /**
   * Product codes appear once in a file; a maker product code belongs to one product, counting both
   * the file and the products it does not touch. The database checks again when writing.
   */
  private async uniquenessIssues(rows: { line: number; write: ProductWrite }[]): Promise<CsvRowIssue[]> {
    const issues: CsvRowIssue[] = [];
    const productCodes = new Set<string>();
    const makerCodes = new Map<string, string>(); // maker product code → product code, in the file
    for (const { line, write } of rows) {
      if (productCodes.has(write.productCode)) issues.push({ line, column: headerOf('productCode'), errorCode: 'unique' });
      productCodes.add(write.productCode);
      const mpc = write.makerProductCode;
      if (mpc !== null) {
        if (makerCodes.has(mpc) && makerCodes.get(mpc) !== write.productCode) issues.push({ line, column: headerOf('makerProductCode'), errorCode: 'unique' });
        else makerCodes.set(mpc, write.productCode);
      }
    }
    const fileMakerCodeOf = new Map(rows.map((r) => [r.write.productCode, r.write.makerProductCode]));
    const holders = await this.products.makerProductCodeHolders([...makerCodes.keys()]);
    for (const { line, write } of rows) {
      const holder = write.makerProductCode === null ? undefined : holders.get(write.makerProductCode);
      // Taken by another product that keeps it (it is not in the file, or the file gives it the same code).
      if (holder !== undefined && holder !== write.productCode && (!fileMakerCodeOf.has(holder) || fileMakerCodeOf.get(holder) === write.makerProductCode)) {
        if (!issues.some((i) => i.line === line && i.column === headerOf('makerProductCode'))) {
          issues.push({ line, column: headerOf('makerProductCode'), errorCode: 'unique' });
        }
      }
    }
    return issues;
  }
}

function unique(values: string[]): string[] {
  return [...new Set(values.filter((v) => v !== ''))];
}
