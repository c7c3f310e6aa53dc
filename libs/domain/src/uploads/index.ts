export * from './imported-file';
export * from './media';
