/**
 * The 200-byte records of the two 全銀協 formats a bank sends deposits in (docs/deposit-files.md has
 * the same tables and their sources): 振込入金通知 (種別コード 01) and 入出金取引明細 (種別コード 03,
 * the layout of ordinary, current and savings accounts). The reader cuts fields by these positions
 * and the writer fills them, so the two cannot disagree.
 */

/**
 * How a field is checked: `digits` must be digits (N fields the reader uses), `optional` digits or
 * blank (N fields banks leave as spaces when unused), `text` anything (C fields, decoded as CP932),
 * `dummy` nothing (filler that banks fill as they like).
 */
export type ZenginFieldKind = 'digits' | 'optional' | 'text' | 'dummy';

export interface ZenginField {
  /** Its name in issues (`field`), snake_case. */
  readonly name: string;
  /** 1-based byte positions within the record, both included. */
  readonly from: number;
  readonly to: number;
  readonly kind: ZenginFieldKind;
}

export const ZENGIN_RECORD_BYTES = 200;

export type ZenginLayout<F extends string = string> = { readonly [K in F]: ZenginField };

/** Lays fields end to end from byte 1; a layout that does not fill exactly 200 bytes is a bug. */
function layout<const F extends string>(fields: readonly (readonly [F, number, ZenginFieldKind])[]): ZenginLayout<F> {
  let from = 1;
  const laid = {} as Record<F, ZenginField>;
  for (const [name, bytes, kind] of fields) {
    laid[name] = { name, from, to: from + bytes - 1, kind };
    from += bytes;
  }
  if (from - 1 !== ZENGIN_RECORD_BYTES) throw new Error(`A 全銀 layout of ${from - 1} bytes`);
  return laid;
}

/** データ区分 of each record, the first byte of every layout. */
export const ZENGIN_RECORD_TYPES = { header: '1', data: '2', trailer: '8', end: '9' } as const;

/** 種別コード of the two formats. */
export const ZENGIN_KINDS = { transfer: '01', statement: '03' } as const;

export const TRANSFER_HEADER = layout([
  ['data_type', 1, 'digits'],
  ['kind', 2, 'digits'],
  ['code_type', 1, 'digits'],
  ['created_on', 6, 'optional'],
  ['date_from', 6, 'optional'],
  ['date_to', 6, 'optional'],
  ['bank_code', 4, 'digits'],
  ['bank_name', 15, 'text'],
  ['branch_code', 3, 'digits'],
  ['branch_name', 15, 'text'],
  ['account_type', 1, 'digits'],
  ['account_no', 7, 'digits'],
  ['account_name', 40, 'text'],
  ['dummy', 93, 'dummy'],
]);

/** フォーマットA: the amount in 10 digits. */
export const TRANSFER_DATA = layout([
  ['data_type', 1, 'digits'],
  ['inquiry_no', 6, 'optional'],
  ['account_date', 6, 'digits'],
  ['value_date', 6, 'optional'],
  ['amount', 10, 'digits'],
  ['other_bank_amount', 10, 'optional'],
  ['payer_code', 10, 'optional'],
  ['payer_name', 48, 'text'],
  ['bank_name', 15, 'text'],
  ['branch_name', 15, 'text'],
  ['cancel_type', 1, 'optional'],
  ['edi_info', 20, 'text'],
  ['dummy', 52, 'dummy'],
]);

/**
 * フォーマットB: the same up to 取消区分, then a 12-digit 金額(2) used when the amount has more than
 * 10 digits (金額(1) is then zeros), and EDI情報 after it.
 */
export const TRANSFER_DATA_B = layout([
  ['data_type', 1, 'digits'],
  ['inquiry_no', 6, 'optional'],
  ['account_date', 6, 'digits'],
  ['value_date', 6, 'optional'],
  ['amount', 10, 'digits'],
  ['other_bank_amount', 10, 'optional'],
  ['payer_code', 10, 'optional'],
  ['payer_name', 48, 'text'],
  ['bank_name', 15, 'text'],
  ['branch_name', 15, 'text'],
  ['cancel_type', 1, 'optional'],
  ['amount_2', 12, 'digits'],
  ['other_bank_amount_2', 12, 'optional'],
  ['edi_info', 20, 'text'],
  ['dummy', 28, 'dummy'],
]);

export const TRANSFER_TRAILER = layout([
  ['data_type', 1, 'digits'],
  ['total_count', 6, 'digits'],
  ['total_amount', 12, 'digits'],
  ['cancel_count', 6, 'optional'],
  ['cancel_amount', 12, 'optional'],
  ['dummy', 163, 'dummy'],
]);

export const TRANSFER_END = layout([
  ['data_type', 1, 'digits'],
  ['dummy', 199, 'dummy'],
]);

export const STATEMENT_HEADER = layout([
  ['data_type', 1, 'digits'],
  ['kind', 2, 'digits'],
  ['code_type', 1, 'digits'],
  ['created_on', 6, 'optional'],
  ['date_from', 6, 'optional'],
  ['date_to', 6, 'optional'],
  ['bank_code', 4, 'digits'],
  ['bank_name', 15, 'text'],
  ['branch_code', 3, 'digits'],
  ['branch_name', 15, 'text'],
  ['reserved', 3, 'optional'],
  ['account_type', 1, 'digits'],
  ['account_no', 10, 'digits'],
  ['account_name', 40, 'text'],
  ['overdraft_type', 1, 'optional'],
  ['passbook_type', 1, 'optional'],
  ['balance_before', 14, 'optional'],
  ['dummy', 71, 'dummy'],
]);

export const STATEMENT_DATA = layout([
  ['data_type', 1, 'digits'],
  ['inquiry_no', 8, 'optional'],
  ['account_date', 6, 'digits'],
  ['value_date', 6, 'optional'],
  ['in_out_type', 1, 'digits'],
  ['transaction_type', 2, 'optional'],
  ['amount', 12, 'digits'],
  ['other_bank_amount', 12, 'optional'],
  ['exchange_date', 6, 'optional'],
  ['dishonored_date', 6, 'optional'],
  ['bill_type', 1, 'optional'],
  ['bill_no', 7, 'optional'],
  ['branch_office_no', 3, 'optional'],
  ['payer_code', 10, 'optional'],
  ['payer_name', 48, 'text'],
  ['bank_name', 15, 'text'],
  ['branch_name', 15, 'text'],
  ['description', 20, 'text'],
  ['edi_info', 20, 'text'],
  ['dummy', 1, 'dummy'],
]);

export const STATEMENT_TRAILER = layout([
  ['data_type', 1, 'digits'],
  ['deposit_count', 6, 'digits'],
  ['deposit_amount', 13, 'digits'],
  ['withdrawal_count', 6, 'digits'],
  ['withdrawal_amount', 13, 'digits'],
  ['overdraft_type', 1, 'optional'],
  ['balance_after', 14, 'optional'],
  ['data_count', 7, 'digits'],
  ['dummy', 139, 'dummy'],
]);

export const STATEMENT_END = layout([
  ['data_type', 1, 'digits'],
  ['record_count', 10, 'optional'],
  ['account_count', 5, 'optional'],
  ['dummy', 184, 'dummy'],
]);

/** 入払区分 of 入出金取引明細. */
export const IN_OUT = { deposit: '1', withdrawal: '2' } as const;
/** 取引区分 19: a correction of an earlier entry, not a new deposit or withdrawal. */
export const CORRECTION = '19';
/** 預金種目 of time deposits (通知, 定期, 積立定期), whose statements have another data layout. */
export const TIME_DEPOSIT_TYPES: readonly string[] = ['5', '6', '7'];
