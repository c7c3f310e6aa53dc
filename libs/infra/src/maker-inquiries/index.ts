export * from './maker-inquiry.repository';
