import { Body, Controller, Param, Post, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { IdParam } from '../../common/http/id.param';
import { CreateOrderBody, EditOrderBody } from './order-edit.dto';
import { CreateOrder, EditOrder } from './order-editing';

/** POST /orders and PUT /orders/{id}: the order form (docs/orders-api.md "Create and edit"). */
@Controller('orders')
export class OrderEditingController {
  constructor(private readonly commands: CommandBus) {}

  @Post()
  @Allow('orders.process')
  async create(@CurrentUser() user: SignedInUser, @Body() body: CreateOrderBody) {
    return one(await this.commands.execute(new CreateOrder(body, user)));
  }

  @Put(':id')
  @Allow('orders.process')
  async edit(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: EditOrderBody) {
    return one(await this.commands.execute(new EditOrder(String(id), body, user)));
  }
}
