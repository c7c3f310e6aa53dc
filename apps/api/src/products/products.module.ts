import { Module } from '@nestjs/common';
import { ProductRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { CreateProductHandler, UpdateProductHandler } from './product-commands';
import { ImportProductsHandler } from './product-import';
import { ExportProductsHandler, GetProductHandler, ListProductsHandler, RecentProductChangesHandler } from './product-queries';
import { ProductsController } from './products.controller';

@Module({
  controllers: [ProductsController],
  providers: [
    { provide: ProductRepository, inject: [DataSource], useFactory: (ds: DataSource) => new ProductRepository(ds) },
    CreateProductHandler,
    UpdateProductHandler,
    ImportProductsHandler,
    ListProductsHandler,
    GetProductHandler,
    RecentProductChangesHandler,
    ExportProductsHandler,
  ],
})
export class ProductsModule {}
