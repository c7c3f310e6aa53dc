import { Body, Controller, Get, Param, Post, Put, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { Allow, CurrentUser, SignedInUser } from '../auth/access.decorators';
import { ErrorAnswers } from '../contract/file-answer';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { CreateMakerInquiry, UpdateMakerInquiry } from './maker-inquiry-commands';
import { GetMakerInquiry, ListMakerInquiries } from './maker-inquiry-queries';
import { CreateMakerInquiryBody, MakerInquiryListQuery, UpdateMakerInquiryBody } from './maker-inquiry.dto';

/** Maker inquiries (SPEC.md §7; issue 15): questions between the shop and its makers, tracked until processed. */
@Controller('maker-inquiries')
export class MakerInquiriesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('maker-chat')
  async list(@CurrentUser() user: SignedInUser, @Query() query: MakerInquiryListQuery) {
    return this.queries.execute(new ListMakerInquiries(user, query));
  }

  @Post()
  @Allow('maker-chat')
  async create(@CurrentUser() user: SignedInUser, @Body() body: CreateMakerInquiryBody) {
    return one(await this.commands.execute(new CreateMakerInquiry(user, body)));
  }

  @Get(':id')
  @Allow('maker-chat')
  @ErrorAnswers(404)
  async get(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetMakerInquiry(user, String(id))));
  }

  @Put(':id')
  @Allow('maker-inquiries.write')
  @ErrorAnswers(404)
  async update(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: UpdateMakerInquiryBody) {
    return one(await this.commands.execute(new UpdateMakerInquiry(user, String(id), body)));
  }
}
