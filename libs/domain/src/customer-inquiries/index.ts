export * from './customer-inquiry';
export * from './inquiry-mails';
