import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, ErrorCode, FieldValidationError, isVisibleToMaker, japanToday, makerAnswerIssues, NotFoundError } from '@oms/domain';
import { OrderRepository } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';
import type { SignedInUser } from '../../auth/access.decorators';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import { OrderAction, performOrderAction } from './order-action';

/** Which order, at which version, and which of its lines. */
export interface OrderTarget {
  orderId: string;
  version: number;
  lineIds: string[];
}

export interface AppliedAction {
  version: number;
  updatedAt: Date;
  isShowPopup?: boolean;
}

export class ApplyOrderAction extends Command<AppliedAction & { order: AnyOrderView }> {
  constructor(readonly target: OrderTarget, readonly action: OrderAction, readonly actor: SignedInUser) {
    super();
  }
}

export type BatchResult = { orderId: string; ok: true; version: number } | { orderId: string; ok: false; errorCode: ErrorCode };

/** One command over many orders: each order changes whole or not at all. */
export class ApplyOrderActionToMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly action: OrderAction, readonly actor: SignedInUser) {
    super();
  }
}

/** Who acts: a signed-in user, or a maker through a confirmation link (no user: id null). */
export type OrderActor = Omit<SignedInUser, 'id' | 'stamp'> & { id: string | null };

/**
 * The unit of work of one command on one order (STYLE.md "one command, end to end"): load, check
 * the version the client read, let the aggregate apply its rules, save with compare-and-set.
 * A maker sees only orders with a line it may see (404 otherwise) and acts only on those lines.
 */
export async function applyToOrder(manager: EntityManager, orders: OrderRepository, target: OrderTarget, action: OrderAction, actor: OrderActor): Promise<AppliedAction> {
  // The row first: the load then reads the order and its lines as the last writer left them (read
  // separately, a writer committing in between would pair the old version with the new lines).
  await orders.lockInIdOrder(manager, [target.orderId]);
  const order = await orders.load(manager, target.orderId);
  const lines = order?.snapshot().lines ?? [];
  // A maker acts on the lines it may see (ordered from it), as it reads them: another order is none of its own.
  const own = lines.filter((l) => actor.role !== 'maker' || (l.makerId === actor.makerId && isVisibleToMaker({ status: l.status, firstOrderedAt: l.firstOrderedAt ?? null })));
  if (!order || own.length === 0) throw new NotFoundError('order');
  if (order.version !== target.version) throw new DomainError('NAL_ORD-193');
  if (actor.role === 'maker' && target.lineIds.some((id) => !own.some((l) => l.id === String(id)))) throw new DomainError('NAL_ORD-102');
  const today = japanToday();
  if (actor.role === 'maker' && action.kind === 'maker_received_process') {
    // The maker's own answer: accepting gives the ship date ('undecided' is the answer without one).
    const issues = makerAnswerIssues(action, today);
    if (issues.length) throw new FieldValidationError(issues);
  }
  const answer = await performOrderAction(order, target.lineIds, action, { today, timeline: () => orders.timeline(manager) });
  const saved = await orders.save(manager, order, target.version, actor.id);
  return { ...answer, ...saved };
}

/** The delivery company a ship names must be live (a deleted one keeps only the orders that have it). */
async function checkDeliveryCompany(manager: EntityManager, action: OrderAction): Promise<void> {
  if (action.kind !== 'maker_ship_process' || !action.deliveryCompanyId) return;
  const [live] = await manager.query(`SELECT 1 FROM delivery_companies WHERE id = $1 AND deleted_at IS NULL`, [action.deliveryCompanyId]);
  if (!live) throw new FieldValidationError([{ field: 'delivery_company_id', errorCode: 'exists' }]);
}

@CommandHandler(ApplyOrderAction)
export class ApplyOrderActionHandler implements ICommandHandler<ApplyOrderAction> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, action, actor }: ApplyOrderAction) {
    const applied = await this.dataSource.transaction(async (manager) => {
      await checkDeliveryCompany(manager, action);
      return applyToOrder(manager, this.orders, target, action, actor);
    });
    return { ...applied, order: await this.views.get(target.orderId, actor) };
  }
}

@CommandHandler(ApplyOrderActionToMany)
export class ApplyOrderActionToManyHandler implements ICommandHandler<ApplyOrderActionToMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, action, actor }: ApplyOrderActionToMany): Promise<BatchResult[]> {
    return this.dataSource.transaction(async (manager) => {
      await checkDeliveryCompany(manager, action);
      // Lock every order first, in id order: two batches over the same orders cannot deadlock.
      await this.orders.lockInIdOrder(manager, targets.map((t) => t.orderId));
      const results = new Map<OrderTarget, BatchResult>();
      for (const target of [...targets].sort((a, b) => Number(a.orderId) - Number(b.orderId))) {
        // A savepoint per order: a refused order leaves no trace, the others keep their change.
        await manager.query('SAVEPOINT order_action');
        try {
          const { version } = await applyToOrder(manager, this.orders, target, action, actor);
          await manager.query('RELEASE SAVEPOINT order_action');
          results.set(target, { orderId: target.orderId, ok: true, version });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          await manager.query('ROLLBACK TO SAVEPOINT order_action');
          results.set(target, { orderId: target.orderId, ok: false, errorCode: error.code });
        }
      }
      return targets.map((t) => results.get(t)!);
    });
  }
}
