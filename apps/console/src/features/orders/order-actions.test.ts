import i18n, { setLanguage } from '../../i18n';
import { LINE_STATUS as S, type LineStatus } from './api/line-status';
import { joinCodes, selectionMessage } from './messages';
import { changeStatusTargets, fromStatuses, groupByOrder, oneOrderProblem, selectionProblem, type OrderAction, type SelectedLine } from './order-actions';

const line = (lineId: string, status: LineStatus, extra: Partial<SelectedLine> = {}): SelectedLine => ({
  lineId,
  orderId: '1',
  orderNumber: '20261122-0000001-1',
  status,
  version: 3,
  paymentFollowsShipment: false,
  hasDeliveryInfo: true,
  ...extra,
});

const message = (action: OrderAction, lines: SelectedLine[]) => {
  const problem = selectionProblem(action, lines);
  return problem && selectionMessage(i18n.t, problem);
};

describe('selection rules (SPEC.md §5, §8)', () => {
  beforeEach(() => setLanguage('en'));

  it('asks for a product when nothing is selected, whatever the action', () => {
    for (const action of ['paid', 'order_process', 'cancel', 'change_revenue'] as const) expect(message(action, [])).toBe('Please select product');
  });

  it('takes at most 200 orders in one batch, as the API does', () => {
    const lines = (orders: number) => Array.from({ length: orders }, (_, i) => line(String(i), S.unpaid, { orderId: String(i) }));
    expect(message('paid', lines(200))).toBeNull();
    expect(message('paid', lines(201))).toBe('Please select at most 200 orders at a time');
  });

  it('asks for one shared status when the selection mixes them', () => {
    expect(message('cancel', [line('1', S.unpaid), line('2', S.paid, { orderId: '2' })])).toBe('Please select same status product');
  });

  it('names the status the command starts from, translated', () => {
    expect(message('paid', [line('1', S.paid)])).toBe('Please select only Unpaid product');
    expect(message('maker_received_process', [line('1', S.paid)])).toBe('Please select only Ordered/Re-ordered product');
    expect(message('data_patch', [line('1', S.shipped)])).toBe('Please select only Order received product');
    setLanguage('ja');
    expect(message('paid', [line('1', S.paid)])).toBe('未入金の商品のみを選択してください。');
    expect(message('return_process', [line('1', S.paid)])).toBe('出荷済み・配達完了・再出荷済みの商品のみを選択してください。');
  });

  it('needs every line paid to order from makers, unless payment follows shipment', () => {
    expect(message('order_process', [line('1', S.unpaid)])).toBe('Please select all paid product');
    expect(message('order_process', [line('1', S.ordered)])).toBe('Please select all paid product');
    expect(message('order_process', [line('1', S.paid), line('2', S.paid)])).toBeNull();
    expect(message('order_process', [line('1', S.unpaid, { paymentFollowsShipment: true })])).toBeNull();
    expect(message('order_process', [line('1', S.unpaid, { paymentFollowsShipment: true }), line('2', S.unpaid, { orderId: '2' })])).toBe('Please select all paid product');
  });

  it('changes a status one product at a time', () => {
    expect(message('change_status', [line('1', S.shipped)])).toBeNull();
    expect(message('change_status', [line('1', S.shipped), line('2', S.shipped)])).toBe('Please select only one Shipped product');
    expect(message('change_status', [line('1', S.cancel)])).toMatch(/^Please select only .* product$/);
  });

  it('needs the delivery info for a data patch', () => {
    expect(message('data_patch', [line('1', S.orderReceived, { hasDeliveryInfo: false })])).toBe('Delivery info is missing (ship date, delivery company, tracking code).');
    expect(message('data_patch', [line('1', S.orderReceived)])).toBeNull();
  });

  it('asks for a single order for order-level actions', () => {
    expect(oneOrderProblem([])).toEqual({ key: 'orders.select.order' });
    expect(selectionMessage(i18n.t, oneOrderProblem([line('1', S.paid), line('2', S.paid, { orderId: '2' })])!)).toBe('Please select a order');
    expect(oneOrderProblem([line('1', S.paid), line('2', S.paid)])).toBeNull();
  });

  it('lets through what the table allows', () => {
    expect(message('paid', [line('1', S.unpaid), line('2', S.unpaid, { orderId: '2' })])).toBeNull();
    expect(message('refund_process', [line('1', S.returned)])).toBeNull();
    expect(message('change_revenue', [line('1', S.delivered)])).toBeNull();
  });

  it('reads the command table of the domain', () => {
    expect(fromStatuses('cancel')).toEqual([S.unpaid, S.paid, S.ordered, S.orderReceived]);
    expect(changeStatusTargets(S.shipped)).toEqual([S.delivered, S.orderReceived]);
    // Back to unpaid only where payment follows shipment.
    expect(changeStatusTargets(S.ordered, false)).toEqual([S.paid]);
    expect(changeStatusTargets(S.ordered, true)).toEqual([S.paid, S.unpaid]);
  });

  it('groups the selected lines per order with the version each was read at', () => {
    expect(groupByOrder([line('10', S.unpaid), line('20', S.unpaid, { orderId: '2', version: 7 }), line('11', S.unpaid)])).toEqual([
      { orderId: '1', version: 3, lineIds: ['10', '11'] },
      { orderId: '2', version: 7, lineIds: ['20'] },
    ]);
  });
});

describe('joining refusal codes (SPEC.md §8 "Handling")', () => {
  const codes = ['NAL_ORD-169', 'NAL_ORD-166'];

  it('joins with a comma for payment, return and refund', () => {
    setLanguage('en');
    const joined = 'No unpaid product among the selected products., Cannot change to paid: a selected product is not unpaid.';
    expect(joinCodes(i18n.t, 'paid', codes)).toBe(joined);
    expect(joinCodes(i18n.t, 'return_process', codes)).toBe(joined);
    expect(joinCodes(i18n.t, 'refund_process', codes)).toBe(joined);
    setLanguage('ja');
    expect(joinCodes(i18n.t, 'paid', codes)).toBe('選択した商品に未入金のものがありません。、未入金でない商品が含まれているため、入金済みにできません。');
  });

  it('joins with newlines for cancel', () => {
    setLanguage('en');
    expect(joinCodes(i18n.t, 'cancel', [...codes, 'NAL_ORD-169'])).toBe('No unpaid product among the selected products.\nCannot change to paid: a selected product is not unpaid.');
  });
});
