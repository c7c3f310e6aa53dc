export * from './japan-date';
export * from './business-days';
