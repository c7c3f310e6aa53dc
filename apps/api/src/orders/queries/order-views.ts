import { Injectable } from '@nestjs/common';
import type { SignedInUser } from '../../auth/access.decorators';

/** The order as answered (docs/orders-api.md "The order"), scoped to who asks (a maker sees only its lines). */
export type OrderView = Record<string, unknown> & { id: string; version: number };

/** Builds the order view by id. STUB: the reads helper replaces this body. */
@Injectable()
export class OrderViews {
  async get(id: string, viewer: SignedInUser): Promise<OrderView> {
    void viewer;
    return { id, version: 0 };
  }
}
