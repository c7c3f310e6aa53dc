import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';
import { Allow, CurrentUser, Download, SignedInUser } from '../auth/access.decorators';
import { one } from '../common/http/envelope';
import { IdParam } from '../common/http/id.param';
import { sendCsv } from '../common/http/csv-response';
import { CreateProduct, DeleteProduct, UpdateProduct } from './product-commands';
import { ExportProducts, GetProduct, ListProducts, RecentProductChanges } from './product-queries';
import { ProductBody, ProductChangesQuery, ProductExportQuery, ProductListQuery, UpdateProductBody } from './product.dto';
import { FileAnswer } from '../contract/file-answer';

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
  @FileAnswer('text/csv', 'The products as CSV (UTF-8 or Shift_JIS by encoding).')
  async export(@CurrentUser() user: SignedInUser, @Query() query: ProductExportQuery, @Res() res: FastifyReply) {
    sendCsv(res, await this.queries.execute(new ExportProducts(user, query)));
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

  @Delete(':id')
  @HttpCode(204)
  @Allow('catalogue.write')
  async remove(@Param() { id }: IdParam): Promise<void> {
    await this.commands.execute(new DeleteProduct(String(id)));
  }
}
