import { ColumnChange, FieldIssue, LISTED_ERRORS_MAX } from '@oms/domain';
import type { ImportIssue, ProductImportRecord } from '@oms/infra';
import { rowIssueToField } from './product-csv';

/** The lists of a preview, each the first LISTED_ERRORS_MAX in row order. */
export interface PreviewLists {
  changed: { line: number; productCode: string; changes: ColumnChange[] }[];
  clears: { line: number; productCode: string; column: string; from: string }[];
  errors: (ImportIssue & { line: number })[];
}

/** A file's own issues as wire fields: `header.{name}`, `header` for the header row as a whole, `file`. */
function fileIssueField(issue: ImportIssue): FieldIssue {
  const field = issue.column === 'file' ? 'file' : issue.column === '*' ? 'header' : `header.${issue.column}`;
  return { field, errorCode: issue.errorCode, ...(issue.params ? { params: issue.params } : {}) };
}

/**
 * GET /products/imports/{id} (docs/product-csv.md): the status and progress, and once the file is read,
 * what applying it would do. Every list is bounded (the first LISTED_ERRORS_MAX); `counts` has the totals.
 * Errors use the 422 envelope's fields: `rows.{line}.{header}`, `rows.{line}`, `header.{name}`, `file`.
 */
export function productImportView(record: ProductImportRecord, lists: PreviewLists | null) {
  const read = lists !== null;
  const fileErrors = record.fileErrors.map(fileIssueField);
  return {
    id: Number(record.id),
    status: record.status,
    fileName: record.fileName,
    fileSize: record.fileSize,
    encoding: record.encoding,
    progress: { rowsDone: record.rowsDone, rowsTotal: record.rowsTotal },
    counts: read
      ? {
          new: record.newCount,
          changed: record.changedCount,
          unchanged: record.unchangedCount,
          clears: record.clearCount,
          errors: record.errorCount + record.fileErrors.length,
          rejectedRows: record.rejectedCount,
        }
      : null,
    preview: read
      ? {
          changed: lists.changed,
          clears: lists.clears,
          errors: [...fileErrors, ...lists.errors.map((e) => rowIssueToField(e))].slice(0, LISTED_ERRORS_MAX),
        }
      : null,
    // Applying writes the counts in the same transaction as the status: an applied import has them (0 stands for none, never for unknown).
    result: record.status === 'applied' ? { created: record.createdCount ?? 0, updated: record.updatedCount ?? 0, unchanged: record.unchangedCount } : null,
    failure: record.failureCode ? { errorCode: record.failureCode } : null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    appliedAt: record.appliedAt,
  };
}

export type ProductImportView = ReturnType<typeof productImportView>;
