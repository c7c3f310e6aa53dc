import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { CreateMaker, UpdateMaker } from './maker-commands';
import { GetMaker, ListMakers, MakerOptions } from './maker-queries';
import { MakerBody, MakerListQuery, UpdateMakerBody } from './maker.dto';

@Controller('makers')
export class MakersController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('catalogue.read')
  list(@CurrentUser() user: SignedInUser, @Query() query: MakerListQuery) {
    return this.queries.execute(new ListMakers(user, query));
  }

  @Get('list')
  @Allow('catalogue.read')
  async options(@CurrentUser() user: SignedInUser) {
    return one(await this.queries.execute(new MakerOptions(user)));
  }

  @Get(':id')
  @Allow('catalogue.read')
  async get(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetMaker(user, String(id))));
  }

  @Post()
  @Allow('catalogue.write')
  async create(@Body() body: MakerBody) {
    return one(await this.commands.execute(new CreateMaker(body)));
  }

  @Put(':id')
  @Allow('catalogue.write')
  async update(@Param() { id }: IdParam, @Body() body: UpdateMakerBody) {
    return one(await this.commands.execute(new UpdateMaker(String(id), body)));
  }
}
