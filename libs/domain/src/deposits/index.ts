export * from './bank-record';
export * from './deposit';
export * from './payer-name';
export * from './wareki';
export * from './deposit-file';
export * from './bank-kana';
export * from './records-to-keep';
