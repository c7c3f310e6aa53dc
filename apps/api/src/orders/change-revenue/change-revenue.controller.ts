import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { targetOf, targetsOf } from '../order-selection.dto';
import { ChangeRevenueBody, ChangeRevenueBatchBody } from './change-revenue.dto';
import { ChangeRevenue, ChangeRevenueOfMany } from './change-revenue.handler';
import { OrderIdParam } from '../../common/http/id.param';

/** PUT /orders/:orderId/change_revenue and /orders/batch/change_revenue (the batch route first: `batch` is not an id). */
@Controller('orders')
export class ChangeRevenueController {
  constructor(private readonly commands: CommandBus) {}

  @Put('batch/change_revenue')
  @Allow('orders.payment')
  async batchChangeRevenue(@CurrentUser() actor: SignedInUser, @Body() body: ChangeRevenueBatchBody) {
    return one(await this.commands.execute(new ChangeRevenueOfMany(targetsOf(body), body, actor)));
  }

  @Put(':orderId/change_revenue')
  @Allow('orders.payment')
  async changeRevenue(@CurrentUser() actor: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: ChangeRevenueBody) {
    return one(await this.commands.execute(new ChangeRevenue(targetOf(orderId, body), body, actor)));
  }
}
