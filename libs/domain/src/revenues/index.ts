export * from './revenue';
