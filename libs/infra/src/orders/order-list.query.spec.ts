import type { PagePosition } from '../database/keyset';
import { orderCountSql, OrderListFilters, orderListKeyset, orderListSql } from './order-list.query';

/** The highest `$n` an SQL text uses: each statement must be sent exactly as many parameters. */
const highestPlaceholder = (sql: string) => Math.max(0, ...[...sql.matchAll(/\$(\d+)/g)].map((m) => Number(m[1])));

describe('order list SQL: every statement gets the parameters it uses', () => {
  const cases: [string, OrderListFilters][] = [
    ['staff, no filter', {}],
    ['staff, every filter', { status: 3, orderDateFrom: '2026-01-01', orderDateTo: '2026-01-31', shipDateFrom: '2026-01-01', shipDateTo: '2026-01-05', shopId: '1', makerId: '2', customerId: '3', productId: '4', paymentMethodId: 2, deliveryInfo: 1, hasErrors: 1, keyword: 'やまだ' }],
    ['staff, a todo', { todo: 'answer_overdue', today: '2026-01-10' }],
    ['a maker', { onlyMakerId: '7' }],
    ['a maker with filters', { onlyMakerId: '7', productId: '4', status: 4, makerReceiveDateFrom: '2026-01-01', makerReceiveDateTo: '2026-01-20', deliveryInfo: 0, keyword: '2026', todo: 'ship_due', today: '2026-01-10' }],
    ['a maker account without a maker', { onlyMakerId: null }],
  ];

  it.each(cases)('%s', (_name, filters) => {
    for (const sort of ['-order_date', 'order_date', 'total', '-id'] as const) {
      const order = orderListKeyset(filters, sort);
      const key = { sort: order.name, page: 3, values: [...(order.column ? [order.column.kind === 'date' ? '2026-01-02' : 1000] : []), '42'] };
      const positions: PagePosition[] = [{ at: 'page', page: 3 }, { at: 'after', key }, { at: 'before', key }, { at: 'last' }];
      for (const position of positions) {
        const q = orderListSql(filters, { position, perPage: 50, sort });
        expect(highestPlaceholder(q.sql)).toBe(q.params.length);
        expect(highestPlaceholder(q.countSql)).toBe(q.countParams.length);
        // The estimate (answered past 10,000 matches) has its own form and parameters.
        expect(highestPlaceholder(q.estimateSql)).toBe(q.estimateParams.length);
      }
    }
    const count = orderCountSql(filters);
    // A maker user's list by total is by date (its total is its own lines'): its cursors are dates.
    expect(orderListKeyset(filters, 'total').name).toBe(filters.onlyMakerId !== undefined ? '-order_date' : 'total');
    expect(highestPlaceholder(count.sql)).toBe(count.params.length);
  });
});
