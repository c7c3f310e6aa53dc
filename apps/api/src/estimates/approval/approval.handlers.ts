import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { answersOfStep, ApprovalStep, DomainError, EstimateAnswer, NotFoundError, transitionEstimate } from '@oms/domain';
import { ApprovalLinkRecord, EstimateRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnswerEstimateBody, RequestApproveBody } from '../estimate.dto';
import { askForStep, atVersion, EstimateActor, estimateAtVersion, lockedEstimate, mustHaveWritten } from '../estimate-changes';
import { estimateView, EstimateView, linkEstimateView, LinkEstimateView } from '../estimate.view';
import { linkActor, linkOf } from './approval-links';

export class RequestApprove extends Command<EstimateView> {
  constructor(readonly id: string, readonly body: RequestApproveBody, readonly actor: EstimateActor) {
    super();
  }
}

/** An answer from the console (`actor`) or through a mailed link (`body.linkToken`, acting as its recipient). */
export class AnswerEstimate extends Command<EstimateView> {
  constructor(readonly body: AnswerEstimateBody, readonly actor: EstimateActor | null) {
    super();
  }
}

/** GET /customers/estimates/check: whether a link can still answer, and the estimate it shows. */
export class CheckApprovalLink extends Query<ApprovalLinkView> {
  constructor(readonly token: string) {
    super();
  }
}

export interface ApprovalLinkView {
  step: ApprovalStep;
  /** The answers the page offers. */
  answers: EstimateAnswer[];
  expiresAt: Date;
  recipientName: string;
  estimate: LinkEstimateView;
}

@CommandHandler(RequestApprove)
export class RequestApproveHandler implements ICommandHandler<RequestApprove> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  execute({ id, body, actor }: RequestApprove): Promise<EstimateView> {
    return this.dataSource.transaction(async (m) => {
      const before = await estimateAtVersion(m, this.estimates, id, body.version);
      const flags = { approve: body.approve, stamp: body.stamp };
      const { to } = transitionEstimate('request_approve', before.status, actor.role, { flags });
      mustHaveWritten(await this.estimates.updateWorkflow(m, id, body.version, { status: to, actorId: actor.id, flags, resetApproval: true }));
      const requestId = await this.estimates.appendHistory(m, { estimateId: id, revision: before.revision, action: 'request_approve', fromStatus: before.status, toStatus: to, actorId: actor.id });
      await askForStep(m, this.estimates, before, to, requestId);
      return estimateView((await this.estimates.find(m, id))!, actor.role);
    });
  }
}

@CommandHandler(AnswerEstimate)
export class AnswerEstimateHandler implements ICommandHandler<AnswerEstimate> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  execute({ body, actor: signedIn }: AnswerEstimate): Promise<EstimateView> {
    return this.dataSource.transaction(async (m) => {
      const id = String(body.id);
      let actor = signedIn;
      let usedLink: ApprovalLinkRecord | null = null;
      if (!actor) {
        // The guard let this through only with a link token: the link must be this estimate's (a first look, unlocked).
        if ((await linkOf(m, this.estimates, body.linkToken ?? '')).estimateId !== id) throw new DomainError('NAL-CTM-106');
      }
      // The estimate first, then its link (the order every write takes): two answers at once queue here.
      const current = await lockedEstimate(m, this.estimates, id);
      if (!actor) {
        usedLink = await linkOf(m, this.estimates, body.linkToken ?? '', true);
        // The first answer wins: a link voided or used meanwhile says so, before the version would.
        actor = await linkActor(m, usedLink, current, body.action);
      }
      const before = atVersion(current, body.version);
      const comment = body.comment?.trim() || null;
      const { to, sets } = transitionEstimate(body.action, before.status, actor.role, { comment });
      mustHaveWritten(
        await this.estimates.updateWorkflow(m, id, body.version, {
          status: to,
          actorId: actor.id,
          approved: sets === 'approved_date',
          resetApproval: sets === 'admin_note',
          sealed: sets === 'seal_approved_date',
          ...(sets === 'admin_note' ? { adminNote: comment } : {}),
        }),
      );
      const historyId = await this.estimates.appendHistory(m, {
        estimateId: id,
        revision: before.revision,
        action: body.action,
        fromStatus: before.status,
        toStatus: to,
        comment,
        actorId: actor.id,
        viaLink: Boolean(actor.viaLink),
      });
      // The first answer wins: this link is used, every other one of the round voided; a next step gets its own round.
      await askForStep(m, this.estimates, before, to, historyId, usedLink?.id ?? null);
      return estimateView((await this.estimates.find(m, id))!, actor.role);
    });
  }
}

@QueryHandler(CheckApprovalLink)
export class CheckApprovalLinkHandler implements IQueryHandler<CheckApprovalLink> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  async execute({ token }: CheckApprovalLink): Promise<ApprovalLinkView> {
    const m = this.dataSource.manager;
    const link = await linkOf(m, this.estimates, token);
    const record = await this.estimates.find(m, link.estimateId);
    if (!record) throw new NotFoundError('estimate');
    const actor = await linkActor(m, link, record);
    const [{ name }] = await m.query(`SELECT name FROM users WHERE id = $1`, [link.recipientId]);
    return { step: link.step, answers: answersOfStep(link.step), expiresAt: link.expiresAt, recipientName: name, estimate: linkEstimateView(record, actor.role) };
  }
}
