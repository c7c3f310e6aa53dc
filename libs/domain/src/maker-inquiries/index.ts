export * from './maker-inquiry';
