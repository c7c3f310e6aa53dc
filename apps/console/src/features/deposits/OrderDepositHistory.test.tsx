import { japanToday } from '@oms/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { toast } from '../../common/toast';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { useOrder } from '../orders/api/use-orders';
import { OrderDepositHistory } from './OrderDepositHistory';
import { accountant, operator, refusal, wirePayment } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

/** The order page's own read of the order: the panel's payment reads it again. */
function OrderProbe() {
  useOrder('11');
  return null;
}

describe('a payment recorded by hand on the order page', () => {
  let me: object;
  let puts: { path: string; body: unknown }[];
  let answer: () => Response;
  let historyReads: number;
  let orderReads: number;
  let onStale: ReturnType<typeof vi.fn<() => void>>;

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    me = accountant;
    puts = [];
    historyReads = 0;
    orderReads = 0;
    onStale = vi.fn<() => void>();
    answer = () => HttpResponse.json({ data: wirePayment(11, { deposit_id: null, type: 4 }) });
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/deposits/orders/11', () => {
        historyReads++;
        return HttpResponse.json({ data: [wirePayment(11)] });
      }),
      http.get('/api/v1/orders/11', () => {
        orderReads++;
        return HttpResponse.json({ data: { id: '11' } });
      }),
      http.put('/api/v1/deposits/*', async ({ request }) => {
        puts.push({ path: new URL(request.url).pathname.replace('/api/v1', ''), body: await request.json() });
        return answer();
      }),
    );
  });

  const renderPanel = () => renderRoutes('/orders/11', { '/orders/:id': <OrderDepositHistory order={{ id: '11', version: 3, total: 5500 }} onStale={onStale} /> }, <OrderProbe />);

  it('sends the type, amount, Japan’s today and the fees with the order’s version, shows the outcome, and reads the order and its payments again', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    renderPanel();
    await userEvent.click(await screen.findByText('入金を登録'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('payment-total').textContent).toBe('受注金額：¥5,500');
    expect((document.querySelector('#payment-paidDate') as HTMLInputElement).value).toBe(japanToday());

    // Nothing typed: the amount is asked for, nothing sent; less than 1 yen is no payment.
    await userEvent.click(document.querySelector('#payment-submit')!);
    await within(dialog).findByText('必須項目です。');
    await userEvent.type(document.querySelector('#payment-amount')!, '0');
    await within(dialog).findByText('1以上の値を入力してください。');
    expect(puts).toEqual([]);

    await userEvent.click(document.querySelector('#payment-type')!);
    await userEvent.click(await screen.findByTitle('現金'));
    await userEvent.clear(document.querySelector('#payment-amount')!);
    await userEvent.type(document.querySelector('#payment-amount')!, '5000');
    expect(screen.getByTestId('payment-outcome').textContent).toBe('差額−¥500（不足）');
    await userEvent.type(document.querySelector('#payment-amount')!, '0');
    expect(screen.getByTestId('payment-outcome').textContent).toBe('差額+¥44,500（過入金）');
    await userEvent.clear(document.querySelector('#payment-amount')!);
    await userEvent.type(document.querySelector('#payment-amount')!, '5000');
    // The settlement fee the shop bears counts toward the order's total; the shipping fee does not.
    await userEvent.type(document.querySelector('#payment-settlementFee')!, '500');
    await userEvent.type(document.querySelector('#payment-shippingFee')!, '300');
    expect(screen.getByTestId('payment-outcome').textContent).toBe('差額¥0（一致）');

    const [histories, orders] = [historyReads, orderReads];
    await userEvent.click(document.querySelector('#payment-submit')!);
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toEqual({
      path: '/deposits/11/update',
      body: { version: 3, type: 4, amount: 5000, paid_date: japanToday(), transfer_fee: 0, settlement_fee: 500, other_fee: 0, shipping_fee: 300 },
    });
    await waitFor(() => expect(done).toHaveBeenCalledWith('入金を登録しました。'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(historyReads).toBeGreaterThan(histories);
    expect(orderReads).toBeGreaterThan(orders);
  });

  it('asks the page for a reload on NAL_ORD-193, and toasts any other refusal', async () => {
    const error = vi.spyOn(toast, 'error').mockImplementation(() => undefined);
    answer = () => (puts.length === 1 ? HttpResponse.json(refusal('NAL-DEP-047'), { status: 400 }) : HttpResponse.json(refusal('NAL_ORD-193'), { status: 400 }));
    renderPanel();
    await userEvent.click(await screen.findByText('入金を登録'));
    await userEvent.type(document.querySelector('#payment-amount')!, '5500');
    await userEvent.click(document.querySelector('#payment-submit')!);
    await waitFor(() => expect(error).toHaveBeenCalledWith('銀行の取消・訂正の明細は入金を取り消すものです。受注に適用できません。'));
    // Not stale: the dialog stays, to send again.
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect(onStale).not.toHaveBeenCalled();
    await userEvent.click(document.querySelector('#payment-submit')!);
    await waitFor(() => expect(onStale).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(error).toHaveBeenCalledTimes(1);
  });

  it('offers no payment to a role that may only read deposits', async () => {
    me = operator;
    setLanguage('en');
    renderPanel();
    await screen.findByTestId('order-deposits');
    expect(screen.getByText('Deposits and payments')).toBeTruthy();
    expect(document.querySelector('#order-payment-add')).toBeNull();
    expect(screen.queryByText('Record a payment')).toBeNull();
    setLanguage('ja');
  });
});
