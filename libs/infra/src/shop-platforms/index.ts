export * from './platform-queues';
export * from './shop-connection.repository';
export * from './shop-order-importer';
export * from './adapters';
export * from './makeshop.adapter';
export * from './colorme.adapter';
export * from './request-gate';
