export * from './customer';
