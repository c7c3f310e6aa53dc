export * from './conversation';
