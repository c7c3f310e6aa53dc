export * from './imported-file';
