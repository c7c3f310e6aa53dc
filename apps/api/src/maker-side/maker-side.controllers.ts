import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser, Download, Public, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { OrderIdParam } from '../common/http/id.param';
import { RateLimitGuard } from '../common/rate-limit.guard';
import { AnswerMakerConfirmation, ChangeMakerShipDate, GetMakerConfirmation, MakerSheet } from './maker-confirmations';
import { DownloadOrderSheetQuery, MakerAnswerBody, MakerShipDateBody, RequestOrderSheetBody, TokenParam } from './maker-confirmation.dto';
import { DownloadOrderSheet, ListOrderSheets, RequestOrderSheet } from './order-sheets';
import type { SheetFile } from '@oms/infra';
import { FileAnswer } from '../contract/file-answer';

function sendFile(res: FastifyReply, file: SheetFile): void {
  void res
    .headers({ 'Content-Type': file.contentType, 'Content-Disposition': `attachment; filename="${file.fileName}"`, 'Cache-Control': 'private, no-store' })
    .send(file.body);
}

/** The maker confirmation page's calls: public, reached with the link's token, rate-limited per address. */
@Controller('maker-confirmations')
@UseGuards(RateLimitGuard)
export class MakerConfirmationsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(':token')
  @Public()
  async get(@Param() { token }: TokenParam) {
    return one(await this.queries.execute(new GetMakerConfirmation(token)));
  }

  @Post(':token')
  @HttpCode(200)
  @Public()
  async answer(@Param() { token }: TokenParam, @Body() body: MakerAnswerBody) {
    return one(await this.commands.execute(new AnswerMakerConfirmation(token, body)));
  }

  @Put(':token/estimated-ship-date')
  @Public()
  async changeShipDate(@Param() { token }: TokenParam, @Body() body: MakerShipDateBody) {
    return one(await this.commands.execute(new ChangeMakerShipDate(token, body)));
  }

  @Get(':token/sheet')
  @Public()
  @FileAnswer('application/pdf', 'The order sheet of the link, as mailed.')
  async sheet(@Param() { token }: TokenParam, @Res() res: FastifyReply) {
    sendFile(res, await this.queries.execute(new MakerSheet(token)));
  }
}

/** An order's sheets: the list on the order detail, a resend or release, the download. */
@Controller('orders')
export class OrderSheetsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get(':orderId/order-sheets')
  @Allow('orders.read')
  async list(@CurrentUser() user: SignedInUser, @Param() { orderId }: OrderIdParam) {
    return one(await this.queries.execute(new ListOrderSheets(user, String(orderId))));
  }

  @Post(':orderId/order-sheets')
  @HttpCode(202)
  @Allow('orders.process')
  async request(@CurrentUser() user: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: RequestOrderSheetBody) {
    return one(await this.commands.execute(new RequestOrderSheet(user, String(orderId), String(body.makerId), body.version)));
  }

  // The sheet carries the maker's live confirmation link: only those who may record a maker's answer download it.
  @Get(':orderId/download-order-maker')
  @Download('orders.maker')
  @FileAnswer(['application/pdf', 'text/csv'], 'The order sheet of one maker, as mailed (PDF or CSV by file_type).')
  async download(@CurrentUser() user: SignedInUser, @Param() { orderId }: OrderIdParam, @Query() query: DownloadOrderSheetQuery, @Res() res: FastifyReply) {
    sendFile(res, await this.queries.execute(new DownloadOrderSheet(user, String(orderId), String(query.makerId), query.fileType ?? 'pdf', query.revision)));
  }
}
