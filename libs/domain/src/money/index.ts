export * from './money-limits';
