import { LINE_STATUS_LABELS_JA, MONTHLY_INVOICE_CAP, PAYMENT_METHOD } from '@oms/domain';
import { CopyCsvQuery } from '../csv/csv-copy';
import { RevenueFilter, revenueWhere } from './revenue-filter';

/** The tax a tax-inclusive amount holds at `rate`, rounded once toward zero (the domain's taxIncluded, in SQL; a negative fee row too). */
const TAX_INCLUDED = (amount: string, rate: string) => `trunc((${amount})::numeric * ${rate} / (100 + ${rate}))::bigint`;

/** COPY takes no bind parameters: the filter's are inlined by copyCsvSql, so `$n` placeholders stay valid. */
function filtered(filter: RevenueFilter, extra: string[] = []): { where: string; params: (string | number)[] } {
  const params: unknown[] = [];
  const where = revenueWhere(filter, params);
  const all = [where.replace(/^WHERE /, ''), ...extra].filter(Boolean);
  return { where: all.length ? `WHERE ${all.join(' AND ')}` : '', params: params as (string | number)[] };
}

/**
 * The SS file (GET /revenues/ss): the filter's sales as journal rows for the core accounting system
 * (docs/revenue-files.md "SS"): per record, one row per tax rate of its lines and one for its fees.
 * Each rate's tax is computed once on the rate's whole amount (the qualified-invoice rule): the fees are
 * at 10%, so the fee row's tax is what they add to the 10% products' tax, never a second rounding. A
 * record's rows add up to its total and its tax_total, and the file's to the list's totals.
 */
export function revenueSsCopy(filter: RevenueFilter): CopyCsvQuery {
  const { where, params } = filtered(filter);
  return {
    columns: [
      { header: '伝票日付', key: 'date', sql: `to_char(x.ship_date, 'YYYY/MM/DD')` },
      { header: '伝票番号', key: 'slipNo', sql: `x.order_no || '-' || x.branch_no`, text: true },
      { header: '行番号', key: 'line', sql: 'x.line_no' },
      { header: '計上月', key: 'salesMonth', sql: `replace(x.sales_month, '-', '/')` },
      { header: '借方勘定科目', key: 'debit', sql: `'売掛金'` },
      { header: '借方補助科目', key: 'debitSub', sql: 'x.payment_name', text: true },
      { header: '借方金額', key: 'debitAmount', sql: 'x.amount' },
      { header: '貸方勘定科目', key: 'credit', sql: `'売上高'` },
      { header: '貸方補助科目', key: 'creditSub', sql: `CASE WHEN x.kind = 'fee' THEN '送料・手数料' ELSE '商品売上' END` },
      { header: '貸方金額', key: 'creditAmount', sql: 'x.amount' },
      { header: '税区分', key: 'taxClass', sql: `CASE x.rate WHEN 10 THEN '課税売上10%' WHEN 8 THEN '課税売上8%(軽減)' WHEN 0 THEN '非課税売上' ELSE '課税売上' || x.rate || '%' END` },
      { header: '税率', key: 'rate', sql: 'x.rate' },
      { header: '内消費税額', key: 'tax', sql: 'x.tax' },
      { header: '取引先コード', key: 'partnerCode', sql: `coalesce(x.core_customer_id, '')`, text: true },
      { header: '取引先名', key: 'partnerName', sql: 'x.buyer_name', text: true },
      { header: '部門', key: 'department', sql: 'x.shop_name', text: true },
      { header: '摘要', key: 'memo', sql: `'受注 ' || x.order_no || '-' || x.branch_no || ' ' || x.product_name`, text: true },
    ],
    from: `FROM (
             SELECT r.id, r.ship_date, r.order_no, r.branch_no, r.sales_month, r.buyer_name, r.product_name, pm.name_ja AS payment_name,
                    s.name AS shop_name, c.core_system_customer_id AS core_customer_id, part.kind, part.rate, part.amount, part.tax,
                    row_number() OVER (PARTITION BY r.id ORDER BY part.kind DESC, part.rate DESC) AS line_no
               FROM revenues r
               JOIN shops s ON s.id = r.shop_id
               JOIN payment_methods pm ON pm.id = r.payment_method_id
               LEFT JOIN customers c ON c.id = r.customer_id
               CROSS JOIN LATERAL (
                 SELECT 'product' AS kind, p.rate, p.amount, ${TAX_INCLUDED('p.amount', 'p.rate')} AS tax
                   FROM (SELECT l.tax_percentage AS rate, sum(l.price_with_tax::bigint * l.amount) AS amount
                           FROM order_lines l WHERE l.order_id = r.order_id AND l.status NOT IN (7, 8)
                          GROUP BY l.tax_percentage) p
                 UNION ALL
                 SELECT 'fee', 10, f.fees, ${TAX_INCLUDED('f.products10 + f.fees', '10')} - ${TAX_INCLUDED('f.products10', '10')}
                   FROM (SELECT (r.total - r.products_total)::bigint AS fees,
                                (SELECT coalesce(sum(l.price_with_tax::bigint * l.amount), 0) FROM order_lines l
                                  WHERE l.order_id = r.order_id AND l.status NOT IN (7, 8) AND l.tax_percentage = 10) AS products10) f
                  WHERE f.fees <> 0
               ) part
               ${where}
           ) x
           ORDER BY x.ship_date, x.id, x.line_no`,
    params,
  };
}

/**
 * Receivables (GET /revenues/receivables): what buyers on credit (deferred payment, monthly invoice)
 * owe, by customer (or, without one, by order) and sales month within the filter: billed, paid by deposits, open; the monthly
 * invoice's cap (SPEC.md §9: 300,000 yen a month) beside it and whether the month passes it.
 */
export function receivablesCopy(filter: RevenueFilter): CopyCsvQuery {
  const { where, params } = filtered(filter, [`r.payment_method_id IN (${PAYMENT_METHOD.deferred}, ${PAYMENT_METHOD.monthlyInvoice})`]);
  return {
    columns: [
      { header: '計上月', key: 'salesMonth', sql: `replace(x.sales_month, '-', '/')` },
      { header: '顧客ID', key: 'customerId', sql: `coalesce(x.customer_id::text, '')` },
      { header: '取引先コード', key: 'partnerCode', sql: `coalesce(c.core_system_customer_id, '')`, text: true },
      { header: '顧客名', key: 'customerName', sql: `coalesce(c.company_name, c.name, x.buyer_name)`, text: true },
      { header: '支払方法', key: 'paymentMethod', sql: 'pm.name_ja', text: true },
      { header: '件数', key: 'count', sql: 'x.count' },
      { header: '請求額', key: 'billed', sql: 'x.billed' },
      { header: '入金額', key: 'paid', sql: 'x.paid' },
      { header: '未収額', key: 'open', sql: 'greatest(x.billed - x.paid, 0)' },
      { header: '月間上限', key: 'cap', sql: `CASE WHEN x.payment_method_id = ${PAYMENT_METHOD.monthlyInvoice} THEN ${MONTHLY_INVOICE_CAP}::text ELSE '' END` },
      { header: '上限超過', key: 'overCap', sql: `CASE WHEN x.payment_method_id = ${PAYMENT_METHOD.monthlyInvoice} AND x.billed > ${MONTHLY_INVOICE_CAP} THEN '超過' ELSE '' END` },
    ],
    from: `FROM (
             SELECT r.sales_month, r.customer_id, r.payment_method_id, min(r.buyer_name) AS buyer_name, min(r.order_id) AS first_order_id, count(*)::int AS count,
                    sum(r.total)::bigint AS billed,
                    coalesce(sum((SELECT sum(d.amount) FROM deposit_payments d WHERE d.order_id = r.order_id AND d.reverted_at IS NULL)), 0)::bigint AS paid
               FROM revenues r
               ${where}
              -- A buyer without a customer record owes per order: guests are not one another's debtors.
              GROUP BY r.sales_month, r.customer_id, r.payment_method_id, CASE WHEN r.customer_id IS NULL THEN r.order_id END
           ) x
           JOIN payment_methods pm ON pm.id = x.payment_method_id
           LEFT JOIN customers c ON c.id = x.customer_id
           WHERE x.billed > x.paid
           ORDER BY x.sales_month, x.customer_id NULLS LAST, x.payment_method_id, x.first_order_id`,
    params,
  };
}

/** One record's order lines (GET /revenues/{id}/download): what was sold, at what price and cost. */
export function revenueLinesCopy(revenueId: string): CopyCsvQuery {
  return {
    columns: [
      { header: '受注番号', key: 'orderNo', sql: `r.order_no || '-' || r.branch_no`, text: true },
      { header: '商品コード', key: 'productCode', sql: `coalesce(l.product_code, '')`, text: true },
      { header: '商品名', key: 'productName', sql: 'l.product_name', text: true },
      { header: '数量', key: 'amount', sql: 'l.amount' },
      { header: '単価(税込)', key: 'priceWithTax', sql: 'l.price_with_tax' },
      { header: '税率', key: 'rate', sql: 'l.tax_percentage' },
      { header: '金額(税込)', key: 'lineTotal', sql: 'l.price_with_tax::bigint * l.amount' },
      { header: '卸値', key: 'wholesalePrice', sql: `coalesce(l.wholesale_price::text, '')` },
      { header: 'メーカー送料', key: 'makerShippingFee', sql: 'l.maker_shipping_fee' },
      { header: 'メーカー', key: 'maker', sql: 'm.name', text: true },
      { header: '状態', key: 'status', sql: `CASE l.status ${Object.entries(LINE_STATUS_LABELS_JA).map(([code, label]) => `WHEN ${Number(code)} THEN '${label}'`).join(' ')} END` },
    ],
    from: `FROM revenues r JOIN order_lines l ON l.order_id = r.order_id JOIN makers m ON m.id = l.maker_id
           WHERE r.id = $1::bigint ORDER BY l.id`,
    params: [revenueId],
  };
}
