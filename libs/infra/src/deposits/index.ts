export * from './bank-file-reader';
export type { BankAccount } from './zengin-reader';
export { DEPOSIT_CSV_HEADERS } from './deposit-csv-reader';
export type { DepositCsvColumn } from './deposit-csv-reader';
export * from './zengin-file';
