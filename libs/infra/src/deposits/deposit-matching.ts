import { decideMatches, DEFAULT_TRANSFER_FEES, DomainError, MatchDecision, ReviewReason, Role } from '@oms/domain';
import { DataSource, QueryFailedError } from 'typeorm';
import { DepositLedger } from './deposit-ledger';
import { DepositRepository } from './deposit.repository';

/** Records paid per transaction: each under its own savepoint, so a refused one costs only itself. */
const PAY_BATCH = 100;

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
    const m = this.dataSource.manager;
    const [upload]: { state: string; file_name: string; created_by: string; role: Role }[] = await m.query(
      `SELECT d.state, d.file_name, d.created_by::text AS created_by, u.role FROM deposits d JOIN users u ON u.id = d.created_by WHERE d.id = $1`,
      [depositId],
    );
    if (!upload || upload.state !== 'matching') return { matched: 0, review: 0, finished: false };
    const [settings]: { transfer_fees: number[] | null }[] = await m.query(`SELECT transfer_fees FROM settings_options WHERE id = 1`);
    const decisions = decideMatches(await this.deposits.candidates(m, depositId), settings?.transfer_fees ?? DEFAULT_TRANSFER_FEES);

    const reviews: { recordId: string; reason: ReviewReason }[] = decisions.flatMap((d) => (d.outcome === 'review' ? [{ recordId: d.recordId, reason: d.reason }] : []));
    await this.deposits.leaveForReview(m, reviews);
    const matches = decisions.filter((d): d is Extract<MatchDecision, { outcome: 'matched' }> => d.outcome === 'matched');
    const actor = { id: upload.created_by, role: upload.role };
    let matched = 0;
    let done = reviews.length;
    await onProgress?.(done);
    for (let from = 0; from < matches.length; from += PAY_BATCH) {
      const batch = matches.slice(from, from + PAY_BATCH);
      const refused: { recordId: string; reason: ReviewReason }[] = [];
      await this.dataSource.transaction(async (tx) => {
        for (const decision of batch) {
          await tx.query('SAVEPOINT deposit_record');
          try {
            if (await this.ledger.payFromRecord(tx, decision.recordId, decision, upload.file_name, actor)) matched++;
            await tx.query('RELEASE SAVEPOINT deposit_record');
          } catch (error) {
            const reason = refusalOf(error);
            if (!reason) throw error;
            await tx.query('ROLLBACK TO SAVEPOINT deposit_record');
            refused.push({ recordId: decision.recordId, reason });
          }
        }
        await this.deposits.leaveForReview(tx, refused);
      });
      done += batch.length;
      await onProgress?.(done);
    }
    const finished = await this.dataSource.transaction((tx) => this.deposits.finishIfDone(tx, depositId));
    return { matched, review: reviews.length + matches.length - matched, finished };
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
