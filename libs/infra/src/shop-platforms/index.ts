export * from './makeshop.adapter';
