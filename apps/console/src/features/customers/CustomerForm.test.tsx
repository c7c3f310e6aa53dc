import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { useParams } from 'react-router-dom';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { CustomerCreatePage } from './CustomerPages';

const server = useMockServer();

const me = { id: 1, name: 'CS', email: 'cs@example.com', role: 'call_center', permissions: ['customers.read', 'customers.write'] };

/** Stands in for the detail page the link opens. */
function CustomerShown() {
  return <div data-testid="customer-shown">customer {useParams().id}</div>;
}

const emailItem = () => document.querySelector('#customer-email')!.closest('.ant-form-item')!;

describe('customer form: one customer per e-mail and shop', () => {
  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
      http.post('/api/v1/customers', () =>
        HttpResponse.json(
          {
            error: {
              error_code: 'NAL-422',
              message: 'Some fields are invalid.',
              errors: [{ field: 'email', error_code: 'unique', params: { customer_id: 12, customer_name: '山田 太郎' } }],
              request_id: 'r',
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderRoutes('/customers/create', { '/customers/create': <CustomerCreatePage />, '/customers/:id': <CustomerShown /> });
  });

  async function saveWithEmail(email: string) {
    const user = userEvent.setup();
    await user.type(document.querySelector('#customer-name')!, '山田 次郎');
    await user.type(document.querySelector('#customer-email')!, email);
    await user.click(document.querySelector('#customer-save')!);
    return user;
  }

  it('shows the refusal on the e-mail field, naming the customer who has it, with a link to them', async () => {
    const user = await saveWithEmail('taro@example.jp');
    const taken = await screen.findByTestId('customer-email-taken');
    expect(emailItem().contains(taken)).toBe(true);
    expect(taken.textContent).toBe('このショップには同じメールアドレスの顧客が既に登録されています： 山田 太郎（顧客ID 12）');
    const link = document.querySelector<HTMLAnchorElement>('#customer-email-holder')!;
    expect(link.getAttribute('href')).toBe('/customers/12');
    await user.click(link);
    expect((await screen.findByTestId('customer-shown')).textContent).toBe('customer 12');
  });

  it('drops the refusal once the e-mail is edited', async () => {
    const user = await saveWithEmail('taro@example.jp');
    await screen.findByTestId('customer-email-taken');
    await user.type(document.querySelector('#customer-email')!, 'x');
    await waitFor(() => expect(screen.queryByTestId('customer-email-taken')).toBeNull());
    await waitFor(() => expect(emailItem().querySelector('.ant-form-item-explain-error')).toBeNull());
  });
});
