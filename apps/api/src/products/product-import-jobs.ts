import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import {
  APP_CONFIG,
  AppConfig,
  createRedis,
  CsvRow,
  CsvRowIssue,
  FILE_STORAGE,
  FileStorage,
  PRODUCTS_MAKER_PRODUCT_CODE_UNIQUE,
  PRODUCT_IMPORTS_QUEUE,
  ProductImportJobData,
  ProductImportJobName,
  ProductImportRepository,
  ProductRepository,
  QueueRegistry,
  readCsv,
  TimeSlice,
} from '@oms/infra';
import { Job, Worker } from 'bullmq';
import type Redis from 'ioredis';
import { DataSource } from 'typeorm';
import type { ProductImportStatus } from '@oms/domain';
import { ImportedFiles } from '../common/uploads/imported-files';
import { PRODUCT_CSV_COLUMNS, ProductCsvKey } from './product-csv';
import { ProductFileCheck } from './product-import-check';


/** Tries of a job: a restart of the API costs one (the running check stops and is taken up again). */
const ATTEMPTS = 5;
/** Rows checked together: one lookup of their products, one write of their staged and rejected rows. */
const CHECK_BATCH_ROWS = 1000;
/** How often progress is written while a file is checked (and a discard noticed). */
const PROGRESS_EVERY_MS = 250;
/** How often unfinished imports are looked at; previews left this long are discarded. */
const SWEEP_EVERY_MS = 60_000;
export const IMPORT_RETENTION_SECONDS = 7 * 24 * 3600;

/** The job of an import and step: its id makes adding it twice add it once (BullMQ ids must not look like integers). */
export const productImportJobId = (name: ProductImportJobName, importId: string) => `${name}-${importId}`;

class ImportInterrupted extends Error {}

async function readAll(storage: FileStorage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.get(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * About how many data rows a file has, from its line breaks (a quoted cell over two lines counts twice),
 * for progress only; 256 KB at a time.
 */
async function estimateRows(buffer: Buffer, slice: TimeSlice): Promise<number> {
  const ending = buffer.includes(0x0a) ? 0x0a : 0x0d;
  let lines = buffer.length > 0 && buffer[buffer.length - 1] !== ending ? 1 : 0;
  for (let from = 0; from < buffer.length; from += 1 << 18) {
    const part = buffer.subarray(from, from + (1 << 18));
    for (let i = 0; i < part.length; i++) if (part[i] === ending) lines++;
    await slice.check();
  }
  return Math.max(0, lines - 1);
}

/**
 * The work of product imports (docs/product-csv.md), run as jobs of the `product-imports` queue by this
 * API process: the checks are the API's own rules (apps/workers cannot import them). The file is read
 * and checked in slices of a few milliseconds (readCsv, TimeSlice), so requests are answered while a
 * 10 MB file is read; the database work in between is asynchronous. Both steps are safe to run twice:
 * a check starts again from nothing, an apply finds the import applied.
 */
@Injectable()
export class ProductImportJobs implements OnModuleDestroy {
  private stopping = false;

  constructor(
    private readonly dataSource: DataSource,
    private readonly imports: ProductImportRepository,
    private readonly products: ProductRepository,
    private readonly importedFiles: ImportedFiles,
    @Inject(FILE_STORAGE) private readonly storage: FileStorage,
  ) {}

  onModuleDestroy(): void {
    // A check running when the process stops gives up at its next batch; the job is tried again.
    this.stopping = true;
  }

  /** validating → previewed or invalid: every row checked, the valid ones staged with what they change. */
  async validate(importId: string): Promise<void> {
    const record = await this.imports.find(importId);
    if (record?.status !== 'validating') return;
    const slice = new TimeSlice();
    const buffer = await readAll(this.storage, record.fileKey);
    if (!(await this.imports.restartValidation(importId, await estimateRows(buffer, slice)))) return;

    const reading = readCsv(buffer, { columns: PRODUCT_CSV_COLUMNS });
    const check = new ProductFileCheck(this.products);
    const staging = await this.imports.stage(importId);
    let rowsDone = 0;
    let reported = performance.now();
    // Rows are checked a thousand at a time: one lookup of the products they name, one write. While a
    // batch's lookups and writes are with the database, the next batch is validated here.
    let rows: CsvRow<ProductCsvKey>[] = [];
    let rowIssues: CsvRowIssue[] = [];
    let writing: Promise<void> = Promise.resolve();
    const checkRows = async () => {
      const checked = await check.validate(rows, rowIssues, slice);
      rowsDone += rows.length + rowIssues.length;
      rows = [];
      rowIssues = [];
      await writing; // the batch before, in file order
      writing = (async () => {
        const { staged, rejected } = await check.compare(checked, slice);
        await staging.write(staged);
        await this.imports.reject(importId, rejected);
      })();
      writing.catch(() => undefined); // awaited with the next batch, or below
      if (performance.now() - reported >= PROGRESS_EVERY_MS) {
        if (this.stopping) throw new ImportInterrupted('the API is stopping');
        if (!(await this.imports.progress(importId, rowsDone))) throw new ImportInterrupted('discarded');
        reported = performance.now();
      }
    };
    try {
      for await (const batch of reading) {
        rows.push(...batch.rows);
        rowIssues.push(...batch.rowIssues);
        if (rows.length + rowIssues.length >= CHECK_BATCH_ROWS) await checkRows();
      }
      await checkRows();
      await writing;
      await staging.finish();
    } catch (error) {
      await writing.catch(() => undefined);
      await staging.abort();
      if (error instanceof ImportInterrupted && error.message === 'discarded') return this.imports.clearStaged(importId);
      throw error;
    }

    const late = check.lateRejections();
    await this.imports.reject(importId, late);
    await this.imports.unstage(importId, late.map((r) => r.line));
    const counts = await this.imports.counts(importId);
    const fileErrors = reading.headerIssues.map((h) => ({ column: h.column, errorCode: h.errorCode, ...(h.params ? { params: h.params } : {}) }));
    const finished = await this.imports.finishValidation(importId, {
      ...counts,
      status: counts.errorCount + fileErrors.length > 0 ? 'invalid' : 'previewed',
      rowsTotal: rowsDone,
      headerCells: reading.header ? [...reading.header] : null,
      fileErrors,
    });
    if (!finished) await this.imports.clearStaged(importId); // discarded at the last moment
  }

  /** applying → applied, in one transaction; `failed` (NAL-PRO-004) when the catalogue moved since the preview. */
  async apply(importId: string): Promise<void> {
    const record = await this.imports.find(importId);
    if (record?.status !== 'applying') return;
    let outcome: Awaited<ReturnType<ProductImportRepository['apply']>>;
    try {
      outcome = await this.dataSource.transaction((m) => this.imports.apply(m, importId, record.appliedBy!));
    } catch (error) {
      // A product outside the file took one of its maker product codes since the preview.
      const pg = (error as { driverError?: { code?: string; constraint?: string } }).driverError;
      if (pg?.code !== '23505' || pg.constraint !== PRODUCTS_MAKER_PRODUCT_CODE_UNIQUE) throw error;
      outcome = 'stale';
    }
    if (outcome === 'stale') await this.failAndRelease(importId, 'NAL-PRO-004', ['applying']);
    if (outcome === 'applied') await this.cleanUp(record.id, record.fileKey);
  }

  /**
   * Ends an import that cannot go on (`failed`, with the reason's code): its file and staged rows go,
   * and a file that was being applied no longer counts as imported. False when it had ended already.
   */
  async fail(importId: string, code: string): Promise<boolean> {
    const record = await this.imports.find(importId);
    if (!record || !(await this.failAndRelease(importId, code))) return false;
    await this.cleanUp(importId, record.fileKey);
    return true;
  }

  /** `failed`, and its file's name no longer counts as imported: together, or a crash between would keep the name taken. */
  private failAndRelease(importId: string, code: string, from?: ProductImportStatus[]): Promise<boolean> {
    return this.dataSource.transaction(async (m) => {
      if (!(await this.imports.fail(importId, code, from, m))) return false;
      await this.importedFiles.release('products', importId, m);
      return true;
    });
  }

  /** What an import no longer needs once applied or discarded: its staged rows and its file. */
  async cleanUp(importId: string, fileKey: string): Promise<void> {
    await this.imports.clearStaged(importId);
    await this.storage.delete(fileKey);
  }
}

/**
 * The `product-imports` queue in this process: adds the jobs, consumes them (one at a time: a check is
 * work on this event loop), and sweeps for imports a crash left behind. A job whose process died is taken
 * over by any API once its lock lapses (WORKER_LOCK_MS); one with no job at all (lost between the
 * database and Redis) is added again, and one whose job gave up is marked failed, at start and every
 * minute after.
 */
@Injectable()
export class ProductImportQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private worker: Worker<ProductImportJobData> | null = null;
  private connection: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;
  private readonly log = new Logger('ProductImports');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly queues: QueueRegistry,
    private readonly imports: ProductImportRepository,
    private readonly jobs: ProductImportJobs,
  ) {}

  private get queue() {
    return this.queues.get(PRODUCT_IMPORTS_QUEUE);
  }

  /** Adds the step's job; a failure (Redis away) is left to the sweep, which adds it when Redis is back. */
  async enqueue(name: ProductImportJobName, importId: string): Promise<void> {
    try {
      await this.queue.add(name, { importId }, {
        jobId: productImportJobId(name, importId),
        attempts: ATTEMPTS,
        backoff: { type: 'exponential', delay: 2000 },
        removeOnComplete: { age: 24 * 3600 },
        removeOnFail: { age: 7 * 24 * 3600 },
      });
    } catch (error) {
      this.log.warn(`import ${importId}: the ${name} job was not added (${(error as Error).message}); the sweep will add it`);
    }
  }

  onApplicationBootstrap(): void {
    this.connection = createRedis(this.config.REDIS_URL, true);
    this.worker = new Worker<ProductImportJobData>(PRODUCT_IMPORTS_QUEUE, (job) => this.run(job), {
      connection: this.connection,
      prefix: this.config.QUEUE_PREFIX,
      concurrency: 1,
      lockDuration: this.config.WORKER_LOCK_MS,
      stalledInterval: this.config.WORKER_LOCK_MS,
      maxStalledCount: 2,
    });
    this.worker.on('failed', (job, error) => {
      this.log.warn(`import ${job?.data.importId}: ${job?.name} failed (attempt ${job?.attemptsMade}): ${error.message}`);
      if (job && job.attemptsMade >= (job.opts.attempts ?? 1)) void this.giveUp(job.data.importId);
    });
    this.worker.on('error', (error) => this.log.error(`product import worker: ${error.message}`));
    void this.sweep();
    this.timer = setInterval(() => void this.sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    // Waits for the running job, which stops at its next batch (ProductImportJobs.onModuleDestroy).
    await this.worker?.close();
    this.connection?.disconnect();
  }

  private run(job: Job<ProductImportJobData>): Promise<void> {
    return job.name === 'apply' ? this.jobs.apply(job.data.importId) : this.jobs.validate(job.data.importId);
  }

  private async giveUp(importId: string): Promise<void> {
    await this.jobs.fail(importId, 'NAL-500').catch((error: Error) => this.log.warn(`import ${importId}: giving up failed (${error.message})`));
  }

  /** Imports a crash left behind, and previews nobody came back to. Safe in every API at once. */
  async sweep(): Promise<void> {
    try {
      for (const { id, status, idle } of await this.imports.unfinished(IMPORT_RETENTION_SECONDS)) {
        if (status === 'validating' || status === 'applying') {
          const name = status === 'validating' ? 'validate' : 'apply';
          const job = await this.queue.getJob(productImportJobId(name, id));
          const state = job ? await job.getState() : 'unknown';
          if (state === 'unknown') await this.enqueue(name, id);
          else if (state === 'failed' || state === 'completed') await this.giveUp(id);
        } else if (idle) {
          const record = await this.imports.find(id);
          if (record && (await this.imports.discard(id))) await this.jobs.cleanUp(id, record.fileKey);
        }
      }
    } catch (error) {
      this.log.warn(`product import sweep failed (${(error as Error).message}); the next runs in a minute`);
    }
  }
}
