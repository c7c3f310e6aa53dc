export * from './error-catalogue';
export * from './field-rule';
export * from './domain-error';
