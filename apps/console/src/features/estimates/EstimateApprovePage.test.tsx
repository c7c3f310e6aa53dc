import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { clearSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { envelope, renderRoutes, useMockServer } from '../../test-utils';
import { EstimateApprovePage } from './EstimateApprovePage';

const server = useMockServer();

const estimate = {
  id: '5', customer_id: '7', estimate_no: 'E-20261126-0001', revision: 1, estimate_no_label: 'E-20261126-0001',
  person_in_charge: '佐藤', delivery_location: null, fax_number: null, zip: null, estimate_payment_id: null,
  details: [
    { ec_product_code: 'EC-1', product_name: '桧のテーブル', tax_percentage: 10, option_detail: null, price_with_tax: 110000, amount: 1, unit: '台' },
    { ec_product_code: 'EC-2', product_name: '国産緑茶ギフト', tax_percentage: 8, option_detail: null, price_with_tax: 3240, amount: 5, unit: '箱' },
  ],
  fee1_id: 1, fee1_value: 2200, fee2_id: 4, fee2_value: 1000, estimate_notes: [], note: null,
  subtotal: 126200, fees_total: 1200, taxes: [{ rate: 10, total_with_tax: 111200, tax: 10109 }, { rate: 8, total_with_tax: 16200, tax: 1200 }], tax_total: 11309, total: 127400,
  status: 4, button_type: 2, special_flow: 0, approve: true, stamp: true, approved_date: null, seal_approved_date: null,
  admin_note: null, original_file_name: null, s3_path: null, locked: false, issued_at: '2026-11-26T01:00:00Z', valid_until: '2026-12-26',
  actions: ['approve', 'reject'], created_at: '2026-11-26T01:00:00Z', updated_at: '2026-11-26T01:00:00Z', version: 2,
};
const check = { step: 'approve', answers: ['approve', 'reject'], expires_at: '2026-11-29T01:00:00Z', recipient_name: '管理 一郎', estimate };

const renderPage = () => renderRoutes('/estimate-approve/tok', { '/estimate-approve/:token': <EstimateApprovePage /> });

describe('the public estimate approval page', () => {
  beforeEach(() => {
    clearSession();
    setLanguage('ja');
  });

  it("shows SPEC §8's message when someone else already answered (NAL-CTM-104), in Japanese and in English", async () => {
    server.use(http.get('/api/v1/customers/estimates/check', () => envelope(400, 'NAL-CTM-104')));
    renderPage();
    expect((await screen.findByTestId('estimate-link-problem')).textContent).toBe('この見積は既に他の方が承認または却下しました。');
    setLanguage('en');
    await waitFor(() => expect(screen.getByTestId('estimate-link-problem').textContent).toBe('Someone else already approved or rejected this estimate.'));
  });

  it('shows the expired message (NAL-CTM-105)', async () => {
    server.use(http.get('/api/v1/customers/estimates/check', () => envelope(400, 'NAL-CTM-105')));
    renderPage();
    expect((await screen.findByTestId('estimate-link-problem')).textContent).toBe('リンクの有効期限が切れています。');
  });

  it('shows the lines, fees and tax per rate; a rejection needs its reason and is sent with the link token, without a bearer', async () => {
    const sent: { body: unknown; auth: string | null }[] = [];
    server.use(
      http.get('/api/v1/customers/estimates/check', ({ request }) => {
        expect(new URL(request.url).searchParams.get('link_token')).toBe('tok');
        return HttpResponse.json({ data: check });
      }),
      http.put('/api/v1/customers/estimates/approve', async ({ request }) => {
        sent.push({ body: await request.json(), auth: request.headers.get('authorization') });
        return HttpResponse.json({ data: { ...estimate, status: 5, actions: [], version: 3 } });
      }),
    );
    renderPage();
    await screen.findByTestId('estimate-link-page');
    expect(screen.getByText('国産緑茶ギフト')).toBeTruthy();
    expect(screen.getByTestId('estimate-tax-8').textContent).toBe('8%対象¥16,200（内消費税¥1,200）');
    expect(screen.getByTestId('estimate-total').textContent).toBe('¥127,400');
    expect(screen.getByText('値引き')).toBeTruthy();
    expect(screen.getByTestId('estimate-link-pdf').getAttribute('href')).toBe('/api/v1/customers/estimates/download?link_token=tok');
    expect(document.getElementById('estimate-stamp')).toBeNull();

    const user = userEvent.setup();
    await user.click(document.getElementById('estimate-reject')!);
    await waitFor(() => expect(document.getElementById('estimate-answer-ok')).not.toBeNull());
    await user.click(document.getElementById('estimate-answer-ok')!);
    await screen.findByText('理由を入力してください。');
    expect(sent).toEqual([]);
    await user.type(document.getElementById('estimate-answer-comment')!, '値引き額を見直してください');
    await user.click(document.getElementById('estimate-answer-ok')!);
    expect((await screen.findByTestId('estimate-link-done')).textContent).toBe('見積を却下しました。');
    expect(sent).toEqual([{ body: { id: 5, version: 2, action: 'reject', comment: '値引き額を見直してください', link_token: 'tok' }, auth: null }]);
  });
});
