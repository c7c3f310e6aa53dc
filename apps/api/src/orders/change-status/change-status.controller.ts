import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { targetOf, targetsOf } from '../order-selection.dto';
import { ChangeStatusBody, ChangeStatusBatchBody } from './change-status.dto';
import { ChangeStatus, ChangeStatusOfMany } from './change-status.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/change_status and /orders/batch/change_status (the batch route first: `batch` is not an id). */
@Controller('orders')
export class ChangeStatusController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/change_status')
  @Allow('orders.process')
  async batchChangeStatus(@CurrentUser() actor: SignedInUser, @Body() body: ChangeStatusBatchBody) {
    return one(await this.commands.execute(new ChangeStatusOfMany(targetsOf(body), body, actor)));
  }

  @Put(':orderId/change_status')
  @Allow('orders.process')
  async changeStatus(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: ChangeStatusBody) {
    return one(await this.commands.execute(new ChangeStatus(targetOf(orderId, body), body, actor)));
  }
}
