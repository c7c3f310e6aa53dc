export * from './bank-record';
