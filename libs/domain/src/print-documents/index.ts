export * from './document-taxes';
export * from './registration-number';
export * from './print-document';
