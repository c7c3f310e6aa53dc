export * from './idempotency-key';
