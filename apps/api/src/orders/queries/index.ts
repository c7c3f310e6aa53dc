import { OrderEditor, OrderReader } from '@oms/infra';
import { DataSource } from 'typeorm';
import { OrderEditingController } from '../editing/order-editing.controller';
import { CreateOrderHandler, EditOrderHandler } from '../editing/order-editing';
import { ExportOrdersHandler } from './order-export';
import { DeleteOrderErrorHandler, GetOrderHandler, ListOrdersHandler, OrderStatusHistoryHandler } from './order-queries';
import { OrderViews } from './order-views';
import { OrderErrorsController, OrdersReadController } from './orders-read.controller';

/** Reads, create/edit, export and errors (GET /payments/search is the settings module's): controllers and providers of the orders module. */
export const ORDER_READ_CONTROLLERS = [OrdersReadController, OrderEditingController, OrderErrorsController];
export const ORDER_READ_PROVIDERS = [
  { provide: OrderReader, inject: [DataSource], useFactory: (ds: DataSource) => new OrderReader(ds) },
  { provide: OrderEditor, useValue: new OrderEditor() },
  // The export writes to file storage; GET /medias/download (customers module) serves it from the same place.
  OrderViews,
  ListOrdersHandler,
  GetOrderHandler,
  OrderStatusHistoryHandler,
  DeleteOrderErrorHandler,
  ExportOrdersHandler,
  CreateOrderHandler,
  EditOrderHandler,
];
