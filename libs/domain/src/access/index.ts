export * from './role';
export * from './access-policy';
