export * from './maker';
