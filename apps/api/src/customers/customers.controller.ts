import { Body, Controller, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../auth/access.decorators';
import { CustomerEstimateHistory } from '../estimates/queries/estimate-queries';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { PageQuery } from '../common/http/page.query';
import { CreateCustomer, SetSamePersonMemo, UpdateCustomer } from './customer-commands';
import { ExportCustomers } from './customer-export';
import { CustomerOptions, GetCustomer, GetSamePerson, ListCustomers } from './customer-queries';
import { CreateCustomerBody, CustomerIdParam, CustomerListQuery, ExportCustomersBody, GeneralMemoBody, UpdateCustomerBody } from './customer.dto';

@Controller('customers')
export class CustomersController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('customers.read')
  list(@Query() query: CustomerListQuery) {
    return this.queries.execute(new ListCustomers(query));
  }

  @Get('list')
  @Allow('customers.read')
  async options() {
    return one(await this.queries.execute(new CustomerOptions()));
  }

  @Post('export')
  @HttpCode(200)
  @Allow('customers.read')
  async export(@Body() body: ExportCustomersBody) {
    return one(await this.commands.execute(new ExportCustomers(body.customerIds)));
  }

  @Get(':customerId/same-email-and-phone')
  @Allow('customers.read')
  async samePerson(@Param() { customerId }: CustomerIdParam) {
    return one(await this.queries.execute(new GetSamePerson(String(customerId))));
  }

  @Put(':customerId/same-email-and-phone')
  @Allow('customers.write')
  async setGeneralMemo(@Param() { customerId }: CustomerIdParam, @Body() body: GeneralMemoBody) {
    return one(await this.commands.execute(new SetSamePersonMemo(String(customerId), body.generalMemo ?? null)));
  }

  /** The customer's estimates with their revisions (the estimates module answers it). */
  @Get(':customerId/estimates/history')
  @Allow('customers.read')
  estimateHistory(@CurrentUser() user: SignedInUser, @Param() { customerId }: CustomerIdParam, @Query() query: PageQuery) {
    return this.queries.execute(new CustomerEstimateHistory(String(customerId), query, user.role));
  }

  @Get(':id')
  @Allow('customers.read')
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetCustomer(String(id))));
  }

  @Post()
  @Allow('customers.write')
  async create(@Body() body: CreateCustomerBody) {
    return one(await this.commands.execute(new CreateCustomer(body)));
  }

  @Put(':id')
  @Allow('customers.write')
  async update(@Param() { id }: IdParam, @Body() body: UpdateCustomerBody) {
    return one(await this.commands.execute(new UpdateCustomer(String(id), body)));
  }
}
