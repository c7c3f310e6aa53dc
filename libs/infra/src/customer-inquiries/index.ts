export * from './customer-inquiry.repository';
