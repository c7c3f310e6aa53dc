import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { MakerListPage } from './MakerListPage';

vi.setConfig({ testTimeout: 30_000 });

const server = useMockServer();

const operator = { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['catalogue.read', 'catalogue.write'] };

const longMemo = '月末締め翌月払い。発注は午前中にFAXで送ること。担当は山田さん（内線12）。\n年末年始は休業。';
const maker = {
  id: 12,
  code: 'TK',
  name: '東京家具製作所',
  product_codes: 'A-100, A-200',
  phone: '03-1111-2222',
  fax: '03-1111-3333',
  email: 'order@tk.example.com',
  address: '東京都千代田区丸の内1-1-1',
  order_method: 'fax',
  status: 'disabled',
  memo: longMemo,
  created_at: '2026-11-20T01:00:00Z',
  updated_at: '2026-11-21T01:00:00Z',
  version: 1,
};
const shortMemo = { ...maker, id: 13, code: 'OS', name: '大阪木工', memo: '短いメモ', product_codes: null, fax: null, order_method: 'email', status: 'enabled' };

describe('maker list', () => {
  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: operator })),
      http.get('/api/v1/makers', () =>
        HttpResponse.json({ data: [maker, shortMemo], pagination: { from: 1, to: 2, total: 2, current_page: 1, per_page: 50, last_page: 1 } }),
      ),
    );
  });

  it('shows every field of a maker: id, code, name, product codes, phone, fax, e-mail, address, order method, status and memo', async () => {
    renderRoutes('/makers', { '/makers': <MakerListPage /> });
    const row = (await screen.findByText('東京家具製作所')).closest('tr')!;
    const headers = [...document.querySelectorAll('thead th')].map((th) => th.textContent);
    expect(headers).toEqual(['メーカーID', 'メーカーコード', 'メーカー名', '取扱商品コード', '電話番号', 'FAX番号', 'メールアドレス', '住所', '発注方法', '状態', 'メモ', '更新日時']);
    const cells = [...row.querySelectorAll('td')].map((td) => td.textContent);
    expect(cells.slice(0, 10)).toEqual(['12', 'TK', '東京家具製作所', 'A-100, A-200', '03-1111-2222', '03-1111-3333', 'order@tk.example.com', '東京都千代田区丸の内1-1-1', 'FAX', '無効']);
    const other = [...screen.getByText('大阪木工').closest('tr')!.querySelectorAll('td')].map((td) => td.textContent);
    expect(other[3]).toBe('—');
    expect(other[5]).toBe('—');
  });

  it('cuts a long memo to its first 30 characters and shows it whole on hover; a short one as it is', async () => {
    renderRoutes('/makers', { '/makers': <MakerListPage /> });
    const memo = await screen.findByTestId('maker-memo-12');
    expect(memo.textContent).toBe(`${[...longMemo].slice(0, 30).join('')}…`);
    expect(screen.getByTestId('maker-memo-13').textContent).toBe('短いメモ');

    await userEvent.hover(memo);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip.textContent).toBe(longMemo);
  });
});
