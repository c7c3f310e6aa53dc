import { Body, Controller, Get, HttpCode, Param, Post, Put, Query, Res, UploadedFile, UseInterceptors } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import { CSV_MAX_BYTES } from '@oms/infra';
import type { Response } from 'express';
import { Allow, CurrentUser, Download, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { sendCsv } from './csv-response';
import { CreateProduct, UpdateProduct } from './product-commands';
import { ImportProducts, UploadedCsv } from './product-import';
import { ExportProducts, GetProduct, ListProducts, RecentProductChanges } from './product-queries';
import { ProductBody, ProductChangesQuery, ProductExportQuery, ProductListQuery, UpdateProductBody } from './product.dto';

/** A file over 10 MB is cut off by multer as it arrives: 413 NAL-413 (DESIGN.md §4), never read whole. */
const csvUpload = FileInterceptor('file', { limits: { fileSize: CSV_MAX_BYTES, files: 1 } });

@Controller('products')
export class ProductsController {
  constructor(private readonly commands: CommandBus, private readonly queries: QueryBus) {}

  @Get()
  @Allow('catalogue.read')
  list(@CurrentUser() user: SignedInUser, @Query() query: ProductListQuery) {
    return this.queries.execute(new ListProducts(user, query));
  }

  @Get('changes')
  @Allow('catalogue.read')
  async changes(@CurrentUser() user: SignedInUser, @Query() query: ProductChangesQuery) {
    return one(await this.queries.execute(new RecentProductChanges(user, query)));
  }

  @Get('export')
  @Download('catalogue.read')
  async export(@CurrentUser() user: SignedInUser, @Query() query: ProductExportQuery, @Res() res: Response) {
    sendCsv(res, await this.queries.execute(new ExportProducts(user, query)));
  }

  @Post('import')
  @HttpCode(200)
  @Allow('catalogue.write')
  @UseInterceptors(csvUpload)
  async import(@CurrentUser() user: SignedInUser, @UploadedFile() file: UploadedCsv | undefined) {
    return one(await this.commands.execute(new ImportProducts(user, file)));
  }

  @Get(':id')
  @Allow('catalogue.read')
  async get(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam) {
    return one(await this.queries.execute(new GetProduct(user, String(id))));
  }

  @Post()
  @Allow('catalogue.write')
  async create(@CurrentUser() user: SignedInUser, @Body() body: ProductBody) {
    return one(await this.commands.execute(new CreateProduct(user, body)));
  }

  @Put(':id')
  @Allow('catalogue.write')
  async update(@CurrentUser() user: SignedInUser, @Param() { id }: IdParam, @Body() body: UpdateProductBody) {
    return one(await this.commands.execute(new UpdateProduct(user, String(id), body)));
  }
}
