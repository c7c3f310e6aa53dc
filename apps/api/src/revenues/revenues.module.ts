import { Module } from '@nestjs/common';
import { RevenueRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { UpdateRevenueHandler } from './revenue-changes';
import { GetRevenueHandler, ListRevenuesHandler, RevenueCsvHandler } from './revenue-queries';
import { RevenuesController } from './revenues.controller';

/** Revenues (issue 14): the records the workers keep in step with the orders (apps/workers revenues/), read, costed and exported here. */
@Module({
  controllers: [RevenuesController],
  providers: [
    { provide: RevenueRepository, inject: [DataSource], useFactory: (ds: DataSource) => new RevenueRepository(ds) },
    ListRevenuesHandler,
    GetRevenueHandler,
    RevenueCsvHandler,
    UpdateRevenueHandler,
  ],
})
export class RevenuesModule {}
