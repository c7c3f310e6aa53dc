import { Module } from '@nestjs/common';
import { ProductImportRepository, ProductRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { UploadsModule } from '../common/uploads/uploads.module';
import { CreateProductHandler, DeleteProductHandler, UpdateProductHandler } from './product-commands';
import {
  ApplyProductImportHandler,
  DiscardProductImportHandler,
  GetProductImportHandler,
  RejectedProductRowsHandler,
  UploadProductImportHandler,
} from './product-import';
import { ProductImportJobs, ProductImportQueue } from './product-import-jobs';
import { ExportProductsHandler, GetProductHandler, ListProductsHandler, RecentProductChangesHandler } from './product-queries';
import { ProductImportsController } from './product-imports.controller';
import { ProductsController } from './products.controller';

@Module({
  imports: [UploadsModule],
  // The imports' routes first: `products/imports/…` is not a product id.
  controllers: [ProductImportsController, ProductsController],
  providers: [
    { provide: ProductRepository, inject: [DataSource], useFactory: (ds: DataSource) => new ProductRepository(ds) },
    { provide: ProductImportRepository, inject: [DataSource], useFactory: (ds: DataSource) => new ProductImportRepository(ds) },
    CreateProductHandler,
    UpdateProductHandler,
    DeleteProductHandler,
    ListProductsHandler,
    GetProductHandler,
    RecentProductChangesHandler,
    ExportProductsHandler,
    ProductImportJobs,
    ProductImportQueue,
    UploadProductImportHandler,
    GetProductImportHandler,
    ApplyProductImportHandler,
    DiscardProductImportHandler,
    RejectedProductRowsHandler,
  ],
})
export class ProductsModule {}
