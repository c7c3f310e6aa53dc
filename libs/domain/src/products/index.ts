export * from './product';
export * from './product-import';
