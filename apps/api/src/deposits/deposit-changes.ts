import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DepositType, DomainError, domainEvent, NotFoundError, parseDate } from '@oms/domain';
import { appendToOutbox, DepositLedger, DepositRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import type { SignedInUser } from '../auth/access.decorators';
import { ImportedFiles } from '../common/uploads/imported-files';
import { DepositRevertBody, DepositUpdateBody } from './deposit.dto';
import { depositPaymentView, DepositPaymentView, depositRecordView, DepositRecordView, depositView, DepositView } from './deposit.view';

export class UpdateOrderDeposit extends Command<{ payment: DepositPaymentView; orderVersion: number }> {
  constructor(readonly user: SignedInUser, readonly orderId: string, readonly body: DepositUpdateBody) {
    super();
  }
}

export class RevertDepositRecord extends Command<DepositRecordView> {
  constructor(readonly user: SignedInUser, readonly recordId: string, readonly body: DepositRevertBody) {
    super();
  }
}

export class RevertDeposit extends Command<DepositView> {
  constructor(readonly user: SignedInUser, readonly depositId: string, readonly body: DepositRevertBody) {
    super();
  }
}

/**
 * PUT /deposits/{orderId}/update: a payment entered by hand on one order, or a record left for review
 * applied to it (`record_id`). The order's version must be the one read (NAL_ORD-193); its unpaid lines
 * are confirmed as PUT /orders/paid confirms them; the record's payer name is taught for later runs.
 */
@CommandHandler(UpdateOrderDeposit)
export class UpdateOrderDepositHandler implements ICommandHandler<UpdateOrderDeposit> {
  constructor(private readonly dataSource: DataSource, private readonly deposits: DepositRepository, private readonly ledger: DepositLedger) {}

  async execute({ user, orderId, body }: UpdateOrderDeposit) {
    return this.dataSource.transaction(async (m) => {
      const { paymentId, version } = await this.ledger.payByHand(
        m,
        {
          orderId,
          version: body.version,
          type: body.type as DepositType,
          amount: body.amount,
          paidDate: parseDate(body.paidDate)!,
          settlementFee: body.settlementFee,
          transferFee: body.transferFee,
          otherFee: body.otherFee,
          shippingFee: body.shippingFee,
          recordId: body.recordId === undefined ? null : String(body.recordId),
        },
        user,
      );
      const payment = (await this.deposits.livePayments(m, { orderId })).find((p) => p.id === paymentId)!;
      return { payment: depositPaymentView(payment), orderVersion: version };
    });
  }
}

/**
 * PUT /deposits/records/{id}/revert: a matched record's payments taken back (its orders' lines back to
 * unpaid through the reverse status step, the history saying why); the record waits for staff again.
 * The record's version must be the one read (NAL-DEP-040).
 */
@CommandHandler(RevertDepositRecord)
export class RevertDepositRecordHandler implements ICommandHandler<RevertDepositRecord> {
  constructor(private readonly dataSource: DataSource, private readonly deposits: DepositRepository, private readonly ledger: DepositLedger) {}

  async execute({ user, recordId, body }: RevertDepositRecord): Promise<DepositRecordView> {
    await this.dataSource.transaction(async (m) => {
      const record = await this.deposits.lockRecord(m, recordId);
      if (!record) throw new NotFoundError('deposit_record');
      if (record.version !== body.version) throw new DomainError('NAL-DEP-040');
      if (record.state !== 'matched') throw new DomainError('NAL-DEP-043');
      await this.ledger.revertRecord(m, record, user, body.reason, 'review');
    });
    const [record] = await this.deposits.recordsByIds([recordId]);
    return depositRecordView(record, await this.deposits.candidatesFor([recordId]));
  }
}

/**
 * PUT /deposits/{id}/revert: a whole upload taken back, all or nothing: every payment it made reverted
 * (NAL-DEP-041 naming an order that has moved on, and then nothing changes), its records released, and
 * its file no longer counted as imported (a corrected file of the same name may come).
 */
@CommandHandler(RevertDeposit)
export class RevertDepositHandler implements ICommandHandler<RevertDeposit> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly deposits: DepositRepository,
    private readonly ledger: DepositLedger,
    private readonly importedFiles: ImportedFiles,
  ) {}

  async execute({ user, depositId, body }: RevertDeposit): Promise<DepositView> {
    await this.dataSource.transaction(async (m) => {
      const deposit = await this.deposits.lockDeposit(m, depositId);
      if (!deposit) throw new NotFoundError('deposit');
      if (deposit.version !== body.version) throw new DomainError('NAL-DEP-040');
      if (deposit.state !== 'done') throw new DomainError('NAL-DEP-045');
      const matched = await this.deposits.matchedRecords(m, depositId);
      for (const record of matched) await this.ledger.revertRecord(m, record, user, body.reason, 'reverted');
      await this.deposits.markReverted(m, depositId, user.id, body.reason);
      await this.importedFiles.release('deposits', depositId, m);
      // Later uploads that held these bank records as duplicates hold them now, and match them.
      const rematch = await this.deposits.releaseDuplicatesOf(m, depositId);
      await appendToOutbox(m, rematch.map((id) => domainEvent('deposit.uploaded', id, { depositId: id })));
    });
    return depositView((await this.deposits.find(depositId))!);
  }
}
