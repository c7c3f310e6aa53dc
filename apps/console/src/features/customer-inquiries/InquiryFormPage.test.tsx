import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { InquiryFormPage } from './InquiryFormPage';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const $ = <T extends Element = HTMLInputElement>(selector: string) => document.querySelector<T>(selector)!;
const errorOf = (id: string) => $(`#${id}`).closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;

async function fill(user: ReturnType<typeof userEvent.setup>, id: string, text: string) {
  await user.click($(`#${id}`));
  await user.paste(text);
}

describe('general inquiry form (public)', () => {
  let sent: Record<string, unknown>[];
  let answer: () => Response;

  beforeEach(() => {
    setLanguage('en');
    sent = [];
    server.use(
      http.get('/api/v1/customer-inquiries/form-options', () =>
        HttpResponse.json({ data: { shops: [{ id: 3, name: 'Care Shoes' }], earliest_pickup_date: '2026-12-03', pickup_slots: [{ value: 1, label: '9:00-13:00' }] } }),
      ),
      http.post('/api/v1/customer-inquiries/inquiry-form', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return answer();
      }),
    );
    renderRoutes('/inquiry-form', { '/inquiry-form': <InquiryFormPage /> });
  });
  afterEach(() => setLanguage('ja'));

  async function fillInquiry() {
    const user = userEvent.setup();
    await screen.findByTestId('inquiry-form');
    await fill(user, 'inquiry-name', 'Hanako Yamada');
    await fill(user, 'inquiry-email', 'hanako@example.jp');
    await fill(user, 'inquiry-confirm-email', 'hanako@example.jp');
    await user.click($('#inquiry-type-2'));
    await fill(user, 'inquiry-title', 'Where is my parcel?');
    await fill(user, 'inquiry-content', 'It has not arrived yet.');
    await fill(user, 'inquiry-order-no', '20261120-0000007');
    return user;
  }

  it('puts NAL-INQ-003 under the order number, in the page’s language', async () => {
    answer = () =>
      HttpResponse.json({ error: { error_code: 'NAL-422', message: 'invalid', errors: [{ field: 'order_no', error_code: 'NAL-INQ-003' }], request_id: 'r' } }, { status: 422 });
    const user = await fillInquiry();
    await user.click($('#inquiry-submit'));
    await waitFor(() => expect(errorOf('inquiry-order-no')).toBe('No order with this number was found for the e-mail address or phone number you entered.'));
    expect(sent[0]).toMatchObject({ language: 'en', inquiry_type: 2, order_no: '20261120-0000007', website: '' });
  });

  it('shows the reference once received, in place of the form', async () => {
    answer = () => HttpResponse.json({ data: { reference: 'CI-AB12CD34', received_at: '2026-11-24T01:30:00Z' } }, { status: 201 });
    const user = await fillInquiry();
    await user.click($('#inquiry-submit'));
    expect((await screen.findByTestId('inquiry-reference')).textContent).toBe('CI-AB12CD34');
    expect(screen.getByTestId('inquiry-receipt').textContent).toContain('We have received your inquiry');
    expect(screen.queryByTestId('inquiry-form')).toBeNull();
    // Another inquiry starts from an empty form.
    await user.click(screen.getByText('Send another inquiry'));
    await screen.findByTestId('inquiry-form');
    expect($('#inquiry-title').value).toBe('');
  });
});
