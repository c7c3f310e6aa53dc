import type { CatalogueEntry } from '../catalogue-entry';

/**
 * Deposits (issue 13), family NAL-DEP. 001..039 are the problems of an uploaded deposit file
 * (docs/deposit-files.md): field codes of a 422, each with its line (the 全銀 record or CSV row) and,
 * for 全銀, the byte positions of the field. Generic rule keys (`required`, `digits`, `min`…) are used
 * where they say it as well. 040 on are the deposits' business rules.
 */
export const DEPOSIT_ERRORS = {
  'NAL-DEP-001': { status: 422, message: 'The file is neither a 全銀 deposit file (振込入金通知, 入出金取引明細) nor a deposit CSV with a header row.' },
  'NAL-DEP-002': { status: 422, message: 'The file is empty.' },
  'NAL-DEP-003': { status: 422, message: 'The file has more problems than are listed (params: max, the number listed).' },
  'NAL-DEP-004': { status: 422, message: 'A 全銀 record must be 200 bytes long (params: length, expected).' },
  'NAL-DEP-005': { status: 422, message: 'Unknown record type (データ区分): expected 1 header, 2 data, 8 trailer or 9 end (params: value).' },
  'NAL-DEP-006': { status: 422, message: 'The record comes before any header record.' },
  'NAL-DEP-007': { status: 422, message: 'The trailer record of the account is missing.' },
  'NAL-DEP-008': { status: 422, message: 'The end record is missing.' },
  'NAL-DEP-009': { status: 422, message: 'Records follow the end record.' },
  'NAL-DEP-010': { status: 422, message: 'This 全銀 file is of another kind (種別コード), not a deposit notice (01 振込入金通知) or a statement (03 入出金取引明細) (params: kind).' },
  'NAL-DEP-011': { status: 422, message: 'The header is of another kind (種別コード) than the file\'s first header (params: kind, expected).' },
  'NAL-DEP-012': { status: 422, message: 'The file is in EBCDIC (コード区分 1); only JIS/Shift_JIS files are read.' },
  'NAL-DEP-013': { status: 422, message: 'The statement is of a time deposit (預金種目 5, 6, 7); only ordinary, current and savings accounts are read (params: value).' },
  'NAL-DEP-014': { status: 422, message: 'The trailer\'s count differs from the data records (params: trailer, records).' },
  'NAL-DEP-015': { status: 422, message: 'The trailer\'s total differs from the sum of the data records (params: trailer, records).' },
  'NAL-DEP-016': { status: 422, message: 'The header row names neither a payer name column (振込依頼人名) nor an order number column (受注番号).' },
  'NAL-DEP-017': { status: 422, message: 'The order number is not of the form YYYYMMDD-NNNNNNN.' },
  'NAL-DEP-018': { status: 422, message: 'The row has both a deposit and a withdrawal amount.' },
  'NAL-DEP-019': { status: 422, message: 'The date is not a day of the Japanese era (YYMMDD).' },
  'NAL-DEP-020': { status: 422, message: 'The date is not one read here (2026-11-24, 2026/11/24, 20261124, 2026年11月24日, R8.11.24).' },
  'NAL-DEP-021': { status: 422, message: 'The deposit or withdrawal code (入払区分) must be 1 or 入金 (deposit), or 2 or 出金 (withdrawal).' },
  'NAL-DEP-022': { status: 422, message: 'The file holds no data record (nothing after its header).' },
  'NAL-DEP-040': { status: 400, message: 'The deposit was changed by someone else; reload it.' },
  'NAL-DEP-041': { status: 400, message: 'The order has moved on from paid (ordered from its maker): its payment cannot be taken back here (params: order_no).' },
  'NAL-DEP-043': { status: 400, message: 'This deposit record cannot take this action in its state (only records left for review take a payment by hand; only matched ones are taken back).' },
  'NAL-DEP-044': { status: 400, message: 'The amount is more than what is left of the deposit record (params: left).' },
  'NAL-DEP-045': { status: 400, message: 'The upload is still being matched, or was taken back already.' },
  'NAL-DEP-047': { status: 400, message: "A bank's cancellation or correction takes money back: it pays no order." },
  'NAL-DEP-046': { status: 400, message: "The order's payment comes from another bank record: take that record back first (params: record_id)." },
} as const satisfies Record<string, CatalogueEntry>;
