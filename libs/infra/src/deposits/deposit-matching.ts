import { decideMatches, DEFAULT_TRANSFER_FEES, DomainError, RecordMatch, ReviewReason, Role } from '@oms/domain';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import { DepositActor, DepositLedger } from './deposit-ledger';
import { DepositRepository } from './deposit.repository';

/** Records paid per transaction: each under its own savepoint, so a refused one costs only itself. */
const PAY_BATCH = 100;

/** What a run decided: the matches to pay, for whom, and how many records it left for staff. */
export interface DecidedRun {
  readonly upload: { readonly fileName: string; readonly actor: DepositActor };
  readonly matches: readonly RecordMatch[];
  readonly reviewed: number;
}

export interface MatchingRun {
  readonly matched: number;
  readonly review: number;
  readonly finished: boolean;
}

/**
 * Matches an upload's pending records (issue 13), the workers' job: the candidates of every record in
 * one statement, the decisions by the domain's rules (decideMatches), the records left for staff in one
 * statement, then the payments through DepositLedger in batches. Safe to run twice, or again after
 * being killed: only pending records are read and each is paid under its lock, at most once (the record
 * leaves `pending` in the same transaction; an order has one live payment, by a unique index).
 */
export class DepositMatching {
  private readonly deposits: DepositRepository;
  private readonly ledger: DepositLedger;

  constructor(private readonly dataSource: DataSource) {
    this.deposits = new DepositRepository(dataSource);
    this.ledger = new DepositLedger(this.deposits);
  }

  async run(depositId: string, onProgress?: (done: number) => Promise<void> | void): Promise<MatchingRun> {
    const decided = await this.decide(this.dataSource.manager, depositId);
    if (!decided) return { matched: 0, review: 0, finished: false };
    const { upload, matches, reviewed } = decided;
    let matched = 0;
    let done = reviewed;
    await onProgress?.(done);
    for (let from = 0; from < matches.length; from += PAY_BATCH) {
      const batch = matches.slice(from, from + PAY_BATCH);
      matched += await this.dataSource.transaction((tx) => this.pay(tx, batch, upload));
      // The upload is seen at work: the workers' catch-up leaves a run alone while it goes on.
      await this.deposits.touch(depositId);
      done += batch.length;
      await onProgress?.(done);
    }
    const finished = await this.dataSource.transaction((tx) => this.deposits.finishIfDone(tx, depositId));
    return { matched, review: reviewed + matches.length - matched, finished };
  }

  /**
   * The decisions of a run: every pending record's candidates in one statement, decided by the domain's
   * rules, the records no order fits left for staff in one statement. Answers the matches to pay, or null
   * when the upload is not matching.
   */
  async decide(m: EntityManager, depositId: string): Promise<DecidedRun | null> {
    const [upload]: { state: string; file_name: string; created_by: string; role: Role }[] = await m.query(
      `SELECT d.state, d.file_name, d.created_by::text AS created_by, u.role FROM deposits d JOIN users u ON u.id = d.created_by WHERE d.id = $1`,
      [depositId],
    );
    if (!upload || upload.state !== 'matching') return null;
    const [settings]: { transfer_fees: number[] | null }[] = await m.query(`SELECT transfer_fees FROM settings_options WHERE id = 1`);
    const decisions = decideMatches(await this.deposits.candidates(m, depositId), settings?.transfer_fees ?? DEFAULT_TRANSFER_FEES);
    const reviews: { recordId: string; reason: ReviewReason }[] = decisions.flatMap((d) => (d.outcome === 'review' ? [{ recordId: d.recordId, reason: d.reason }] : []));
    await this.deposits.leaveForReview(m, reviews);
    return {
      upload: { fileName: upload.file_name, actor: { id: upload.created_by, role: upload.role } },
      matches: decisions.filter((d): d is RecordMatch => d.outcome === 'matched'),
      reviewed: reviews.length,
    };
  }

  /**
   * Pays matches in the caller's transaction (a batch of a run), each record under a savepoint: a refused
   * one goes to review and costs only itself. Answers how many records were paid.
   */
  async pay(tx: EntityManager, matches: readonly RecordMatch[], upload: DecidedRun['upload']): Promise<number> {
    let paid = 0;
    const refused: { recordId: string; reason: ReviewReason }[] = [];
    for (const decision of matches) {
      await tx.query('SAVEPOINT deposit_record');
      try {
        if (await this.ledger.payFromRecord(tx, decision.recordId, decision, upload.fileName, upload.actor)) paid++;
        await tx.query('RELEASE SAVEPOINT deposit_record');
      } catch (error) {
        const reason = refusalOf(error);
        if (!reason) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT deposit_record');
        refused.push({ recordId: decision.recordId, reason });
      }
    }
    await this.deposits.leaveForReview(tx, refused);
    return paid;
  }
}

/**
 * Why paying a record was refused, when the refusal is the record's (it goes to review) and not the
 * run's: an order changed since its candidates were read (a version, a payment by hand meanwhile: the
 * order's one live payment), or an amount that cannot be spread.
 */
function refusalOf(error: unknown): ReviewReason | null {
  if (error instanceof DomainError) return error.code === 'NAL-DEP-044' ? 'too_little' : 'changed';
  const code = error instanceof QueryFailedError ? (error.driverError as { code?: string }).code : undefined;
  // 23505: the order's one live payment was made meanwhile; 23514: an amount past what a payment can hold.
  if (code === '23505') return 'already_claimed';
  if (code === '23514') return 'too_large';
  return null;
}
