export * from './colorme.adapter';
