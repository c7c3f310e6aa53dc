import { Command, CommandHandler, ICommandHandler, IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import { answersOfStep, ApprovalLinkState, approvalLinkState, ApprovalStep, DomainError, EstimateAnswer, isRole, NotFoundError, transitionEstimate } from '@oms/domain';
import { ApprovalLinkRecord, EstimateRepository, readAccountAccess } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import { AnswerEstimateBody, RequestApproveBody } from '../estimate.dto';
import { askForStep, EstimateActor, estimateAtVersion, mustHaveWritten } from '../estimate-changes';
import { estimateView, EstimateView } from '../estimate.view';

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
  estimate: EstimateView;
}

@CommandHandler(RequestApprove)
export class RequestApproveHandler implements ICommandHandler<RequestApprove> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  execute({ id, body, actor }: RequestApprove): Promise<EstimateView> {
    return this.dataSource.transaction(async (m) => {
      const before = await estimateAtVersion(m, this.estimates, id, body.version);
      const flags = { approve: body.approve, stamp: body.stamp };
      const { to } = transitionEstimate('request_approve', before.status, actor.role, { flags });
      mustHaveWritten(await this.estimates.updateWorkflow(m, id, body.version, { status: to, actorId: actor.id, flags }));
      const requestId = await this.estimates.appendHistory(m, { estimateId: id, revision: before.revision, action: 'request_approve', fromStatus: before.status, toStatus: to, actorId: actor.id });
      await askForStep(m, this.estimates, before, to, requestId);
      return estimateView((await this.estimates.find(m, id))!, actor.role);
    });
  }
}

const LINK_REFUSAL: Record<Exclude<ApprovalLinkState, 'usable'>, 'NAL-CTM-104' | 'NAL-CTM-105'> = { answered: 'NAL-CTM-104', expired: 'NAL-CTM-105' };

/**
 * A link that can still answer, with its recipient as they stand now: a used or voided link answers
 * 'someone else already answered' (NAL-CTM-104), a late one 'expired' (NAL-CTM-105), a token that is
 * no link 'not valid' (NAL-CTM-106); a recipient since disabled or moved to a role without the step
 * is refused (NAL-403), as the console would refuse them.
 */
export async function usableLink(m: EntityManager, estimates: EstimateRepository, token: string, forUpdate: boolean): Promise<{ link: ApprovalLinkRecord; actor: EstimateActor }> {
  const link = await estimates.findLink(m, token, forUpdate);
  if (!link) throw new DomainError('NAL-CTM-106');
  const state = approvalLinkState(link, new Date());
  if (state !== 'usable') throw new DomainError(LINK_REFUSAL[state]);
  const account = await readAccountAccess(m.connection, link.recipientId);
  if (!account?.active || !isRole(account.role)) throw new DomainError('NAL-403');
  return { link, actor: { id: link.recipientId, role: account.role, viaLink: true } };
}

@CommandHandler(AnswerEstimate)
export class AnswerEstimateHandler implements ICommandHandler<AnswerEstimate> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  execute({ body, actor: signedIn }: AnswerEstimate): Promise<EstimateView> {
    return this.dataSource.transaction(async (m) => {
      let actor = signedIn;
      let usedLink: ApprovalLinkRecord | null = null;
      if (!actor) {
        // The guard let this through only with a link token; the link must be for this estimate and step.
        const found = await usableLink(m, this.estimates, body.linkToken ?? '', true);
        if (found.link.estimateId !== String(body.id)) throw new DomainError('NAL-CTM-106');
        if (!answersOfStep(found.link.step).includes(body.action)) throw new DomainError('NAL-CTM-102', { action: body.action });
        ({ actor, link: usedLink } = found);
      }
      const id = String(body.id);
      const before = await estimateAtVersion(m, this.estimates, id, body.version);
      // A link asks about one revision: once the estimate was edited its answer would approve something else.
      if (usedLink && usedLink.revision !== before.revision) throw new DomainError('NAL-CTM-104');
      const comment = body.comment?.trim() || null;
      const { to, sets } = transitionEstimate(body.action, before.status, actor.role, { comment });
      mustHaveWritten(
        await this.estimates.updateWorkflow(m, id, body.version, {
          status: to,
          actorId: actor.id,
          approved: sets === 'approved_date',
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
      await this.estimates.closeLinks(m, id, usedLink?.id ?? null);
      await askForStep(m, this.estimates, before, to, historyId);
      return estimateView((await this.estimates.find(m, id))!, actor.role);
    });
  }
}

@QueryHandler(CheckApprovalLink)
export class CheckApprovalLinkHandler implements IQueryHandler<CheckApprovalLink> {
  constructor(private readonly dataSource: DataSource, private readonly estimates: EstimateRepository) {}

  async execute({ token }: CheckApprovalLink): Promise<ApprovalLinkView> {
    const m = this.dataSource.manager;
    const { link, actor } = await usableLink(m, this.estimates, token, false);
    const record = await this.estimates.find(m, link.estimateId);
    if (!record) throw new NotFoundError('estimate');
    if (record.revision !== link.revision) throw new DomainError('NAL-CTM-104');
    const [{ name }] = await m.query(`SELECT name FROM users WHERE id = $1`, [link.recipientId]);
    return { step: link.step, answers: answersOfStep(link.step), expiresAt: link.expiresAt, recipientName: name, estimate: estimateView(record, actor.role) };
  }
}
