export * from './platform-adapter';
export * from './order-import';
