export * from './deposit.repository';
export * from './deposit-ledger';
export * from './deposit-matching';
export * from './deposit-csv';
export * from './payer-key-sql';
