import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { formatDate, setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { ProductImportPage } from './ProductImportPage';
import { ProductListPage } from './ProductListPage';

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
  describe('a file imported before (SPEC.md §5: unique file names)', () => {
    const importedAt = '2026-11-20T01:30:00Z';
    const refusal = {
      error: {
        error_code: 'NAL-422',
        message: 'Some fields are invalid.',
        errors: [{ field: 'file', error_code: 'NAL-UPL-001', params: { file_name: '商品.csv', imported_at: importedAt, imported_by: '山田 花子' } }],
        request_id: 'r-1',
      },
    };
    const said = () => `「商品.csv」は${formatDate(importedAt, true)}に山田 花子さんが取り込み済みです。`;
    const previewed = {
      ...base,
      status: 'previewed',
      progress: { rows_done: 3, rows_total: 3 },
      counts: { new: 1, changed: 0, unchanged: 0, clears: 0, errors: 0, rejected_rows: 0 },
      preview: { changed: [], clears: [], errors: [] },
      result: null,
    };

    it('says when and by whom at apply, and applies on "Import again" with the confirmation', async () => {
      expect(formatDate(importedAt, true)).toMatch(/^2026年11月20日 \d\d:30$/);
      views = [previewed];
      const bodies: string[] = [];
      server.use(
        http.post('/api/v1/products/imports/7/apply', async ({ request }) => {
          bodies.push(await request.text());
          if (bodies.length === 1) return HttpResponse.json(refusal, { status: 422 });
          views = [{ ...previewed, status: 'applied', result: { created: 1, updated: 0, unchanged: 0 } }];
          return HttpResponse.json({ data: { ...previewed, status: 'applying' } }, { status: 202 });
        }),
      );
      renderRoutes('/products/imports/7', { '/products/imports/:id': <ProductImportPage /> });
      await screen.findByTestId('import-preview');
      await userEvent.click(document.querySelector('#import-apply')!);
      const prompt = await screen.findByTestId('reimport-prompt');
      expect(prompt.textContent).toContain('取り込み済みのファイルです');
      expect(prompt.textContent).toContain(said());
      expect(bodies).toEqual(['']); // the first apply did not confirm anything

      await userEvent.click(document.querySelector('#reimport-confirm')!);
      await screen.findByText('1件を取り込みました。', {}, { timeout: 5000 });
      expect(bodies.map((b) => (b ? JSON.parse(b) : null))).toEqual([null, { confirm_reimport: true }]);
      expect(screen.queryByTestId('reimport-prompt')).toBeNull();
    });

    it('says when and by whom at upload, and uploads the same file again, confirmed, on "Import again"', async () => {
      views = [previewed];
      // jsdom's File reaches the mock server without its name: what is checked is that a file went, and the flag.
      const sent: { file: boolean; confirm: FormDataEntryValue | null }[] = [];
      server.use(
        http.get('/api/v1/me', () => HttpResponse.json({ data: { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['catalogue.read', 'catalogue.write'] } })),
        http.get('/api/v1/products', () => HttpResponse.json({ data: [], pagination: { from: null, to: null, total: 0, current_page: 1, per_page: 50, last_page: 1 } })),
        http.get('/api/v1/products/changes', () => HttpResponse.json({ data: [] })),
        http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [] })),
        http.post('/api/v1/products/imports', async ({ request }) => {
          const form = await request.formData();
          sent.push({ file: form.has('file'), confirm: form.get('confirm_reimport') });
          if (sent.length === 1) return HttpResponse.json(refusal, { status: 422 });
          return HttpResponse.json({ data: { ...base, status: 'validating', progress: { rows_done: 0, rows_total: null }, counts: null, preview: null, result: null } }, { status: 202 });
        }),
      );
      renderRoutes('/products', { '/products': <ProductListPage />, '/products/imports/:id': <ProductImportPage /> });
      await screen.findByText('CSVインポート');
      // The upload's input is made anew after each file: looked up each time.
      const choose = async () => userEvent.upload(await waitFor(() => document.querySelector('input[type="file"]') as HTMLInputElement), new File(['商品コード\r\n'], '商品.csv', { type: 'text/csv' }));
      await choose();
      const prompt = await screen.findByTestId('reimport-prompt');
      expect(prompt.textContent).toContain(said());
      expect(screen.queryByTestId('import-errors')).toBeNull(); // not listed as an error of the file as well

      // Cancel hides it; the next refusal shows it again, and "Import again" sends the file confirmed.
      await userEvent.click(document.querySelector('#reimport-cancel')!);
      expect(screen.queryByTestId('reimport-prompt')).toBeNull();
      sent.length = 0;
      await choose();
      await screen.findByTestId('reimport-prompt');
      await userEvent.click(document.querySelector('#reimport-confirm')!);
      await screen.findByTestId('import-preview', {}, { timeout: 5000 }); // on the import's page
      expect(sent).toEqual([
        { file: true, confirm: null },
        { file: true, confirm: 'true' },
      ]);
    }, 90_000); // the whole product list is rendered: slow on a loaded machine

    it('says it in English too', async () => {
      setLanguage('en');
      views = [previewed];
      server.use(http.post('/api/v1/products/imports/7/apply', () => HttpResponse.json(refusal, { status: 422 })));
      renderRoutes('/products/imports/7', { '/products/imports/:id': <ProductImportPage /> });
      await screen.findByTestId('import-preview');
      await userEvent.click(document.querySelector('#import-apply')!);
      const prompt = await screen.findByTestId('reimport-prompt');
      expect(prompt.textContent).toContain(`“商品.csv” was imported on ${formatDate(importedAt, true)} by 山田 花子.`);
      expect(prompt.textContent).toContain('Import again');
      setLanguage('ja');
    });
  });
});
