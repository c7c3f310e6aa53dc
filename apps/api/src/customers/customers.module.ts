import { Module } from '@nestjs/common';
import { CustomerRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { CreateCustomerHandler, SetSamePersonMemoHandler, UpdateCustomerHandler } from './customer-commands';
import { ExportCustomersHandler } from './customer-export';
import { CustomerOptionsHandler, GetCustomerHandler, GetSamePersonHandler, ListCustomersHandler } from './customer-queries';
import { CustomerViews } from './customer-views';
import { CustomersController } from './customers.controller';

export const customerRepositoryProvider = { provide: CustomerRepository, inject: [DataSource], useFactory: (ds: DataSource) => new CustomerRepository(ds) };

/** Customers (issue 4); the signed URLs of its export are served by the medias module. */
@Module({
  controllers: [CustomersController],
  providers: [
    customerRepositoryProvider,
    CustomerViews,
    CreateCustomerHandler,
    UpdateCustomerHandler,
    SetSamePersonMemoHandler,
    ExportCustomersHandler,
    ListCustomersHandler,
    GetCustomerHandler,
    CustomerOptionsHandler,
    GetSamePersonHandler,
  ],
})
export class CustomersModule {}
