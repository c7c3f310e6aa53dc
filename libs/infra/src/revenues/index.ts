export * from './revenue-filter';
export * from './revenue.repository';
export * from './revenue-csv';
