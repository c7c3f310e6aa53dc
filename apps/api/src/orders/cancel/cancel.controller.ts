import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { targetOf, targetsOf } from '../order-selection.dto';
import { CancelBody, CancelBatchBody } from './cancel.dto';
import { Cancel, CancelOfMany } from './cancel.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/cancel and /orders/batch/cancel (the batch route first: `batch` is not an id). */
@Controller('orders')
export class CancelController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/cancel')
  @Allow('orders.process')
  async batchCancel(@CurrentUser() actor: SignedInUser, @Body() body: CancelBatchBody) {
    return one(await this.commands.execute(new CancelOfMany(targetsOf(body), body, actor)));
  }

  @Put(':orderId/cancel')
  @Allow('orders.process')
  async cancel(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: CancelBody) {
    return one(await this.commands.execute(new Cancel(targetOf(orderId, body), body, actor)));
  }
}
