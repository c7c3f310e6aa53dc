import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { OptionalFeesBatchBody, OptionalFeesBody, targetOf, targetsOf } from '../order-selection.dto';
import { ReturnLines, ReturnLinesOfMany } from './return-lines.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/return_process and /orders/batch/return_process (the batch route first: `batch` is not an id). */
@Controller('orders')
export class ReturnLinesController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/return_process')
  @Allow('orders.process')
  async batchReturn(@CurrentUser() actor: SignedInUser, @Body() body: OptionalFeesBatchBody) {
    return one(await this.commands.execute(new ReturnLinesOfMany(targetsOf(body), body, actor)));
  }

  @Put(':orderId/return_process')
  @Allow('orders.process')
  async returnLines(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OptionalFeesBody) {
    return one(await this.commands.execute(new ReturnLines(targetOf(orderId, body), body, actor)));
  }
}
