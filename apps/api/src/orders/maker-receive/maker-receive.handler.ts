import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { FieldValidationError, japanToday, makerAnswerIssues, MakerConfirmStatus, parseDate } from '@oms/domain';
import { BatchResult, OrderActor, OrderChange, OrderRepository, OrderTarget } from '@oms/infra';
import { DataSource } from 'typeorm';
import { AnyOrderView, OrderViews } from '../queries/order-views';
import type { MakerReceiveFields } from './maker-receive.dto';

/** A maker's answer to an order, as the aggregate takes it (dates `YYYY-MM-DD`). */
export interface MakerAnswer {
  makerReceiveDate: string;
  confirmStatus: MakerConfirmStatus;
  refusalReason?: string | null;
  estimatedShipDate?: string | null;
}

/** Record the makers' answer on the lines (received, undecided or refused). Answers the order as the actor reads it. */
export class MakerReceive extends Command<AnyOrderView> {
  constructor(readonly target: OrderTarget, readonly fields: MakerReceiveFields, readonly actor: OrderActor) {
    super();
  }
}

export class MakerReceiveOfMany extends Command<BatchResult[]> {
  constructor(readonly targets: OrderTarget[], readonly fields: MakerReceiveFields, readonly actor: OrderActor) {
    super();
  }
}

const date = (text: string) => parseDate(text)!;

/** The validated body as the answer. */
function answerOf(fields: MakerReceiveFields): MakerAnswer {
  return {
    makerReceiveDate: date(fields.makerReceiveDate),
    confirmStatus: fields.confirmStatus as MakerConfirmStatus,
    refusalReason: fields.refusalReason ?? null,
    estimatedShipDate: fields.estimatedShipDate ? date(fields.estimatedShipDate) : fields.estimatedShipDate === undefined ? undefined : null,
  };
}

/**
 * The change itself, also the confirmation link's (maker-side). A maker's own answer must give the
 * ship date when accepting ('undecided' is the answer without one); staff recording it need not.
 */
export function makerReceive(answer: MakerAnswer, actor: Pick<OrderActor, 'role'>): OrderChange<void> {
  return (order, lineIds) => {
    if (actor.role === 'maker') {
      const issues = makerAnswerIssues(answer, japanToday());
      if (issues.length) throw new FieldValidationError(issues);
    }
    order.makerReceive(lineIds, answer);
  };
}

@CommandHandler(MakerReceive)
export class MakerReceiveHandler implements ICommandHandler<MakerReceive> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository, private readonly views: OrderViews) {}

  async execute({ target, fields, actor }: MakerReceive) {
    await this.dataSource.transaction((manager) => this.orders.change(manager, target, actor, makerReceive(answerOf(fields), actor)));
    return this.views.get(target.orderId, actor);
  }
}

@CommandHandler(MakerReceiveOfMany)
export class MakerReceiveOfManyHandler implements ICommandHandler<MakerReceiveOfMany> {
  constructor(private readonly dataSource: DataSource, private readonly orders: OrderRepository) {}

  execute({ targets, fields, actor }: MakerReceiveOfMany) {
    return this.dataSource.transaction((manager) => this.orders.changeMany(manager, targets, actor, makerReceive(answerOf(fields), actor)));
  }
}
