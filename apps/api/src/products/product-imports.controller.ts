import { Controller, Get, HttpCode, Param, Post, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { CSV_MAX_BYTES } from '@oms/infra';
import type { Response } from 'express';
import { Allow, CurrentUser, Download, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { sendCsv } from './csv-response';
import { ApplyProductImport, DiscardProductImport, GetProductImport, RejectedProductRows, UploadedCsv, UploadProductImport } from './product-import';
import { FileAnswer } from '../contract/file-answer';

/**
 * A file over 10 MB is cut off by multer as it arrives: 413 NAL-413 (DESIGN.md §4), never read whole.
 * Browsers send the file name as UTF-8 (商品.csv), which busboy would read as Latin-1 by default.
 */
const csvUpload = FileInterceptor('file', { limits: { fileSize: CSV_MAX_BYTES, files: 1 }, defParamCharset: 'utf8' });

/**
 * Product CSV imports in steps (docs/product-csv.md): upload (202, checked by a job), read the preview,
 * then apply or discard. Nothing reaches the catalogue before apply.
 */
@Controller('products/imports')
export class ProductImportsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Post()
  @HttpCode(202)
  @Allow('catalogue.write')
  @UseInterceptors(csvUpload)
  async upload(@CurrentUser() user: SignedInUser, @UploadedFile() file: UploadedCsv | undefined) {
    return one(await this.commands.execute(new UploadProductImport(user, file)));
  }

  @Get(':id')
  @Allow('catalogue.write')
  async get(@Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetProductImport(String(id))));
  }

  @Post(':id/apply')
  @HttpCode(202)
  @Allow('catalogue.write')
  async apply(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam) {
    return one(await this.commands.execute(new ApplyProductImport(user, String(id))));
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
  async rejectedRows(@Param() { id }: IdParam, @Res() res: Response) {
    sendCsv(res, await this.queries.execute(new RejectedProductRows(String(id))));
  }
}
