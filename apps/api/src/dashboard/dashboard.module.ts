import { Module } from '@nestjs/common';
import { OrderReader } from '@oms/infra';
import { DataSource } from 'typeorm';
import { DASHBOARD_COUNTS, DashboardController, GetDashboardHandler } from './dashboard';
import { depositCounts } from '../deposits/deposit-counts';
import { orderCounts } from './dashboard-counts';

/** The dashboard: the counts of the areas (orders and deposits; inquiries add theirs here as they land). */
@Module({
  controllers: [DashboardController],
  providers: [
    { provide: DASHBOARD_COUNTS, inject: [DataSource], useFactory: (ds: DataSource) => [...orderCounts(new OrderReader(ds)), ...depositCounts(ds)] },
    GetDashboardHandler,
  ],
})
export class DashboardModule {}
