export * from './order.repository';
export * from './order-list.query';
export * from './order-reader';
export * from './order-editor';
export * from './order-export.query';
export * from './maker-scope';
