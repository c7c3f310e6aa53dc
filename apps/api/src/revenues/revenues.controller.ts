import { Body, Controller, Get, Param, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Allow, Download } from '../auth/access.decorators';
import { ErrorAnswers, FileAnswer } from '../contract/file-answer';
import { CsvEncodingQuery } from '../common/http/csv-encoding.query';
import { sendCsv } from '../common/http/csv-response';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { RevenueFilterQuery, RevenueListQuery, RevenuePrepaysQuery, RevenueSsQuery, RevenueUpdateBody } from './revenue.dto';
import { UpdateRevenue } from './revenue-changes';
import { GetRevenue, ListRevenues, RevenueCsv } from './revenue-queries';

/** Revenues (SPEC.md §7; issue 14): one record per shipped order branch, the month's totals, and the accountant's CSVs. */
@Controller('revenues')
export class RevenuesController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('revenue.read')
  async list(@Query() query: RevenueListQuery) {
    return this.queries.execute(new ListRevenues(query));
  }

  @Get('ss')
  @Download('revenue.read')
  @FileAnswer('text/csv', "The sales month's journal for the core accounting system (SS): a row per tax rate and one for fees of each record (docs/revenue-files.md).")
  async ss(@Query() query: RevenueSsQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new RevenueCsv({ kind: 'ss', query })));
  }

  @Get('receivables')
  @Download('revenue.read')
  @FileAnswer('text/csv', 'Open receivables of deferred and monthly-invoice payments, by customer and sales month, with the monthly cap (300,000 yen).')
  async receivables(@Query() query: RevenueFilterQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new RevenueCsv({ kind: 'receivables', query })));
  }

  @Get('prepays')
  @Download('revenue.read')
  @FileAnswer('text/csv', 'Advance payments not yet earned (前受金) at a date: orders paid on or before it and not shipped by then.')
  async prepays(@Query() query: RevenuePrepaysQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new RevenueCsv({ kind: 'prepays', query })));
  }

  @Get(':id')
  @Allow('revenue.read')
  @ErrorAnswers(404)
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetRevenue(String(id))));
  }

  @Put(':id')
  @Allow('revenue.write')
  @ErrorAnswers(404)
  async update(@Param() { id }: IdParam, @Body() body: RevenueUpdateBody) {
    return one(await this.commands.execute(new UpdateRevenue(String(id), body)));
  }

  @Get(':id/download')
  @Download('revenue.read')
  @ErrorAnswers(404)
  @FileAnswer('text/csv', "The record's order lines: what was sold, at what price, wholesale price and maker shipping fee.")
  async download(@Param() { id }: IdParam, @Query() query: CsvEncodingQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new RevenueCsv({ kind: 'lines', revenueId: String(id), query })));
  }
}
