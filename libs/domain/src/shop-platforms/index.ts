export * from './platform-adapter';
