import { japanToday } from '../calendar/japan-date';
import { LINE_STATUS } from '../orders/line-status';
import { ORDER_LIMITS } from '../orders/order-edit';
import { orderTotals, taxIncluded } from '../orders/order-totals';
import { PREFERRED_PERIOD, PreferredPeriod, readPreferredPeriod } from '../orders/preferred-period';
import type { PlatformLine, PlatformOrder } from './platform-adapter';

/**
 * How a platform's order becomes ours (issue 17): the fields and lines to write, and the problems staff
 * must look at, each an order error. Nothing the platform sent is dropped in silence: a line whose product
 * is not in the catalogue, a payment nobody mapped yet, a second delivery address, a text longer than our
 * column, a total that differs from the platform's (discounts, points) all become order errors.
 */

/** The order errors an import makes (order_errors.code; the catalogue has their messages in English). */
export const IMPORT_PROBLEM = {
  unknownProduct: 'NAL-SHOP-020',
  unmappedPayment: 'NAL-SHOP-021',
  severalDeliveries: 'NAL-SHOP-022',
  totalDiffers: 'NAL-SHOP-023',
  changedAfterWork: 'NAL-SHOP-024',
  cancelledOnPlatform: 'NAL-SHOP-025',
  textCut: 'NAL-SHOP-026',
  periodUnread: 'NAL-SHOP-027',
} as const;
export const IMPORT_PROBLEM_CODES: readonly string[] = Object.values(IMPORT_PROBLEM);

/** Sending the tracking back failed for good (the platform refused, or every retry failed). */
export const ORIGIN_SEND_FAILED = 'NAL-SHOP-028';

export interface ImportProblem {
  code: string;
  message: string;
}

/** A catalogue product an imported line matched (by the shop's product id, else by its code). */
export interface MatchedProduct {
  id: string;
  makerId: string;
  productCode: string;
  productName: string;
  taxPercentage: number;
  wholesalePrice: number | null;
  option1: string | null;
  option2: string | null;
}

export interface ImportContext {
  /** Our payment method for the platform's code, null when the shop's table does not map it yet. */
  paymentMethodId: number | null;
  /** The tax rate of a line the platform gives none for. */
  defaultTaxPercent: number;
  productFor(line: PlatformLine): MatchedProduct | null;
}

/** The order's fields an import writes (names as the orders' writes have them). */
export interface ImportedOrderFields {
  ecOrderId: string;
  paymentMethodId: number;
  orderDate: string;
  preferredDate: string | null;
  preferredPeriod: PreferredPeriod;
  buyerName: string;
  buyerKana: string | null;
  buyerTel: string | null;
  buyerZip: string | null;
  buyerAddress: string | null;
  buyerEmail: string | null;
  deliveryName: string;
  deliveryKana: string | null;
  deliveryTel: string | null;
  deliveryZip: string | null;
  deliveryAddress: string | null;
  memo: string | null;
  settlementFee: number;
  otherFee: number;
  shippingFee: number;
}

export interface ImportedLine {
  makerId: string;
  productId: string;
  productCode: string;
  productName: string;
  amount: number;
  wholesalePrice: number | null;
  priceWithTax: number;
  taxPercentage: number;
  tax: number;
  makerShippingFee: number;
  option1: string | null;
  option2: string | null;
}

export interface ImportedOrderDraft {
  fields: ImportedOrderFields;
  lines: ImportedLine[];
  problems: ImportProblem[];
}

/** Payment method 0 ("not required") holds an order whose payment is not mapped yet; the order error says so. */
const PAYMENT_NOT_MAPPED = 0;

const yen = (n: number) => `¥${n.toLocaleString('en-US')}`;

/** What an import makes of a platform order (a new order, or the update of one nobody has worked on). */
export function importedOrderDraft(order: PlatformOrder, context: ImportContext): ImportedOrderDraft {
  const problems: ImportProblem[] = [];
  const cut: string[] = [];
  const text = (value: string | null | undefined, max: number, label: string): string | null => {
    const trimmed = value?.trim() ?? '';
    if (trimmed === '') return null;
    if ([...trimmed].length <= max) return trimmed;
    cut.push(`${label}「${trimmed}」`);
    return [...trimmed].slice(0, max).join('');
  };
  const L = ORDER_LIMITS;
  const delivery = order.deliveries[0] ?? null;
  if (order.deliveries.length > 1) {
    problems.push({
      code: IMPORT_PROBLEM.severalDeliveries,
      message: `取込: 配送先が${order.deliveries.length}件あります。最初の配送先で取り込みました。ほかの配送先は支店番号の受注を作ってください。`,
    });
  }
  const recipient = delivery ?? { ...order.buyer, preferredDate: null, preferredPeriod: null };
  const period = readPreferredPeriod(delivery?.preferredPeriod ?? null);
  if (period === null) {
    problems.push({ code: IMPORT_PROBLEM.periodUnread, message: `取込: 希望時間帯「${delivery?.preferredPeriod}」は時間帯の区分にないため「指定なし」にしました。` });
  }

  const lines: ImportedLine[] = [];
  for (const line of order.lines) {
    const product = context.productFor(line);
    if (!product) {
      const ids = [line.productId && `商品ID ${line.productId}`, line.productCode && `コード ${line.productCode}`].filter(Boolean).join(' / ') || '商品IDなし';
      problems.push({
        code: IMPORT_PROBLEM.unknownProduct,
        message: `取込: 商品が見つかりません (${ids})「${line.name}」${line.options ? ` ${line.options}` : ''} × ${line.quantity} 単価${yen(line.unitPriceWithTax)}。商品を登録して明細に追加してください。`,
      });
      continue;
    }
    const taxPercentage = line.taxRate ?? product.taxPercentage ?? context.defaultTaxPercent;
    lines.push({
      makerId: product.makerId,
      productId: product.id,
      productCode: product.productCode,
      productName: [...(line.name.trim() || product.productName)].slice(0, L.productName).join(''),
      amount: line.quantity,
      wholesalePrice: product.wholesalePrice,
      priceWithTax: line.unitPriceWithTax,
      taxPercentage,
      tax: taxIncluded(line.unitPriceWithTax * line.quantity, taxPercentage),
      makerShippingFee: 0,
      option1: product.option1,
      option2: product.option2,
    });
  }

  if (context.paymentMethodId === null) {
    problems.push({
      code: IMPORT_PROBLEM.unmappedPayment,
      message: `取込: 支払方法「${order.paymentMethod.name}」(${order.paymentMethod.code}) の対応が未設定です。ショップ連携の支払方法の対応を決め、この受注の支払方法を直してください。`,
    });
  }

  const fields: ImportedOrderFields = {
    ecOrderId: order.ecOrderId,
    paymentMethodId: context.paymentMethodId ?? PAYMENT_NOT_MAPPED,
    orderDate: japanToday(new Date(order.orderedAt)),
    preferredDate: text(delivery?.preferredDate, L.preferredDate, '希望日'),
    preferredPeriod: period ?? PREFERRED_PERIOD.none,
    buyerName: text(order.buyer.name, L.name, '購入者名') ?? '(名前なし)',
    buyerKana: text(order.buyer.kana, L.kana, '購入者カナ'),
    buyerTel: text(order.buyer.tel, L.tel, '購入者電話'),
    buyerZip: text(order.buyer.zip, L.zip, '購入者郵便番号'),
    buyerAddress: text(order.buyer.address, L.address, '購入者住所'),
    buyerEmail: text(order.buyer.email, L.email, '購入者メール'),
    deliveryName: text(recipient.name, L.name, '配送先名') ?? '(名前なし)',
    deliveryKana: text(recipient.kana, L.kana, '配送先カナ'),
    deliveryTel: text(recipient.tel, L.tel, '配送先電話'),
    deliveryZip: text(recipient.zip, L.zip, '配送先郵便番号'),
    deliveryAddress: text(recipient.address, L.address, '配送先住所'),
    memo: text(order.memo, L.memo, '備考'),
    settlementFee: order.fees.settlement,
    otherFee: order.fees.other,
    shippingFee: order.fees.shipping,
  };
  if (cut.length) problems.push({ code: IMPORT_PROBLEM.textCut, message: `取込: 長すぎるため切り詰めました: ${cut.join('、')}`.slice(0, 500) });

  // Correct to the yen: whatever our order cannot hold (discounts, points, a line left out) shows as a difference.
  const ours = orderTotals(lines, { settlementFee: fields.settlementFee, shippingFee: fields.shippingFee, otherFee: fields.otherFee, fee: 0, refundFee: 0 }).total;
  if (ours !== order.total) {
    const why = [order.fees.discount && `値引き${yen(order.fees.discount)}`, order.fees.pointsUsed && `ポイント利用${yen(order.fees.pointsUsed)}`].filter(Boolean).join('、');
    problems.push({
      code: IMPORT_PROBLEM.totalDiffers,
      message: `取込: 合計がショップの請求額${yen(order.total)}と異なります (こちら${yen(ours)})。${why ? `${why}があります。` : ''}明細と手数料を確かめてください。`,
    });
  }
  return { fields, lines, problems };
}

/** Whether staff (or a maker) have acted on an imported order: only an untouched one follows the platform's changes. */
export function isUntouchedSinceImport(order: { version: number; lineStatuses: readonly number[]; originSends: number }, importedVersion: number): boolean {
  return order.version === importedVersion && order.originSends === 0 && order.lineStatuses.every((s) => s === LINE_STATUS.unpaid);
}

/** A platform order as the import compares it: what it says, in a stable order (the fingerprint hashes this). */
export function comparableOrder(order: PlatformOrder): string {
  return stableJson({ ...order, updatedAt: null });
}

function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** What changed between two readings of a platform order, in the words staff read on the order error. */
export function platformOrderChanges(before: PlatformOrder, after: PlatformOrder): string[] {
  const differs = (a: unknown, b: unknown) => stableJson(a) !== stableJson(b);
  const changes: string[] = [];
  if (before.state !== after.state) changes.push(after.state === 'cancelled' ? 'キャンセル' : `状態 (${after.state})`);
  if (differs(before.buyer, after.buyer)) changes.push('購入者');
  if (differs(before.deliveries.map(({ shipped: _s, trackingNumber: _t, ...d }) => d), after.deliveries.map(({ shipped: _s, trackingNumber: _t, ...d }) => d))) changes.push('配送先・希望日時');
  if (differs(before.lines, after.lines)) changes.push('明細');
  if (differs(before.fees, after.fees) || before.total !== after.total) changes.push('金額');
  if (differs(before.paymentMethod, after.paymentMethod) || before.paid !== after.paid) changes.push('支払');
  if (before.memo !== after.memo) changes.push('備考');
  return changes;
}

/** The order error of a change that came after work began on the order (or of a cancellation). */
export function changedAfterWorkProblem(changes: readonly string[], cancelled: boolean): ImportProblem {
  return cancelled
    ? { code: IMPORT_PROBLEM.cancelledOnPlatform, message: 'ショップで受注がキャンセルされました。こちらの受注をキャンセルするか確かめてください。' }
    : { code: IMPORT_PROBLEM.changedAfterWork, message: `ショップで受注が変更されましたが、作業が始まっているため反映していません。変更: ${changes.join('、')}。` };
}

/** How often a shop's orders are fetched: minutes, bounds of the setting. */
export const SHOP_CONNECTION_LIMITS = { importIntervalMin: 5, importIntervalMax: 1440, ecPaymentCodeMax: 50, ecPaymentNameMax: 100 } as const;

/** What staff see of a connection. */
export const SHOP_CONNECTION_STATUSES = ['not_connected', 'ok', 'failing', 'reauthorize'] as const;
export type ShopConnectionStatus = (typeof SHOP_CONNECTION_STATUSES)[number];
