import { Body, Controller, Delete, Get, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser, Download, SignedInUser } from '../auth/access.decorators';
import { AlsoAnswers, ErrorAnswers, FileAnswer } from '../contract/file-answer';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { ChangeMessage, OpenMakerConversation, PostMessage, SetConversationStatus } from './conversation-commands';
import { AttachmentUrl, GetConversation, GetCustomerConversation, ListMessages } from './conversation-queries';
import { AttachmentDownloadQuery, ConversationStatusBody, MessageBody, MessageListQuery, MessageParams, OpenMakerConversationBody, PostMessageBody } from './conversation.dto';
import { MessagePage } from './conversation.view';

/** Conversations (SPEC.md §7; issue 15): threads with makers beside orders and maker inquiries, and customers' staff-only threads. */
@Controller('conversations')
export class ConversationsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post('maker')
  @Allow('maker-chat')
  @ErrorAnswers(404)
  async openMaker(@CurrentUser() user: SignedInUser, @Body() body: OpenMakerConversationBody) {
    return one(await this.commands.execute(new OpenMakerConversation(user, body)));
  }

  @Get('customer/:id')
  @Allow('customer-chat')
  @ErrorAnswers(404)
  async customer(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetCustomerConversation(user, String(id))));
  }

  @Get(':id')
  @Allow('chat')
  @ErrorAnswers(404)
  async get(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetConversation(user, String(id))));
  }

  @Put(':id')
  @Allow('chat')
  @ErrorAnswers(404)
  async setStatus(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: ConversationStatusBody) {
    return one(await this.commands.execute(new SetConversationStatus(user, String(id), body)));
  }

  @Get(':id/message')
  @Allow('chat')
  @ErrorAnswers(404)
  @AlsoAnswers(304, 'With `since`: nothing in the thread changed after it (no body).')
  async messages(
    @CurrentUser() user: SignedInUser,
    @Param() { id }: IdParam,
    @Query() query: MessageListQuery,
    @Res({ passthrough: true }) res: FastifyReply,
  ): Promise<MessagePage> {
    const page = await this.queries.execute(new ListMessages(user, String(id), query));
    if (page === null) res.status(304);
    return page as MessagePage;
  }

  @Post(':id/message')
  @Allow('chat')
  @ErrorAnswers(404)
  async post(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: PostMessageBody) {
    return one(await this.commands.execute(new PostMessage(user, String(id), body)));
  }

  @Put(':id/message/:msgId')
  @Allow('chat')
  @ErrorAnswers(404)
  async edit(@CurrentUser() user: SignedInUser, @Param() { id, msgId }: MessageParams, @Body() body: MessageBody) {
    return one(await this.commands.execute(new ChangeMessage(user, String(id), String(msgId), body.content)));
  }

  @Get(':id/message/:msgId/attachment')
  @Download('chat')
  @ErrorAnswers(404)
  @FileAnswer('application/octet-stream', "The message's file: a redirect to its short-lived storage URL.")
  async attachment(@CurrentUser() user: SignedInUser, @Param() { id, msgId }: MessageParams, @Query() _query: AttachmentDownloadQuery, @Res() reply: FastifyReply) {
    return reply.redirect(await this.queries.execute(new AttachmentUrl(user, String(id), String(msgId))), 302);
  }

  @Delete(':id/message/:msgId')
  @Allow('chat')
  @ErrorAnswers(404)
  async remove(@CurrentUser() user: SignedInUser, @Param() { id, msgId }: MessageParams) {
    return one(await this.commands.execute(new ChangeMessage(user, String(id), String(msgId), null)));
  }
}
