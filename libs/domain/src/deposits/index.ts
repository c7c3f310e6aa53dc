export * from './bank-record';
export * from './deposit';
