export * from './bank-record';
export * from './deposit';
export * from './payer-name';
