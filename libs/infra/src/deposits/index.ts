export * from './payer-key-sql';
