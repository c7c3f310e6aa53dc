import { Inject, Injectable, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { DepositMatching, DepositRepository, EventJobData, Logger } from '@oms/infra';
import { Job } from 'bullmq';
import { DataSource } from 'typeorm';
import { WORKER_LOGGER, WorkerRuntime } from '../worker-runtime';

/** An upload matching for longer than this, untouched, is taken up again (checked as often). */
const STALE_MS = 10 * 60_000;

/**
 * The `deposit-matching` queue (issue 13): an uploaded bank file's records matched against the unpaid
 * orders and paid (libs/infra deposits/deposit-matching.ts). A job run twice, or again after the worker
 * died half-way, takes up only the records still pending: none is paid twice.
 */
@Injectable()
export class DepositMatchingProcessor implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly matching: DepositMatching;
  private readonly deposits: DepositRepository;
  private catchUpTimer?: NodeJS.Timeout;
  private catchingUp = false;

  constructor(
    private readonly runtime: WorkerRuntime,
    dataSource: DataSource,
    @Inject(WORKER_LOGGER) private readonly log: Logger,
  ) {
    this.matching = new DepositMatching(dataSource);
    this.deposits = new DepositRepository(dataSource);
  }

  onApplicationBootstrap(): void {
    // One upload at a time from the queue in this process: a file's records are decided against the orders the one before it left unpaid.
    this.runtime.start('deposit-matching', { 'deposit.uploaded': (job) => this.handle(job) }, {}, 1);
    void this.catchUp();
    this.catchUpTimer = setInterval(() => void this.catchUp(), STALE_MS);
    this.catchUpTimer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.catchUpTimer);
  }

  /**
   * Uploads left matching for a while (a job that ran out of attempts, a queue that lost it) are taken up
   * again, when a worker starts and every STALE_MS after: running one again pays nothing twice, so one
   * still running elsewhere is no harm (its records are paid under their locks, once).
   */
  async catchUp(): Promise<void> {
    if (this.catchingUp) return;
    this.catchingUp = true;
    try {
      for (const depositId of await this.deposits.uploadsMatching(new Date(Date.now() - STALE_MS))) {
        this.log.info({ depositId, ...(await this.matching.run(depositId)) }, 'deposit matching caught up');
      }
    } catch (error) {
      this.log.error({ err: error instanceof Error ? { message: error.message, stack: error.stack } : error }, 'deposit matching catch-up failed');
    } finally {
      this.catchingUp = false;
    }
  }

  async handle(job: Job<EventJobData<'deposit.uploaded'>>) {
    const { depositId } = job.data.payload;
    const run = await this.matching.run(depositId, (decided) => job.updateProgress(decided));
    this.log.info({ depositId, ...run }, 'deposit matching');
    return run;
  }
}
