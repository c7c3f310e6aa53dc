import { LINE_STATUS } from '../orders/line-status';
import { PREFERRED_PERIOD } from '../orders/preferred-period';
import { comparableOrder, IMPORT_PROBLEM, ImportContext, importedOrderDraft, isUntouchedSinceImport, MatchedProduct, platformOrderChanges } from './order-import';
import type { PlatformOrder } from './platform-adapter';

const product = (id: string): MatchedProduct => ({
  id,
  makerId: '7',
  productCode: `P-${id}`,
  productName: `商品${id}`,
  taxPercentage: 10,
  wholesalePrice: 600,
  option1: null,
  option2: null,
});

const order = (over: Partial<PlatformOrder> = {}): PlatformOrder => ({
  ecOrderId: 'P1001',
  orderedAt: '2026-11-20T15:30:00.000Z',
  updatedAt: null,
  state: 'normal',
  paid: false,
  paymentMethod: { code: 'R', name: '代金引換' },
  buyer: { name: '山田 太郎', kana: 'ヤマダ タロウ', zip: '100-0001', address: '東京都千代田区千代田1-1', tel: '03-1234-5678', email: 'taro@example.jp' },
  deliveries: [
    { ecDeliveryId: '0', name: '佐藤 花子', kana: null, zip: '530-0001', address: '大阪府大阪市北区梅田1-1', tel: '06-1111-2222', preferredDate: '2026-11-25', preferredPeriod: '14時～16時', shipped: false, trackingNumber: null },
  ],
  lines: [{ ecDeliveryId: '0', productId: '100000000001', productCode: null, name: '椅子', options: null, quantity: 2, unitPriceWithTax: 1100, taxRate: 10 }],
  fees: { shipping: 800, settlement: 330, other: 0, discount: 0, pointsUsed: 0 },
  total: 3330,
  memo: null,
  ...over,
});

const context = (over: Partial<ImportContext> = {}): ImportContext => ({
  paymentMethodId: 3,
  defaultTaxPercent: 10,
  productFor: (line) => (line.productId === '100000000001' ? product('1') : null),
  ...over,
});

describe('an imported order', () => {
  it('takes the buyer, the first delivery, the lines, fees, payment and the Japan order date', () => {
    const draft = importedOrderDraft(order(), context());
    expect(draft.problems).toEqual([]);
    expect(draft.fields).toMatchObject({
      ecOrderId: 'P1001',
      paymentMethodId: 3,
      // 15:30 UTC is past midnight in Japan.
      orderDate: '2026-11-21',
      preferredDate: '2026-11-25',
      preferredPeriod: PREFERRED_PERIOD.from14To16,
      buyerName: '山田 太郎',
      deliveryName: '佐藤 花子',
      deliveryAddress: '大阪府大阪市北区梅田1-1',
      shippingFee: 800,
      settlementFee: 330,
    });
    expect(draft.lines).toEqual([expect.objectContaining({ productId: '1', makerId: '7', amount: 2, priceWithTax: 1100, taxPercentage: 10, tax: 200 })]);
  });

  it('never drops a line: an unknown product is an order error naming it, and the total then differs', () => {
    const unknown = { ecDeliveryId: '0', productId: '999999999999', productCode: 'X-1', name: '未登録品', options: '色:赤', quantity: 1, unitPriceWithTax: 500, taxRate: 10 };
    const draft = importedOrderDraft(order({ lines: [...order().lines, unknown], total: 3830 }), context());
    expect(draft.lines).toHaveLength(1);
    expect(draft.problems.map((p) => p.code)).toEqual([IMPORT_PROBLEM.unknownProduct, IMPORT_PROBLEM.totalDiffers]);
    expect(draft.problems[0].message).toContain('999999999999');
    expect(draft.problems[0].message).toContain('未登録品');
    expect(draft.problems[1].message).toContain('¥3,830');
  });

  it('holds an unmapped payment on "not required" with an order error', () => {
    const draft = importedOrderDraft(order(), context({ paymentMethodId: null }));
    expect(draft.fields.paymentMethodId).toBe(0);
    expect(draft.problems.map((p) => p.code)).toEqual([IMPORT_PROBLEM.unmappedPayment]);
    expect(draft.problems[0].message).toContain('代金引換');
  });

  it('flags what it cannot hold: a second delivery, an unread time slot, a discount, a text too long', () => {
    const second = { ...order().deliveries[0], ecDeliveryId: '1' };
    const draft = importedOrderDraft(
      order({
        deliveries: [{ ...order().deliveries[0], preferredPeriod: '午前中', address: 'あ'.repeat(120) }, second],
        fees: { ...order().fees, discount: 300 },
        total: 3030,
      }),
      context(),
    );
    expect(draft.problems.map((p) => p.code).sort()).toEqual(
      [IMPORT_PROBLEM.severalDeliveries, IMPORT_PROBLEM.periodUnread, IMPORT_PROBLEM.textCut, IMPORT_PROBLEM.totalDiffers].sort(),
    );
    expect(draft.fields.preferredPeriod).toBe(PREFERRED_PERIOD.none);
    expect([...draft.fields.deliveryAddress!]).toHaveLength(100);
  });

  it('follows the platform only while nobody has acted on it', () => {
    const fresh = { version: 3, lineStatuses: [LINE_STATUS.unpaid, LINE_STATUS.unpaid], originSends: 0 };
    expect(isUntouchedSinceImport(fresh, 3)).toBe(true);
    expect(isUntouchedSinceImport({ ...fresh, version: 4 }, 3)).toBe(false);
    expect(isUntouchedSinceImport({ ...fresh, lineStatuses: [LINE_STATUS.paid] }, 3)).toBe(false);
    expect(isUntouchedSinceImport({ ...fresh, originSends: 1 }, 3)).toBe(false);
  });

  it('names what changed, and compares readings whatever their key order or update time', () => {
    const before = order();
    expect(platformOrderChanges(before, order({ buyer: { ...before.buyer, name: '別人' }, state: 'cancelled' }))).toEqual(['キャンセル', '購入者']);
    expect(platformOrderChanges(before, order({ total: 9999 }))).toEqual(['金額']);
    // Tracking on the platform is not a change of the order.
    expect(platformOrderChanges(before, order({ deliveries: [{ ...before.deliveries[0], shipped: true, trackingNumber: '1' }] }))).toEqual([]);
    const reordered = JSON.parse(JSON.stringify({ ...before, updatedAt: '2026-11-22T00:00:00Z' }), (_k, v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).reverse()) : v,
    );
    expect(comparableOrder(reordered)).toBe(comparableOrder(before));
  });
});
