import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Allow, Download, SignedIn } from '../auth/access.decorators';
import { ErrorAnswers, FileAnswer } from '../contract/file-answer';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import {
  CreateDeliveryCompany,
  CreateDeliveryMethod,
  DeleteDeliveryCompany,
  DeleteDeliveryMethod,
  ListDeliveryCompanies,
  ListDeliveryMethods,
  UpdateDeliveryCompany,
  UpdateDeliveryMethod,
} from './delivery-handlers';
import { DeliveryCompanyBody, DeliveryListQuery, DeliveryMethodBody, UpdateDeliveryCompanyBody, UpdateDeliveryMethodBody } from './delivery.dto';
import { CreateTimeShipment, DeleteTimeShipment, GetOption, ListTimeShipments, SealImageUrl, SearchPayments, UpdateOption, UpdateTimeShipment } from './option-handlers';
import { OptionBody, PaymentSearchQuery, TimeShipmentBody, TimeShipmentListQuery, UpdateTimeShipmentBody } from './option.dto';
import { CreateShop, DeleteShop, GetShop, ListShops, UpdateShop } from './shop-handlers';
import { ShopBody, ShopListQuery, UpdateShopBody } from './shop.dto';

@Controller('shops')
export class ShopsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('settings.read')
  list(@Query() query: ShopListQuery) {
    return this.queries.execute(new ListShops(query));
  }

  @Get(':id')
  @Allow('settings.read')
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetShop(String(id))));
  }

  @Post()
  @Allow('settings.write')
  async create(@Body() body: ShopBody) {
    return one(await this.commands.execute(new CreateShop(body)));
  }

  @Put(':id')
  @Allow('settings.write')
  async update(@Param() { id }: IdParam, @Body() body: UpdateShopBody) {
    return one(await this.commands.execute(new UpdateShop(String(id), body)));
  }

  @Delete(':id')
  @HttpCode(204)
  @Allow('settings.write')
  async remove(@Param() { id }: IdParam): Promise<void> {
    await this.commands.execute(new DeleteShop(String(id)));
  }
}

@Controller('delivery_methods')
export class DeliveryMethodsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('settings.read')
  list(@Query() query: DeliveryListQuery) {
    return this.queries.execute(new ListDeliveryMethods(query));
  }

  @Post()
  @Allow('settings.write')
  async create(@Body() body: DeliveryMethodBody) {
    return one(await this.commands.execute(new CreateDeliveryMethod(body)));
  }

  @Put(':id')
  @Allow('settings.write')
  async update(@Param() { id }: IdParam, @Body() body: UpdateDeliveryMethodBody) {
    return one(await this.commands.execute(new UpdateDeliveryMethod(String(id), body)));
  }

  @Delete(':id')
  @HttpCode(204)
  @Allow('settings.write')
  async remove(@Param() { id }: IdParam): Promise<void> {
    await this.commands.execute(new DeleteDeliveryMethod(String(id)));
  }
}

@Controller('delivery_companies')
export class DeliveryCompaniesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  /** Every signed-in user: makers pick their delivery company when they ship. */
  @Get()
  @SignedIn()
  list(@Query() query: DeliveryListQuery) {
    return this.queries.execute(new ListDeliveryCompanies(query));
  }

  @Post()
  @Allow('settings.write')
  async create(@Body() body: DeliveryCompanyBody) {
    return one(await this.commands.execute(new CreateDeliveryCompany(body)));
  }

  @Put(':id')
  @Allow('settings.write')
  async update(@Param() { id }: IdParam, @Body() body: UpdateDeliveryCompanyBody) {
    return one(await this.commands.execute(new UpdateDeliveryCompany(String(id), body)));
  }

  @Delete(':id')
  @HttpCode(204)
  @Allow('settings.write')
  async remove(@Param() { id }: IdParam): Promise<void> {
    await this.commands.execute(new DeleteDeliveryCompany(String(id)));
  }
}

@Controller('payments')
export class PaymentsController {
  constructor(private readonly queries: QueryBus) {}

  @Get('search')
  @Allow('settings.read')
  search(@Query() query: PaymentSearchQuery) {
    return this.queries.execute(new SearchPayments(query));
  }
}

@Controller('settings')
export class SettingsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get('option')
  @Allow('settings.read')
  async option() {
    return one(await this.queries.execute(new GetOption()));
  }

  @Put('option')
  @Allow('settings.write')
  async updateOption(@Body() body: OptionBody) {
    return one(await this.commands.execute(new UpdateOption(body)));
  }

  /** The company seal image printed on stamped estimates: a redirect to its short-lived storage URL. */
  @Get('option/seal')
  @Download('settings.read')
  @ErrorAnswers(404)
  @FileAnswer(['image/png', 'image/jpeg'], 'The company seal image (a redirect to its signed storage URL).')
  async seal(@Res() reply: FastifyReply) {
    return reply.redirect(await this.queries.execute(new SealImageUrl()), 302);
  }

  @Get('time_shipments')
  @Allow('settings.read')
  timeShipments(@Query() query: TimeShipmentListQuery) {
    return this.queries.execute(new ListTimeShipments(query));
  }

  @Post('time_shipments')
  @Allow('settings.write')
  async createTimeShipment(@Body() body: TimeShipmentBody) {
    return one(await this.commands.execute(new CreateTimeShipment(body)));
  }

  @Put('time_shipments/:id')
  @Allow('settings.write')
  async updateTimeShipment(@Param() { id }: IdParam, @Body() body: UpdateTimeShipmentBody) {
    return one(await this.commands.execute(new UpdateTimeShipment(String(id), body)));
  }

  @Delete('time_shipments/:id')
  @HttpCode(204)
  @Allow('settings.write')
  async removeTimeShipment(@Param() { id }: IdParam): Promise<void> {
    await this.commands.execute(new DeleteTimeShipment(String(id)));
  }
}
