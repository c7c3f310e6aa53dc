import { OrderViews } from './order-views';

/** Reads, create/edit, export, errors, payments: controllers and providers of the orders module. */
export const ORDER_READ_CONTROLLERS = [];
export const ORDER_READ_PROVIDERS = [OrderViews];
