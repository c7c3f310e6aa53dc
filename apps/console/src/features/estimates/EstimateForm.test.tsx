import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { EstimateCreatePage, EstimateDetailPage } from './EstimatePages';

const server = useMockServer();

const me = { id: 1, name: 'Op', email: 'op@example.com', role: 'operator', permissions: ['customers.read', 'estimates.edit'] };

describe('estimate form', () => {
  let sent: Record<string, unknown>[];

  beforeEach(() => {
    setLanguage('en');
    saveSession('token', 900);
    sent = [];
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.get('/api/v1/customers/7', () => HttpResponse.json({ data: { id: 7, name: '山田 太郎', version: 1 } })),
      http.get('/api/v1/customers/estimates/payments', () => HttpResponse.json({ data: [{ id: 2, code: 'bank', name_ja: '銀行振込', name_en: 'Bank transfer', is_postpaid: false, business_only: false }] })),
    );
  });

  it("shows a 422's field errors under their fields: a line's product name and the eighth note", async () => {
    server.use(
      http.post('/api/v1/customers/estimates', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(
          {
            error: {
              error_code: 'NAL-422',
              message: 'invalid',
              errors: [
                { field: 'details.1.product_name', error_code: 'max_length', params: { max: 100 } },
                { field: 'estimate_notes.7', error_code: 'max_length', params: { max: 100 } },
                { field: 'fee1_value', error_code: 'required' },
                { field: 'zip', error_code: 'zip_format' },
              ],
            },
          },
          { status: 422 },
        );
      }),
    );
    renderRoutes('/customers/7/estimates/new', { '/customers/:customerId/estimates/new': <EstimateCreatePage /> });
    await screen.findByText(/New estimate：山田 太郎/);
    const user = userEvent.setup();
    await user.type(document.getElementById('estimate-line-0-productName')!, '桧のテーブル');
    await user.type(document.getElementById('estimate-line-0-priceWithTax')!, '110000');
    // A second line, added; then a third, removed again.
    await user.click(document.getElementById('estimate-line-add')!);
    await user.type(document.getElementById('estimate-line-1-productName')!, '緑茶');
    await user.type(document.getElementById('estimate-line-1-priceWithTax')!, '3240');
    await user.click(document.getElementById('estimate-line-add')!);
    expect(document.getElementById('estimate-line-2-productName')).not.toBeNull();
    await user.click(document.getElementById('estimate-line-2-remove')!);
    expect(document.getElementById('estimate-line-2-productName')).toBeNull();
    for (let i = 0; i < 8; i++) {
      await user.click(document.getElementById('estimate-note-add')!);
      await user.click(document.getElementById(`estimate-note-${i}`)!);
      await user.paste(`備考${i + 1}`);
    }
    // Eight notes at most: no button for a ninth.
    expect(document.getElementById('estimate-note-add')).toBeNull();
    await user.click(document.getElementById('estimate-save')!);

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({
      customer_id: 7,
      details: [
        { product_name: '桧のテーブル', price_with_tax: 110000, amount: 1, tax_percentage: 10 },
        { product_name: '緑茶', price_with_tax: 3240, amount: 1, tax_percentage: 10 },
      ],
      estimate_notes: ['備考1', '備考2', '備考3', '備考4', '備考5', '備考6', '備考7', '備考8'],
      fee1_id: null,
    });
    const help = (field: string) => document.getElementById(`estimate_${field}_help`)?.textContent ?? null;
    await waitFor(() => expect(help('details_1_productName')).toContain('100'));
    expect(help('estimateNotes_7')).toContain('100');
    expect(help('fee1Value')).toMatch(/required/i);
    expect(help('zip')).not.toBeNull();
    // The other line's field has no error.
    expect(document.getElementById('estimate_details_0_productName_help')).toBeNull();
  }, 60_000);

  it("offers what `actions` allows, and toasts an approval's success", async () => {
    const estimate = {
      id: '5', customer_id: '7', estimate_no: 'E-20261126-0001', revision: 1, estimate_no_label: 'E-20261126-0001',
      person_in_charge: '佐藤', delivery_location: null, fax_number: null, zip: null, estimate_payment_id: null,
      details: [{ ec_product_code: null, product_name: '桧のテーブル', tax_percentage: 10, option_detail: null, price_with_tax: 110000, amount: 1, unit: '台' }],
      fee1_id: 1, fee1_value: 2200, fee2_id: null, fee2_value: null, estimate_notes: [], note: null,
      subtotal: 110000, fees_total: 2200, taxes: [{ rate: 10, total_with_tax: 112200, tax: 10200 }], tax_total: 10200, total: 112200,
      status: 2, button_type: 2, special_flow: 0, approve: true, stamp: false, approved_date: null, seal_approved_date: null,
      admin_note: null, original_file_name: null, s3_path: null, locked: false, issued_at: '2026-11-26T01:00:00Z', valid_until: '2026-12-26',
      actions: ['approve', 'reject'], created_at: '2026-11-26T01:00:00Z', updated_at: '2026-11-26T01:00:00Z', version: 2,
      revisions: [{ revision: 1, estimate_no_label: 'E-20261126-0001', status: 2, issued_at: '2026-11-26T01:00:00Z', approved_date: null, seal_approved_date: null, total: 112200, current: true }],
      steps: [],
    };
    const answers: unknown[] = [];
    server.use(
      http.get('/api/v1/customers/estimates/5', () => HttpResponse.json({ data: estimate })),
      http.put('/api/v1/customers/estimates/approve', async ({ request }) => {
        answers.push(await request.json());
        return HttpResponse.json({ data: { ...estimate, status: 6, actions: [], version: 3 } });
      }),
    );
    const { toast } = await import('../../common/toast');
    const success = vi.spyOn(toast, 'success').mockImplementation(() => undefined);
    renderRoutes('/customers/estimates/5', { '/customers/estimates/:id': <EstimateDetailPage /> });
    await screen.findByText('Estimate E-20261126-0001');
    expect(screen.getByTestId('estimate-tax-10').textContent).toContain('¥112,200');
    expect(screen.getByTestId('estimate-total').textContent).toBe('¥112,200');
    expect(document.getElementById('estimate-stamp')).toBeNull();
    expect(document.getElementById('estimate-request_approve')).toBeNull();
    const user = userEvent.setup();
    // A rejection asks for the reason first.
    await user.click(document.getElementById('estimate-reject')!);
    await waitFor(() => expect(document.getElementById('estimate-answer-ok')).not.toBeNull());
    await user.click(document.getElementById('estimate-answer-ok')!);
    expect(await screen.findByText('Please enter the reason.')).toBeTruthy();
    expect(answers).toEqual([]);
    await user.keyboard('{Escape}');
    await user.click(document.getElementById('estimate-approve')!);
    await waitFor(() => expect(success).toHaveBeenCalledWith('The estimate was approved.'));
    expect(answers).toEqual([{ id: 5, version: 2, action: 'approve', comment: null }]);
  });
});
