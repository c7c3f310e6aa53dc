export * from './print-document-content';
export * from './print-document.repository';
