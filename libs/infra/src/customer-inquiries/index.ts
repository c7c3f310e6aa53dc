export * from './customer-inquiry.repository';
export * from './customer-inquiry-mails';
