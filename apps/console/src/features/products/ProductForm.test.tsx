import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { ProductCreatePage } from './ProductPages';

// Typing into antd forms is slow on a loaded machine (2 shared cores).
vi.setConfig({ testTimeout: 120_000 });

const server = useMockServer();

const me = { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['catalogue.read', 'catalogue.write'] };

beforeEach(() => {
  setLanguage('en');
  saveSession('token', 900);
  server.use(
    http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
    http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [] })),
  );
});

describe('product form', () => {
  it('holds the price and wholesale price to 99,999,999 yen, the domain’s bound, and sends nothing past it', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/products', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: {} }, { status: 201 });
      }),
    );
    renderRoutes('/products/create', { '/products/create': <ProductCreatePage /> });
    const user = userEvent.setup();
    const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
    const errorOf = (id: string) => input(id).closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;
    await waitFor(() => expect(input('product-price')).not.toBeNull());
    await user.type(input('product-price'), '100000000');
    await user.type(input('product-wholesale-price'), '100000000');
    await user.click(input('product-save'));
    await waitFor(() => expect(errorOf('product-price')).toBe('Enter 99,999,999 or less.'));
    expect(errorOf('product-wholesale-price')).toBe('Enter 99,999,999 or less.');
    // What was typed stays as typed.
    expect(input('product-price').value).toBe('100000000');

    await user.clear(input('product-price'));
    await user.type(input('product-price'), '99999999');
    await user.clear(input('product-wholesale-price'));
    await user.type(input('product-wholesale-price'), '99999999');
    await waitFor(() => expect(errorOf('product-price')).toBeUndefined());
    expect(errorOf('product-wholesale-price')).toBeUndefined();
    expect(screen.queryByTestId('form-refusal')).toBeNull();
    expect(sent).toEqual([]);
  });
});
