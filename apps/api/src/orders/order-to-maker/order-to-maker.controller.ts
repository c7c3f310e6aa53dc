import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { BatchBodyNoFields, OrderBody, targetOf, targetsOf } from '../order-selection.dto';
import { OrderToMaker, OrderToMakerOfMany } from './order-to-maker.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/order_process and /orders/batch/order_process (the batch route first: `batch` is not an id). */
@Controller('orders')
export class OrderToMakerController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/order_process')
  @Allow('orders.process')
  async batchOrderProcess(@CurrentUser() actor: SignedInUser, @Body() body: BatchBodyNoFields) {
    return one(await this.commands.execute(new OrderToMakerOfMany(targetsOf(body), actor)));
  }

  @Put(':orderId/order_process')
  @Allow('orders.process')
  async orderProcess(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OrderBody) {
    return one(await this.commands.execute(new OrderToMaker(targetOf(orderId, body), actor)));
  }
}
