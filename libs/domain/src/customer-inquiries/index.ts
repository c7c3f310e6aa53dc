export * from './customer-inquiry';
