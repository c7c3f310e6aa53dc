export * from './mail-template';
export * from './shipment-notice';
export * from './tracking-link';
