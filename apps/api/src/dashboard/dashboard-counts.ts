import { isAllowed, OrderTodo, Permission } from '@oms/domain';
import { OrderListFilters, OrderReader } from '@oms/infra';
import type { SignedInUser } from '../auth/access.decorators';
import { makerScope } from '../makers/maker-queries';

/** Where a count leads: a console list and its filters (the list's URL names, camelCase). */
export interface DashboardLink {
  path: string;
  query: Record<string, string | number>;
}

/**
 * One number on the dashboard: what it counts, who may see it, and the filtered list it opens. The
 * dashboard shows every provider the viewer's role passes; an area that lands (inquiries, deposits)
 * adds its providers to DASHBOARD_COUNTS in dashboard.module.ts, and the console a label for its key.
 */
export interface DashboardCountProvider {
  readonly key: string;
  readonly permission: Permission;
  /** A maker sees the count over its own lines; false: makers do not see it. */
  readonly forMakers: boolean;
  readonly link: DashboardLink;
  count(viewer: SignedInUser, today: string): Promise<number>;
}

export function visibleTo(viewer: SignedInUser, provider: DashboardCountProvider): boolean {
  return isAllowed(viewer.role, provider.permission) && (viewer.role !== 'maker' || provider.forMakers);
}

/**
 * The orders' counts: each is the order list's own filter counted (same SQL), so the number shown
 * is the total of the list it opens. A maker counts over its own lines (the list's maker scope).
 */
export function orderCounts(reader: OrderReader): DashboardCountProvider[] {
  const count = (key: string, filters: Pick<OrderListFilters, 'status' | 'hasErrors' | 'todo'>, forMakers: boolean): DashboardCountProvider => ({
    key,
    permission: 'orders.read',
    forMakers,
    link: { path: '/orders', query: { ...filters } as Record<string, string | number> },
    count: (viewer, today) => reader.count({ ...filters, today, onlyMakerId: makerScope(viewer) }),
  });
  const todo = (key: OrderTodo) => count(key, { todo: key }, true);
  return [
    // A maker never sees unpaid lines: they reach it only once ordered. Order errors are the staff's
    // (EDI stop, payment limits, transport failures): a maker neither sees nor filters them.
    count('unpaid_orders', { status: 1 }, false),
    count('order_errors', { hasErrors: 1 }, false),
    todo('answer_overdue'),
    todo('refused'),
    todo('ship_due'),
  ];
}
