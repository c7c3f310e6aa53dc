export * from './printable';
export * from './contact';
export * from './dates';
