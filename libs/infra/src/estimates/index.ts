export * from './estimate.repository';
