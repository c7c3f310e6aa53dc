export * from './order-todos';
