import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { BatchBodyNoFields, OrderBody, targetOf, targetsOf } from '../order-selection.dto';
import { DataPatch, DataPatchOfMany } from './data-patch.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/data_patch and /orders/batch/data_patch (the batch route first: `batch` is not an id). */
@Controller('orders')
export class DataPatchController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/data_patch')
  @Allow('orders.process')
  async batchDataPatch(@CurrentUser() actor: SignedInUser, @Body() body: BatchBodyNoFields) {
    return one(await this.commands.execute(new DataPatchOfMany(targetsOf(body), actor)));
  }

  @Put(':orderId/data_patch')
  @Allow('orders.process')
  async dataPatch(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: OrderBody) {
    return one(await this.commands.execute(new DataPatch(targetOf(orderId, body), actor)));
  }
}
