import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { ESTIMATE_STATUS, estimateEdit, FeeKind, FieldValidationError, japanToday } from '@oms/domain';
import { EstimateContent, EstimateRepository } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { constrainedWrite } from '../../common/unique';
import { blankOrMissingToNull } from '../../common/validation/blank';
import { CreateEstimateBody, EstimateFields, UpdateEstimateBody } from '../estimate.dto';
import { EstimateActor, estimateAtVersion, mustHaveWritten } from '../estimate-changes';
import { estimateView, EstimateView, totalsOf } from '../estimate.view';
import { EstimateDocuments } from '../files/estimate-documents';

export class CreateEstimate extends Command<EstimateView> {
  constructor(readonly body: CreateEstimateBody, readonly actor: EstimateActor) {
    super();
  }
}

/** Edits the current revision; an approved or stamped one is locked, and the edit makes the next revision. */
export class UpdateEstimate extends Command<EstimateView> {
  constructor(readonly id: string, readonly body: UpdateEstimateBody, readonly actor: EstimateActor) {
    super();
  }
}

function contentOf(body: EstimateFields): EstimateContent {
  return {
    personInCharge: blankOrMissingToNull(body.personInCharge),
    deliveryLocation: blankOrMissingToNull(body.deliveryLocation),
    faxNumber: blankOrMissingToNull(body.faxNumber),
    zip: blankOrMissingToNull(body.zip),
    estimatePaymentId: body.estimatePaymentId ?? null,
    details: body.details.map((d) => ({
      ecProductCode: blankOrMissingToNull(d.ecProductCode),
      productName: d.productName,
      taxPercentage: d.taxPercentage,
      optionDetail: blankOrMissingToNull(d.optionDetail),
      priceWithTax: d.priceWithTax,
      amount: d.amount,
      unit: blankOrMissingToNull(d.unit),
    })),
    fee1Id: (body.fee1Id ?? null) as FeeKind | null,
    fee1Value: body.fee1Value ?? null,
    fee2Id: (body.fee2Id ?? null) as FeeKind | null,
    fee2Value: body.fee2Value ?? null,
    // Blank notes are dropped: the form shows eight fields, the document prints those filled in.
    estimateNotes: (body.estimateNotes ?? []).filter((note) => note !== ''),
    note: blankOrMissingToNull(body.note),
  };
}

/** The database decides uniqueness and whether a payment method exists (two saves cannot both pass a look-up). */
const checkedWrite = <T>(work: () => Promise<T>) =>
  constrainedWrite({ unique: { estimates_estimate_no_unique: 'estimate_no' }, references: { estimates_payment_fk: 'estimate_payment_id' } }, work);

@CommandHandler(CreateEstimate)
export class CreateEstimateHandler implements ICommandHandler<CreateEstimate> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  execute({ body, actor }: CreateEstimate): Promise<EstimateView> {
    const content = contentOf(body);
    const { total } = totalsOf(content);
    return checkedWrite(() =>
      this.dataSource.transaction(async (m) => {
        await refuseUnknownCustomer(m, String(body.customerId));
        const estimateNo = blankOrMissingToNull(body.estimateNo) ?? (await this.estimates.nextEstimateNo(m, japanToday()));
        const id = await this.estimates.insert(m, { ...content, customerId: String(body.customerId), estimateNo, total, actorId: actor.id });
        await this.estimates.appendHistory(m, { estimateId: id, revision: 1, action: 'create', fromStatus: null, toStatus: ESTIMATE_STATUS.unprocessed, actorId: actor.id });
        return estimateView((await this.estimates.find(m, id))!, actor.role);
      }),
    );
  }
}

@CommandHandler(UpdateEstimate)
export class UpdateEstimateHandler implements ICommandHandler<UpdateEstimate> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository, private readonly documents: EstimateDocuments) {}

  execute({ id, body, actor }: UpdateEstimate): Promise<EstimateView> {
    const content = contentOf(body);
    const { total } = totalsOf(content);
    return checkedWrite(() =>
      this.dataSource.transaction(async (m) => {
        const before = await estimateAtVersion(m, this.estimates, id, body.version);
        const { revise, status, keepsNumber } = estimateEdit(before);
        // The earlier revision is frozen as issued, and its links can no longer answer for the new one.
        if (revise) await this.estimates.freezeRevision(m, before, await this.documents.parties(m, before));
        await this.estimates.closeLinks(m, id, null);
        const estimateNo = keepsNumber ? before.estimateNo : (blankOrMissingToNull(body.estimateNo) ?? before.estimateNo);
        mustHaveWritten(await this.estimates.updateContent(m, id, body.version, { ...content, estimateNo, total, actorId: actor.id, revise, status }));
        await this.estimates.appendHistory(m, {
          estimateId: id,
          revision: before.revision + (revise ? 1 : 0),
          action: revise ? 'revise' : 'edit',
          fromStatus: before.status,
          toStatus: status,
          actorId: actor.id,
        });
        return estimateView((await this.estimates.find(m, id))!, actor.role);
      }),
    );
  }
}

async function refuseUnknownCustomer(m: EntityManager, customerId: string): Promise<void> {
  const [row] = await m.query(`SELECT 1 FROM customers WHERE id = $1`, [customerId]);
  if (!row) throw new FieldValidationError([{ field: 'customer_id', errorCode: 'exists' }]);
}
