import { Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { DepositMatching, EventJobData, Logger } from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/**
 * The `deposit-matching` queue (issue 13): an uploaded bank file's records matched against the unpaid
 * orders and paid (libs/infra deposits/deposit-matching.ts). A job run twice, or again after the worker
 * died half-way, takes up only the records still pending: none is paid twice.
 */
@Injectable()
export class DepositMatchingProcessor implements OnApplicationBootstrap {
  private readonly matching: DepositMatching;

  constructor(
    private readonly runtime: WorkerRuntime,
    dataSource: DataSource,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.matching = new DepositMatching(dataSource);
  }

  onApplicationBootstrap(): void {
    // One upload at a time: a file's records are decided against the orders the one before it left unpaid.
    this.runtime.start('deposit-matching', { 'deposit.uploaded': (job) => this.handle(job) }, {}, 1);
  }

  async handle(job: Job<EventJobData<'deposit.uploaded'>>) {
    const { depositId } = job.data.payload;
    const run = await this.matching.run(depositId, (decided) => job.updateProgress(decided));
    this.log.info({ depositId, ...run }, 'deposit matching');
    return run;
  }
}
