import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@oms/domain';
import { OrderReader } from '@oms/infra';
import type { EntityManager } from 'typeorm';
import type { SignedInUser } from '../../auth/access.decorators';
import { makerOrderView, MakerOrderView, orderView, OrderView } from './order.view';

export type { MakerOrderView, OrderView } from './order.view';

/** What a viewer reads of an order: staff the whole order, a maker user its own view. */
export type AnyOrderView = OrderView | MakerOrderView;

/** Builds the order as answered (docs/orders-api.md "The order", "A maker's view"), by who asks. */
@Injectable()
export class OrderViews {
  constructor(private readonly reader: OrderReader) {}

  /**
   * The order with this id. A maker user reads only an order with a line it may see (404
   * otherwise), in the maker's view. `manager`: read inside the caller's transaction.
   */
  async get(id: string, viewer: Pick<SignedInUser, 'role' | 'makerId'>, manager?: EntityManager): Promise<AnyOrderView> {
    const [view] = await this.views([id], viewer, true, manager);
    if (!view) throw new NotFoundError('order');
    return view;
  }

  /** List rows for these ids, in their order (one query whatever the page size). */
  rows(ids: readonly string[], viewer: Pick<SignedInUser, 'role' | 'makerId'>): Promise<AnyOrderView[]> {
    return this.views(ids, viewer, false);
  }

  private async views(ids: readonly string[], viewer: Pick<SignedInUser, 'role' | 'makerId'>, detail: boolean, manager?: EntityManager): Promise<AnyOrderView[]> {
    if (viewer.role === 'maker') return (await this.reader.makerRecords(ids, viewer.makerId ?? null, manager)).map(makerOrderView);
    return (await this.reader.records(ids, { withErrors: detail, manager })).map((r) => orderView(r, { detail }));
  }
}
