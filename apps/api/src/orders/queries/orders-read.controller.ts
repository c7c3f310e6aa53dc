import { Body, Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../../auth/access.decorators';
import { one } from '../../common/http/envelope';
import { IdParam, OrderIdParam } from '../../common/http/id.param';
import { ExportOrders } from './order-export';
import { DeleteOrderError, GetOrder, ListOrders, OrderStatusHistory } from './order-queries';
import { DeleteOrderErrorQuery, ExportOrdersBody, OrderListQuery } from './order-read.dto';
import { ErrorAnswers } from '../../contract/file-answer';

@Controller('orders')
export class OrdersReadController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('orders.read')
  list(@CurrentUser() user: SignedInUser, @Query() query: OrderListQuery) {
    return this.queries.execute(new ListOrders(user, query));
  }

  @Post('export')
  @HttpCode(200)
  @Allow('orders.read')
  async export(@CurrentUser() user: SignedInUser, @Body() body: ExportOrdersBody) {
    return one(await this.commands.execute(new ExportOrders(user, body)));
  }

  @Get(':orderId/history_status')
  @Allow('orders.read')
  async history(@CurrentUser() user: SignedInUser, @Param() { orderId }: OrderIdParam) {
    return one(await this.queries.execute(new OrderStatusHistory(user, String(orderId))));
  }

  @Get(':id')
  @Allow('orders.read')
  async get(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetOrder(user, String(id))));
  }
}

@Controller('errors')
export class OrderErrorsController {
  constructor(private readonly commands: CommandBus) {}

  @ErrorAnswers(404)
  @Delete()
  @HttpCode(204)
  @Allow('orders.process')
  async delete(@Query() query: DeleteOrderErrorQuery) {
    await this.commands.execute(new DeleteOrderError(String(query.orderId), String(query.id)));
  }
}
