import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { OptionalFeesBatchBody, OptionalFeesBody, targetOf, targetsOf } from '../order-selection.dto';
import { Refund, RefundOfMany } from './refund.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/refund_process and /orders/batch/refund_process (the batch route first: `batch` is not an id). */
@Controller('orders')
export class RefundController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/refund_process')
  @Allow('orders.payment')
  async batchRefund(@CurrentUser() actor: SignedInUser, @Body() body: OptionalFeesBatchBody) {
    return one(await this.commands.execute(new RefundOfMany(targetsOf(body), body, actor)));
  }

  @Put(':orderId/refund_process')
  @Allow('orders.payment')
  async refund(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OptionalFeesBody) {
    return one(await this.commands.execute(new Refund(targetOf(orderId, body), body, actor)));
  }
}
