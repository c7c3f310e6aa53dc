import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser, Download, SignedInUser } from '../auth/access.decorators';
import { ErrorAnswers, FileAnswer } from '../contract/file-answer';
import { sendCsv } from '../common/http/csv-response';
import { one } from '../common/http/envelope';
import { IdParam, OrderIdParam } from '../common/http/id.param';
import { KeysetPageQuery } from '../common/http/page.query';
import { CSV_FILE, CsvUpload, UploadedCsv } from '../common/uploads/csv-upload';
import { CsvEncodingQuery } from '../common/http/csv-encoding.query';
import { AdvancePaymentsQuery, DepositRecordsQuery, DepositReportQuery, DepositRevertBody, DepositUpdateBody, DepositUploadForm } from './deposit.dto';
import { RevertDeposit, RevertDepositRecord, UpdateOrderDeposit } from './deposit-changes';
import { DepositCsv, DepositFileUrl } from './deposit-files';
import { GetDeposit, ListDepositRecords, ListDeposits, OrderDeposits } from './deposit-queries';
import { UploadDeposit } from './upload-deposit';

/** Deposits (SPEC.md §7; issue 13): bank files uploaded and matched by the workers, reviewed, fixed and taken back by hand. */
@Controller('deposits')
export class DepositsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post('payment')
  @HttpCode(202)
  @Allow('deposits.write')
  @CsvUpload()
  async upload(@CurrentUser() user: SignedInUser, @UploadedFile(CSV_FILE) file: UploadedCsv | undefined, @Body() form: DepositUploadForm) {
    return one(await this.commands.execute(new UploadDeposit(user, file, form.confirmReimport === true)));
  }

  @Get('history')
  @Allow('deposits.read')
  async history(@Query() query: KeysetPageQuery) {
    return this.queries.execute(new ListDeposits(query));
  }

  @Get('report')
  @Download('deposits.read')
  @FileAnswer('text/csv', 'The deposit history of a period: every payment whose paid date falls in it, live and taken back.')
  async report(@Query() query: DepositReportQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new DepositCsv({ kind: 'report', query })));
  }

  @Get('advance-payments')
  @Download('deposits.read')
  @FileAnswer('text/csv', 'Advance payments (前受金) at a cut-off date: orders paid on or before it and not shipped by then.')
  async advancePayments(@Query() query: AdvancePaymentsQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new DepositCsv({ kind: 'advance-payments', query })));
  }

  @Get('orders/:orderId')
  @Allow('deposits.read')
  @ErrorAnswers(404)
  async orderDeposits(@Param() { orderId }: OrderIdParam) {
    return one(await this.queries.execute(new OrderDeposits(String(orderId))));
  }

  @Put('records/:id/revert')
  @Allow('deposits.write')
  @ErrorAnswers(404)
  async revertRecord(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: DepositRevertBody) {
    return one(await this.commands.execute(new RevertDepositRecord(user, String(id), body)));
  }

  @Get(':id')
  @Allow('deposits.read')
  @ErrorAnswers(404)
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetDeposit(String(id))));
  }

  @Get(':id/records')
  @Allow('deposits.read')
  @ErrorAnswers(404)
  async records(@Param() { id }: IdParam, @Query() query: DepositRecordsQuery) {
    return this.queries.execute(new ListDepositRecords(String(id), query));
  }

  @Put(':id/revert')
  @Allow('deposits.write')
  @ErrorAnswers(404)
  async revert(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: DepositRevertBody) {
    return one(await this.commands.execute(new RevertDeposit(user, String(id), body)));
  }

  @Put(':orderId/update')
  @Allow('deposits.write')
  @ErrorAnswers(404)
  async update(@CurrentUser() user: SignedInUser, @Param() { orderId }: OrderIdParam, @Body() body: DepositUpdateBody) {
    return one(await this.commands.execute(new UpdateOrderDeposit(user, String(orderId), body)));
  }

  @Get(':id/download')
  @Download('deposits.read')
  @ErrorAnswers(404)
  @FileAnswer('application/octet-stream', 'The bank file as uploaded: a redirect to its short-lived storage URL.')
  async download(@Param() { id }: IdParam, @Res() reply: FastifyReply) {
    return reply.redirect(await this.queries.execute(new DepositFileUrl(String(id))), 302);
  }

  @Get(':id/download-result')
  @Download('deposits.read')
  @ErrorAnswers(404)
  @FileAnswer('text/csv', "The upload's records with what became of each: status, orders paid, difference and transfer fee.")
  async downloadResult(@Param() { id }: IdParam, @Query() query: CsvEncodingQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new DepositCsv({ kind: 'result', depositId: String(id), query })));
  }
}
