/** Orders as the API sends them (snake_case), for the MSW handlers of the orders tests. */

export const page = (total: number, perPage = 50) => ({ from: total ? 1 : null, to: total ? Math.min(total, perPage) : null, total, current_page: 1, per_page: perPage, last_page: 1 });

export function wireLine(id: string, status: number, extra: Record<string, unknown> = {}) {
  return {
    id,
    maker_id: '2',
    maker_name: '東京家具製作所',
    product_id: '7',
    product_code: `P-${id}`,
    product_name: `椅子 ${id}`,
    amount: 1,
    wholesale_price: 6000,
    price_with_tax: 11000,
    tax_percentage: 10,
    tax: 1000,
    maker_shipping_fee: 0,
    option1: null,
    option2: null,
    status,
    ...extra,
  };
}

export function wireOrder(id: string, lines: ReturnType<typeof wireLine>[], extra: Record<string, unknown> = {}) {
  return {
    id,
    order_no: `20261122-000000${id}`,
    branch_no: 1,
    origin: 'NAL-OMS',
    ec_order_id: null,
    shop_id: '1',
    shop_name: 'テスト店',
    customer_id: null,
    payment_method_id: 2,
    payment_method: { id: 2, code: 'bank_transfer', name_ja: '銀行振込', name_en: 'Bank transfer', is_postpaid: false, business_only: false, fee_with_tax: null, limit_amount: null, customer: null },
    delivery_method_id: null,
    order_date: '2026-11-22',
    revenue_month: null,
    preferred_date: null,
    preferred_period: 0,
    buyer_name: `購入者 ${id}`,
    buyer_kana: null,
    buyer_tel: null,
    buyer_zip: null,
    buyer_address: null,
    buyer_email: null,
    delivery_name: `お届け ${id}`,
    delivery_kana: null,
    delivery_tel: null,
    delivery_zip: null,
    delivery_address: null,
    memo: null,
    supplier_memo: null,
    edi_note: null,
    send_mail_flag: 1,
    sent_to_origin_flag: 0,
    file_type: 'pdf',
    settlement_fee: 0,
    other_fee: 0,
    shipping_fee: 0,
    fee: 0,
    refund_fee: 0,
    products_total: 11000 * lines.length,
    tax_total: 1000 * lines.length,
    total: 11000 * lines.length,
    tax_by_rate: [{ rate: 10, amount_with_tax: 11000 * lines.length, tax: 1000 * lines.length }],
    status: lines[0]?.status ?? 1,
    has_delivery_info: false,
    error_count: 0,
    version: 3,
    created_at: '2026-11-22T01:00:00Z',
    updated_at: '2026-11-22T01:00:00Z',
    lines,
    makers: [
      {
        maker_id: '2',
        maker_name: '東京家具製作所',
        order_method: 'email',
        confirm_status: null,
        refusal_reason: null,
        conversation_status: 0,
        maker_order_date: null,
        maker_receive_date: null,
        estimated_ship_date: null,
        ship_date: null,
        delivery_company_id: null,
        tracking_code: null,
      },
    ],
    errors: [],
    ...extra,
  };
}

/** An order as a maker user reads it (the API's maker view): its lines at wholesale, the delivery, its part. */
export function wireMakerOrder(id: string, extra: Record<string, unknown> = {}) {
  const staff = wireOrder(id, [wireLine('10', 3, { option1: '白' })]);
  return {
    view: 'maker',
    id,
    order_no: staff.order_no,
    branch_no: 1,
    order_date: '2026-11-22',
    shop_name: 'テスト店',
    preferred_date: '12月1日',
    preferred_period: 4,
    delivery_name: `お届け ${id}`,
    delivery_tel: '03-1111-2222',
    delivery_zip: '150-0001',
    delivery_address: '東京都渋谷区1-1',
    supplier_memo: '化粧箱でお願いします',
    edi_note: '置き配可',
    wholesale_total: 6000,
    status: 3,
    has_delivery_info: false,
    version: 3,
    updated_at: '2026-11-22T01:00:00Z',
    lines: [{ id: '10', maker_id: '2', maker_name: '東京家具製作所', product_id: '7', product_code: 'P-10', product_name: '椅子 10', option1: '白', option2: null, amount: 1, wholesale_price: 6000, status: 3 }],
    makers: staff.makers,
    ...extra,
  };
}

/** An error envelope (DESIGN.md §4). */
export const refusal = (code: string, errors: { field: string; error_code: string; params?: Record<string, unknown> }[] = []) => ({
  error: { error_code: code, message: code, errors, request_id: 'r' },
});
