import { Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, createFileStorage, CustomerRepository, FILE_STORAGE } from '@oms/infra';
import { DataSource } from 'typeorm';
import { MediasDownloadController } from './medias-download.controller';
import { CreateCustomerHandler, SetSamePersonMemoHandler, UpdateCustomerHandler } from './customer-commands';
import { ExportCustomersHandler } from './customer-export';
import { CustomerEstimateHistoryHandler, CustomerOptionsHandler, GetCustomerHandler, GetSamePersonHandler, ListCustomersHandler } from './customer-queries';
import { CustomerViews } from './customer-views';
import { CustomersController } from './customers.controller';

/**
 * Customers (issue 4), and the download route of signed file URLs (`GET /medias/download`), which the
 * customer export is the first to hand out.
 */
@Module({
  controllers: [CustomersController, MediasDownloadController],
  providers: [
    { provide: CustomerRepository, inject: [DataSource], useFactory: (ds: DataSource) => new CustomerRepository(ds) },
    { provide: FILE_STORAGE, inject: [APP_CONFIG], useFactory: (config: AppConfig) => createFileStorage(config) },
    CustomerViews,
    CreateCustomerHandler,
    UpdateCustomerHandler,
    SetSamePersonMemoHandler,
    ExportCustomersHandler,
    ListCustomersHandler,
    GetCustomerHandler,
    CustomerOptionsHandler,
    GetSamePersonHandler,
    CustomerEstimateHistoryHandler,
  ],
})
export class CustomersModule {}
