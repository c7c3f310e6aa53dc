import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { CreateUser, DeleteUser, UpdateUser } from './user-commands';
import { GetUser, ListStaff, ListUsers } from './user-queries';
import { UpdateUserBody, UserBody, UserListQuery } from './user.dto';
import { IdParam } from '../common/http/id.param';

@Controller('users')
export class UsersController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('accounts.read')
  list(@Query() query: UserListQuery) {
    return this.queries.execute(new ListUsers(query));
  }

  @Get('staff')
  @Allow('staff.read')
  staff() {
    return this.queries.execute(new ListStaff());
  }

  @Get(':id')
  @Allow('accounts.read')
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetUser(String(id))));
  }

  @Post()
  @Allow('accounts.write')
  async create(@CurrentUser() actor: SignedInUser, @Body() body: UserBody) {
    return one(await this.commands.execute(new CreateUser(actor, body)));
  }

  @Put(':id')
  @Allow('accounts.write')
  async update(@CurrentUser() actor: SignedInUser, @Param() { id }: IdParam, @Body() body: UpdateUserBody) {
    return one(await this.commands.execute(new UpdateUser(actor, String(id), body)));
  }

  @Delete(':id')
  @HttpCode(204)
  @Allow('accounts.write')
  async remove(@CurrentUser() actor: SignedInUser, @Param() { id }: IdParam): Promise<void> {
    await this.commands.execute(new DeleteUser(actor, String(id)));
  }
}
