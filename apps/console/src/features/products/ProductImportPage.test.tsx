import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { ProductImportPage } from './ProductImportPage';

vi.setConfig({ testTimeout: 30_000 });

const server = useMockServer();

const base = { id: 7, file_name: '商品.csv', file_size: 1234, encoding: 'shift_jis', failure: null, created_at: '2026-11-20T01:00:00Z', updated_at: '2026-11-20T01:00:00Z', applied_at: null };
const errors = Array.from({ length: 1000 }, (_, i) => ({ field: `rows.${i + 2}.税率`, error_code: 'max', params: { max: 100 } }));

describe('product import page', () => {
  let views: object[];
  let applied: number;

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    applied = 0;
    views = [];
    server.use(
      // Each GET answers the next view of the list; the last one stays.
      http.get('/api/v1/products/imports/7', () => HttpResponse.json({ data: views.length > 1 ? views.shift() : views[0] })),
      http.post('/api/v1/products/imports/7/apply', () => {
        applied++;
        const previewed = views[0] as { counts: object };
        views = [{ ...previewed, status: 'applying' }, { ...previewed, status: 'applied', preview: { changed: [], clears: [], errors: [] }, result: { created: 1, updated: 1, unchanged: 1 } }];
        return HttpResponse.json({ data: { ...previewed, status: 'applying' } }, { status: 202 });
      }),
    );
  });

  it('shows the progress while the file is checked, then the preview with every count, and says how many errors are not listed', async () => {
    views = [
      { ...base, status: 'validating', progress: { rows_done: 1200, rows_total: 4000 }, counts: null, preview: null, result: null },
      {
        ...base,
        status: 'invalid',
        progress: { rows_done: 4000, rows_total: 4000 },
        counts: { new: 10, changed: 1, unchanged: 2, clears: 1, errors: 1023, rejected_rows: 1023 },
        preview: { changed: [{ line: 3, product_code: 'P-1', changes: [{ column: 'カテゴリ名', from: '家具', to: null }] }], clears: [{ line: 3, product_code: 'P-1', column: 'カテゴリ名', from: '家具' }], errors },
        result: null,
      },
    ];
    renderRoutes('/products/imports/7', { '/products/imports/:id': <ProductImportPage /> });
    await screen.findByText('ファイルを確認しています（1,200/4,000行）。');
    expect(document.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('30');

    await screen.findByTestId('import-preview', {}, { timeout: 5000 });
    expect(screen.getByText('エラーがあるため取り込めません。ファイルを修正して、もう一度アップロードしてください。')).toBeTruthy();
    expect(screen.getByTestId('import-errors').querySelectorAll('li')).toHaveLength(1000);
    expect(screen.getByText('2行目「税率」: 100以下の値を入力してください。')).toBeTruthy();
    expect(screen.getByTestId('import-errors').querySelector('[data-testid="more"]')?.textContent).toBe('ほか23件');
    expect(screen.getByText('エラーの行をダウンロード（1023行）')).toBeTruthy();
    expect(screen.getByTestId('import-clears').textContent).toContain('3行目・P-1「カテゴリ名」: 家具');
    expect(document.querySelector('.import-clear')?.textContent).toContain('消去');
    expect((document.querySelector('#import-apply') as HTMLButtonElement).disabled).toBe(true);
  });

  it('applies a clean preview after confirming the values blank cells clear, then shows the result', async () => {
    views = [
      {
        ...base,
        status: 'previewed',
        progress: { rows_done: 3, rows_total: 3 },
        counts: { new: 1, changed: 1, unchanged: 1, clears: 1, errors: 0, rejected_rows: 0 },
        preview: { changed: [{ line: 2, product_code: 'P-1', changes: [{ column: 'カテゴリ名', from: '家具', to: null }] }], clears: [{ line: 2, product_code: 'P-1', column: 'カテゴリ名', from: '家具' }], errors: [] },
        result: null,
      },
    ];
    renderRoutes('/products/imports/7', { '/products/imports/:id': <ProductImportPage /> });
    await screen.findByText('まだ商品には反映されていません。内容を確認して「取り込む」を押してください。');
    expect(screen.queryByTestId('import-errors')).toBeNull();
    await userEvent.click(document.querySelector('#import-apply')!);
    expect(applied).toBe(0); // blank cells clear a value: asked first
    await screen.findByText('空欄のセルで1件の値が消えます。取り込みますか？');
    await userEvent.click(document.querySelector('.ant-popconfirm .ant-btn-primary')!);
    await waitFor(() => expect(applied).toBe(1));
    await screen.findByText('2件を取り込みました。', {}, { timeout: 5000 });
    expect(screen.getByText('新規1件・更新1件・変更なし1件')).toBeTruthy();
  });
});
