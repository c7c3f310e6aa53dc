export * from './line-status';
export * from './order-totals';
export * from './payment-rules';
export * from './order';
export * from './order-edit';
export * from './preferred-period';
