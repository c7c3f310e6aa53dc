import { Body, Controller, Get, HttpCode, Param, Post, Res, UploadedFile } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser, Download, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { CSV_FILE, CsvUpload, UploadedCsv } from '../common/uploads/csv-upload';
import { ReimportConfirmation } from '../common/uploads/reimport-confirmation.dto';
import { sendCsv } from '../common/http/csv-response';
import { ApplyProductImport, DiscardProductImport, GetProductImport, RejectedProductRows, UploadProductImport } from './product-import';
import { FileAnswer } from '../contract/file-answer';

/**
 * Product CSV imports in steps (docs/product-csv.md): upload (202, checked by a job), read the preview,
 * then apply or discard. Nothing reaches the catalogue before apply. A file name applied before is
 * refused at upload and at apply unless `confirm_reimport=true` (a form field, a JSON field).
 */
@Controller('products/imports')
export class ProductImportsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post()
  @HttpCode(202)
  @Allow('catalogue.write')
  @CsvUpload()
  async upload(@CurrentUser() user: SignedInUser, @UploadedFile(CSV_FILE) file: UploadedCsv | undefined, @Body() form: ReimportConfirmation) {
    return one(await this.commands.execute(new UploadProductImport(user, file, form.confirmReimport === true)));
  }

  @Get(':id')
  @Allow('catalogue.write')
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetProductImport(String(id))));
  }

  @Post(':id/apply')
  @HttpCode(202)
  @Allow('catalogue.write')
  async apply(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: ReimportConfirmation) {
    return one(await this.commands.execute(new ApplyProductImport(user, String(id), body.confirmReimport === true)));
  }

  @Post(':id/discard')
  @HttpCode(200)
  @Allow('catalogue.write')
  async discard(@Param() { id }: IdParam) {
    return one(await this.commands.execute(new DiscardProductImport(String(id))));
  }

  @Get(':id/rejected-rows')
  @Download('catalogue.write')
  @FileAnswer('text/csv', 'The rows the import refused, as CSV, with their reasons.')
  async rejectedRows(@Param() { id }: IdParam, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new RejectedProductRows(String(id))));
  }
}
