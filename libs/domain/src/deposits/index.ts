export * from './bank-record';
export * from './wareki';
export * from './deposit-file';
