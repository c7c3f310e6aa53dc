import { Module } from '@nestjs/common';
import { OrderReader } from '@oms/infra';
import { DataSource } from 'typeorm';
import { DASHBOARD_COUNTS, DashboardController, GetDashboardHandler } from './dashboard';
import { orderCounts } from './dashboard-counts';

/** The dashboard: the counts of the areas (orders now; inquiries and deposits add theirs here as they land). */
@Module({
  controllers: [DashboardController],
  providers: [
    { provide: DASHBOARD_COUNTS, inject: [DataSource], useFactory: (ds: DataSource) => [...orderCounts(new OrderReader(ds))] },
    GetDashboardHandler,
  ],
})
export class DashboardModule {}
