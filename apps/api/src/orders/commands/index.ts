import { OrderRepository } from '@oms/infra';
import { ApplyOrderActionHandler, ApplyOrderActionToManyHandler } from './apply-order-action';
import { OrderCommandsController } from './order-commands.controller';

/** The line commands of DESIGN.md §5 and their batch routes. */
export const ORDER_COMMAND_CONTROLLERS = [OrderCommandsController];
export const ORDER_COMMAND_PROVIDERS = [{ provide: OrderRepository, useValue: new OrderRepository() }, ApplyOrderActionHandler, ApplyOrderActionToManyHandler];
