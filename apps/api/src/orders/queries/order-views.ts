import { Injectable } from '@nestjs/common';
import { NotFoundError } from '@oms/domain';
import { OrderReader } from '@oms/infra';
import type { EntityManager } from 'typeorm';
import type { SignedInUser } from '../../auth/access.decorators';
import { makerScope } from '../../makers/maker-queries';
import { orderView, OrderView } from './order.view';

export type { OrderView } from './order.view';

/** Builds the order as answered (docs/orders-api.md "The order"), scoped to who asks. */
@Injectable()
export class OrderViews {
  constructor(private readonly reader: OrderReader) {}

  /**
   * The order with this id. A maker user sees only orders having one of its lines (404 otherwise)
   * and only those lines and its maker part. `manager`: read inside the caller's transaction.
   */
  async get(id: string, viewer: SignedInUser, manager?: EntityManager): Promise<OrderView> {
    const onlyMakerId = makerScope(viewer);
    const [record] = await this.reader.records([id], { onlyMakerId, withErrors: true, manager });
    if (!record) throw new NotFoundError('order');
    return orderView(record, { detail: true, scopedToMaker: onlyMakerId !== undefined });
  }

  /** List rows for these ids, in their order (one query whatever the page size). */
  async rows(ids: readonly string[], viewer: SignedInUser): Promise<OrderView[]> {
    const onlyMakerId = makerScope(viewer);
    const records = await this.reader.records(ids, { onlyMakerId });
    return records.map((r) => orderView(r, { detail: false, scopedToMaker: onlyMakerId !== undefined }));
  }
}
