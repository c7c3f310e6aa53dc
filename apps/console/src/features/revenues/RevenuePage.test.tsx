import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { toast } from '../../common/toast';
import { refusal } from '../deposits/test-fixtures';
import { RevenuePage } from './RevenuePage';
import { accountant, operator, wireRevenue } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

describe('a revenue record’s page', () => {
  let me: object;
  let views: object[];
  let puts: unknown[];
  let answer: () => Response;

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    me = accountant;
    views = [wireRevenue()];
    puts = [];
    answer = () => HttpResponse.json({ data: wireRevenue({ version: 4 }) });
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      // Each GET answers the next view of the record; the last one stays.
      http.get('/api/v1/revenues/31', () => HttpResponse.json({ data: views.length > 1 ? views.shift() : views[0] })),
      http.put('/api/v1/revenues/31', async ({ request }) => {
        puts.push(await request.json());
        return answer();
      }),
    );
  });

  const renderPage = () => renderRoutes('/revenue/list/31', { '/revenue/list/:id': <RevenuePage />, '/orders/:id': <div data-testid="order-page" /> });
  const fieldError = (id: string) => document.querySelector(`#${id}`)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain-error')?.textContent;

  it('shows every figure, and saves the costs and memo with the version it read', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    views = [wireRevenue(), wireRevenue({ version: 4, actual_ship_cost: 1500, margin: 16060, memo: '着払い分を含む' })];
    renderPage();
    await screen.findByTestId('revenue-costs');
    expect(screen.getByTestId('revenue-title').textContent).toBe('売上「20261105-0000501-1」');
    expect(screen.getByTestId('revenue-order').textContent).toContain('2026年11月12日');
    expect(screen.getByTestId('revenue-order').textContent).toContain('2026年11月');
    expect(screen.getByTestId('figure-total').textContent).toBe('¥44,000');
    expect(screen.getByTestId('figure-wholesaleTotal').textContent).toBe('¥26,000');
    expect(screen.getByTestId('figure-margin').textContent).toBe('¥16,360');
    expect(screen.getByTestId('revenue-order-link').getAttribute('href')).toBe('/orders/501');

    const ship = document.querySelector<HTMLInputElement>('#revenue-actualShipCost')!;
    expect(ship.value).toBe('1200');
    await userEvent.clear(ship);
    await userEvent.type(ship, '1500');
    await userEvent.type(document.querySelector('#revenue-memo')!, '着払い分を含む');
    await userEvent.click(document.querySelector('#revenue-save')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith('売上を保存しました。'));
    expect(puts).toEqual([{ version: 3, actual_ship_cost: 1500, transfer_fee: 440, other_cost: 0, memo: '着払い分を含む' }]);
    await waitFor(() => expect(screen.getByTestId('figure-margin').textContent).toBe('¥16,060'));
    expect(screen.getByTestId('revenue-page').getAttribute('data-version')).toBe('4');
  });

  it('offers a reload when someone else saved the record since (NAL-REVENUE-002), then saves with the new version', async () => {
    const done = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    answer = () => HttpResponse.json(refusal('NAL-REVENUE-002'), { status: 400 });
    views = [wireRevenue(), wireRevenue({ version: 5, other_cost: 300, margin: 16060 })];
    renderPage();
    await screen.findByTestId('revenue-costs');
    await userEvent.type(document.querySelector('#revenue-otherCost')!, '500');
    await userEvent.click(document.querySelector('#revenue-save')!);
    const stale = await screen.findByTestId('revenue-stale');
    expect(stale.textContent).toContain('この売上は他の人が更新しました。再読み込みしてください。');
    expect(puts).toEqual([expect.objectContaining({ version: 3, other_cost: 500 })]);
    expect(done).not.toHaveBeenCalled();

    await userEvent.click(document.querySelector('#revenue-reload')!);
    await waitFor(() => expect(screen.getByTestId('revenue-page').getAttribute('data-version')).toBe('5'));
    expect(screen.queryByTestId('revenue-stale')).toBeNull();
    expect(document.querySelector<HTMLInputElement>('#revenue-otherCost')!.value).toBe('300');
    answer = () => HttpResponse.json({ data: wireRevenue({ version: 6 }) });
    await userEvent.click(document.querySelector('#revenue-save')!);
    await waitFor(() => expect(done).toHaveBeenCalledWith('売上を保存しました。'));
    expect(puts.at(-1)).toEqual(expect.objectContaining({ version: 5, other_cost: 300 }));
  });

  it('shows the API’s field errors under their fields', async () => {
    answer = () =>
      HttpResponse.json(refusal('NAL-422', [{ field: 'transfer_fee', error_code: 'max', params: { max: 9999999 } }]), { status: 422 });
    renderPage();
    await screen.findByTestId('revenue-costs');
    await userEvent.click(document.querySelector('#revenue-save')!);
    await waitFor(() => expect(fieldError('revenue-transferFee')).toBeTruthy());
    expect(fieldError('revenue-actualShipCost')).toBeFalsy();
  });

  it('checks a cost’s limit as it is typed, before sending', async () => {
    renderPage();
    await screen.findByTestId('revenue-costs');
    await userEvent.type(document.querySelector('#revenue-otherCost')!, '10000000');
    await userEvent.click(document.querySelector('#revenue-save')!);
    await waitFor(() => expect(fieldError('revenue-otherCost')).toBeTruthy());
    expect(puts).toEqual([]);
  });

  it('is read-only to a role that may only read revenues', async () => {
    me = operator;
    renderPage();
    await screen.findByText('経費とメモは経理・管理者が編集できます。');
    expect(document.querySelector('#revenue-save')).toBeNull();
    expect(screen.getByTestId('revenue-costs').textContent).toContain('¥1,200');
    expect(document.querySelector('#revenue-lines')).not.toBeNull();
  });
});
