import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { EventJobData, Logger, RevenueRepository } from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/**
 * The `revenues` queue (issue 14): `order.revenue_changed` brings the order's revenue record in step
 * with it (made at its first shipment, changed by a return, refund, re-ship or sales month, removed
 * when nothing of it is sold any more). The record is computed from the order as it is now, in one
 * statement, so an event delivered twice, or late after a newer one, leaves the same one record.
 */
@Injectable()
export class RevenueSyncProcessor implements OnApplicationBootstrap {
  private readonly revenues: RevenueRepository;

  constructor(
    private readonly runtime: WorkerRuntime,
    dataSource: DataSource,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.revenues = new RevenueRepository(dataSource);
  }

  onApplicationBootstrap(): void {
    this.runtime.start('revenues', { 'order.revenue_changed': (job) => this.handle(job) });
  }

  async handle(job: Job<EventJobData<'order.revenue_changed'>>): Promise<void> {
    const { orderId } = job.data.payload;
    await this.revenues.sync([orderId]);
    this.log.debug({ orderId }, 'revenue in step with its order');
  }
}
