export * from './japan-date';
