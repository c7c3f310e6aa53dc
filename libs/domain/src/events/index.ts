export * from './domain-event';
