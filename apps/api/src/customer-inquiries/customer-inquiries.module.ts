import { Module } from '@nestjs/common';
import { CustomerInquiryRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { PublicFormRateLimitGuard } from '../common/rate-limit.guard';
import { customerRepositoryProvider } from '../customers/customers.module';
import { CreateCustomerInquiryHandler, SubmitInquiryFormHandler, UpdateCustomerInquiryHandler } from './customer-inquiry-commands';
import { GetCustomerInquiryHandler, GetFormOptionsHandler, ListCustomerInquiriesHandler } from './customer-inquiry-queries';
import { CustomerInquiriesController } from './customer-inquiries.controller';

@Module({
  controllers: [CustomerInquiriesController],
  providers: [
    { provide: CustomerInquiryRepository, inject: [DataSource], useFactory: (ds: DataSource) => new CustomerInquiryRepository(ds) },
    customerRepositoryProvider,
    PublicFormRateLimitGuard,
    SubmitInquiryFormHandler, CreateCustomerInquiryHandler, UpdateCustomerInquiryHandler,
    ListCustomerInquiriesHandler, GetCustomerInquiryHandler, GetFormOptionsHandler,
  ],
})
export class CustomerInquiriesModule {}
