import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { DomainError, NotFoundError } from '@oms/domain';
import { RevenueRepository } from '@oms/infra';
import { DataSource } from 'typeorm';
import { RevenueUpdateBody } from './revenue.dto';
import { revenueView, RevenueView } from './revenue.view';

export class UpdateRevenue extends Command<RevenueView> {
  constructor(readonly id: string, readonly body: RevenueUpdateBody) {
    super();
  }
}

/**
 * PUT /revenues/{id}: staff's costs (actual shipping, transfer fee, other) and memo, at the version
 * they read (NAL-REVENUE-002 when the record moved meanwhile: staff, or the order it follows).
 */
@CommandHandler(UpdateRevenue)
export class UpdateRevenueHandler implements ICommandHandler<UpdateRevenue> {
  constructor(private readonly dataSource: DataSource, private readonly revenues: RevenueRepository) {}

  async execute({ id, body }: UpdateRevenue) {
    return this.dataSource.transaction(async (m) => {
      const memo = body.memo?.trim() ? body.memo.trim() : null;
      const write = { actualShipCost: body.actualShipCost, transferFee: body.transferFee, otherCost: body.otherCost, memo };
      if (!(await this.revenues.update(m, id, body.version, write))) {
        if (!(await this.revenues.find(id, m))) throw new NotFoundError('revenue');
        throw new DomainError('NAL-REVENUE-002');
      }
      return revenueView((await this.revenues.find(id, m))!);
    });
  }
}
