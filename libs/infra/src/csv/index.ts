export * from './csv-column';
export * from './csv-reader';
export * from './csv-writer';
export * from './csv-copy';
export * from './time-slice';
