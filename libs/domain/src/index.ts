export * from './errors';
export * from './access';
export * from './events';
export * from './account';
export * from './maker';
export * from './settings';
export * from './products';
export * from './customers';
