/** Customer inquiries as the API sends them (snake_case), for the MSW handlers of this area's tests. */

export const operator = {
  id: 1,
  name: '受付 担当',
  email: 'cs@example.com',
  role: 'operator',
  permissions: ['orders.read', 'customers.read', 'customers.write', 'customer-chat', 'chat', 'settings.read'],
};

export const shopsPage = { data: [{ id: 3, name: '本店', code: 'S3' }], pagination: { from: 1, to: 1, total: 1, current_page: 1, per_page: 200, last_page: 1 } };

export function wireInquiry(extra: Record<string, unknown> = {}) {
  return {
    id: 21,
    reference: 'Q-7K2M9P',
    kind: 'inquiry',
    method: 2,
    state: 1,
    inquiry_type: 2,
    language: 'ja',
    shop: { id: 3, name: '本店' },
    customer: { id: 4, name: '山田 花子' },
    order: null,
    order_no: null,
    company: null,
    position: null,
    name: '山田 花子',
    phone: '090-1234-5678',
    email: 'hanako@example.com',
    title: '配送日の変更',
    content: '配送日を来週に\n変更できますか。',
    product: null,
    return_request: null,
    person_in_charge: { id: 8, name: '佐藤 CS' },
    cs_memo: '折り返し電話済み',
    created_by_name: '受付 担当',
    received_at: '2026-11-20T01:00:00Z',
    reply_due_at: '2026-11-21T01:00:00Z',
    overdue: false,
    replied_at: null,
    completed_at: null,
    created_at: '2026-11-20T01:00:00Z',
    updated_at: '2026-11-20T01:00:00Z',
    version: 3,
    ...extra,
  };
}

/** The detail page's inquiry: the customer's other inquiries and orders beside it. */
export function wireDetail(extra: Record<string, unknown> = {}) {
  return {
    ...wireInquiry(),
    other_inquiries: [{ id: 19, reference: 'Q-AB12CD', kind: 'return', state: 3, title: '交換のご依頼', received_at: '2026-10-02T03:00:00Z' }],
    orders: [{ id: 55, order_no: '20261101-0000055', branch_no: 1, order_date: '2026-11-01', total: 11000, line_statuses: [5, 5] }],
    ...extra,
  };
}

/** A customer's thread, opened on the inquiry's page. */
export const wireCustomerThread = (id: number, customerId: number) => ({
  id,
  kind: 'customer',
  status: 0,
  order_id: null,
  maker_id: null,
  maker_name: null,
  maker_inquiry_id: null,
  customer_id: customerId,
  last_message_at: null,
  last_author_side: null,
  created_at: '2026-11-20T00:00:00Z',
  updated_at: '2026-11-20T00:00:00Z',
  version: 1,
});
