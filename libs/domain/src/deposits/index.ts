export * from './bank-record';
export * from './payer-name';
