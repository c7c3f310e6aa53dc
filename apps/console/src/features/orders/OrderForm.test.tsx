import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { chooseOption, renderRoutes, useMockServer } from '../../test-utils';
import { OrderCreatePage, OrderEditPage } from './OrderPages';
import { page, refusal, wireLine, wireOrder } from './test-fixtures';

vi.setConfig({ testTimeout: 60_000 });

const server = useMockServer();

const me = { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['orders.read', 'orders.process', 'settings.read', 'customers.read', 'catalogue.read'] };
const product = {
  id: 7,
  product_code: 'P-7',
  product_name: '桐たんす',
  maker_id: 2,
  price_with_tax: 33000,
  tax_percentage: 10,
  wholesale_price: 20000,
  option1: '白',
  option2: null,
};

beforeEach(() => {
  setLanguage('en');
  saveSession('token', 900);
  server.use(
    http.get('/api/v1/me', () => HttpResponse.json({ data: me })),
    http.get('/api/v1/shops', () => HttpResponse.json({ data: [{ id: 1, name: 'テスト店', code: 'T', type: 'platform_1' }], pagination: page(1) })),
    http.get('/api/v1/payments/search', () => HttpResponse.json({ data: [{ id: 2, code: 'bank_transfer', name_ja: '銀行振込', name_en: 'Bank transfer' }] })),
    http.get('/api/v1/delivery_methods', () => HttpResponse.json({ data: [], pagination: page(0) })),
    http.get('/api/v1/customers/list', () => HttpResponse.json({ data: [] })),
    http.get('/api/v1/makers/list', () => HttpResponse.json({ data: [{ id: 2, name: '東京家具製作所', code: 'TK' }] })),
    http.get('/api/v1/products', () => HttpResponse.json({ data: [product], pagination: page(1) })),
  );
});

function renderPage(url: string) {
  return renderRoutes(url, {
    '/orders/create': <OrderCreatePage />,
    '/orders/:id/edit': <OrderEditPage />,
    '/orders/:id': <div data-testid="order-information">order information</div>,
  });
}

async function fillNewOrder() {
  const user = userEvent.setup();
  await chooseOption('order-shopId', 'テスト店 (T)');
  await chooseOption('order-paymentMethodId', 'Bank transfer');
  await user.type(document.querySelector('#order-buyerName')!, '山田 太郎');
  await user.click(document.querySelector('#order-copy-buyer')!);
  await chooseOption('line-0-productId', 'P-7 桐たんす');
  await waitFor(() => expect((document.querySelector('#line-0-productName') as HTMLInputElement).value).toBe('桐たんす'));
}

describe('order form', () => {
  it('fills a line from the product picked, and shows a 422 under the line field it names', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/v1/orders', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json(refusal('NAL-422', [{ field: 'lines.0.amount', error_code: 'max', params: { max: 99999999 } }]), { status: 422 });
      }),
    );
    renderPage('/orders/create');
    await fillNewOrder();
    expect((document.querySelector('#line-0-priceWithTax') as HTMLInputElement).value).toBe('33000');
    await userEvent.click(document.querySelector('#order-save')!);

    const amountItem = () => document.querySelector('#line-0-amount')!.closest('.ant-form-item')!;
    await waitFor(() => expect(amountItem().textContent).toContain('Enter 99999999 or less.'));
    expect(document.querySelector('#order-buyerName')!.closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')).toBeNull();
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      shop_id: '1',
      payment_method_id: 2,
      order_date: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      buyer_name: '山田 太郎',
      delivery_name: '山田 太郎',
      buyer_email: null,
      send_mail_flag: 1,
      sent_to_origin_flag: 0,
      // No slot chosen: none (0).
      preferred_period: 0,
      confirmed_product_changes_at: expect.any(String),
      lines: [{ product_id: '7', product_name: '桐たんす', maker_id: '2', amount: 1, price_with_tax: 33000, tax_percentage: 10, wholesale_price: 20000, maker_shipping_fee: 0, option1: '白', option2: null }],
    });
    expect(sent[0]).not.toHaveProperty('version');
  });

  it('refuses a junk phone, postcode, emoji and a preferred date before the order, as the API would, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/orders', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: wireOrder('9', [wireLine('90', 1)]) }, { status: 201 });
      }),
    );
    renderPage('/orders/create');
    await fillNewOrder();
    const user = userEvent.setup();
    const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
    await user.type(input('order-buyerTel'), '090-xxxx-1234');
    await user.type(input('order-buyerZip'), 'ABCDEFGH');
    await user.type(input('order-deliveryAddress'), '東京😀');
    await user.type(input('order-preferredDate'), '2020-01-01');
    await user.click(input('order-save'));
    const errorOf = (id: string) => input(id).closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;
    await waitFor(() => expect(errorOf('order-buyerTel')).toMatch(/10 or 11 digits/));
    expect(errorOf('order-buyerZip')).toMatch(/seven digits/);
    expect(errorOf('order-deliveryAddress')).toMatch(/😀/);
    expect(errorOf('order-preferredDate')).toBe('Enter a date on or after the order date.');
    expect(sent).toEqual([]);
  });

  it('refuses a tax of 150 %, a quantity of -3 and a 41-character name with a message, keeping what was typed, and sends nothing', async () => {
    const sent: unknown[] = [];
    server.use(
      http.post('/api/v1/orders', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: wireOrder('9', [wireLine('90', 1)]) }, { status: 201 });
      }),
    );
    renderPage('/orders/create');
    await fillNewOrder();
    const user = userEvent.setup();
    const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
    const longName = 'あ'.repeat(41);
    await user.clear(input('line-0-taxPercentage'));
    await user.type(input('line-0-taxPercentage'), '150');
    await user.clear(input('line-0-amount'));
    await user.type(input('line-0-amount'), '-3');
    await user.clear(input('order-buyerName'));
    await user.type(input('order-buyerName'), longName);
    await user.click(input('order-save'));

    const errorOf = (id: string) => input(id).closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;
    await waitFor(() => expect(errorOf('line-0-taxPercentage')).toBe('Enter 100 or less.'));
    expect(errorOf('line-0-amount')).toBe('Enter 1 or more.');
    expect(errorOf('order-buyerName')).toBe('Enter at most 40 characters.');
    // Nothing was changed behind the user's back, and nothing was sent.
    expect(input('line-0-taxPercentage').value).toBe('150');
    expect(input('line-0-amount').value).toBe('-3');
    expect(input('order-buyerName').value).toBe(longName);
    expect(sent).toEqual([]);

    await user.clear(input('line-0-taxPercentage'));
    await user.type(input('line-0-taxPercentage'), '8');
    await user.clear(input('line-0-amount'));
    await user.type(input('line-0-amount'), '3');
    await user.clear(input('order-buyerName'));
    await user.type(input('order-buyerName'), '山田 太郎');
    await user.click(input('order-save'));
    await screen.findByTestId('order-information');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ buyer_name: '山田 太郎', lines: [{ amount: 3, tax_percentage: 8 }] });
  });

  it('holds fees to 9,999,999 yen and prices to 99,999,999, and refuses a total past 99,999,999 (NAL_ORD-106), sending nothing until it fits', async () => {
    const sent: { lines: { price_with_tax: number }[]; shipping_fee: number }[] = [];
    server.use(
      http.post('/api/v1/orders', async ({ request }) => {
        sent.push((await request.json()) as (typeof sent)[number]);
        return HttpResponse.json({ data: wireOrder('9', [wireLine('90', 1)]) }, { status: 201 });
      }),
    );
    renderPage('/orders/create');
    await fillNewOrder();
    const user = userEvent.setup();
    const input = (id: string) => document.querySelector<HTMLInputElement>(`#${id}`)!;
    const errorOf = (id: string) => input(id).closest('.ant-form-item')!.querySelector('.ant-form-item-explain-error')?.textContent;
    // Pasted: one input event per field rather than one per digit.
    const retype = async (id: string, value: string) => {
      await user.clear(input(id));
      await user.click(input(id));
      await user.paste(value);
    };
    await retype('order-shippingFee', '10000000');
    await retype('line-0-makerShippingFee', '10000000');
    await retype('line-0-priceWithTax', '100000000');
    await retype('line-0-wholesalePrice', '100000000');
    await user.click(input('order-save'));
    // Each field validates on its own: wait for all four, not only the first.
    await waitFor(() => {
      expect(errorOf('order-shippingFee')).toBe('Enter 9,999,999 or less.');
      expect(errorOf('line-0-makerShippingFee')).toBe('Enter 9,999,999 or less.');
      expect(errorOf('line-0-priceWithTax')).toBe('Enter 99,999,999 or less.');
      expect(errorOf('line-0-wholesalePrice')).toBe('Enter 99,999,999 or less.');
    });
    expect(sent).toEqual([]);

    // Each field within its bound, but together past the order total's: the domain's rule says so before sending.
    await retype('order-shippingFee', '9999999');
    await retype('line-0-makerShippingFee', '9999999');
    await retype('line-0-priceWithTax', '90000001');
    await retype('line-0-wholesalePrice', '99999999');
    await user.click(input('order-save'));
    expect((await screen.findByTestId('form-refusal')).textContent).toContain('The order total may not exceed 99,999,999 yen.');
    expect(sent).toEqual([]);

    await retype('line-0-priceWithTax', '90000000');
    await user.click(input('order-save'));
    await screen.findByTestId('order-information');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ shipping_fee: 9_999_999, lines: [{ price_with_tax: 90_000_000 }] });
  }, 180_000);

  it('on NAL-PRO-002 asks to confirm the changed products, then sends again with a later time and opens the order', async () => {
    const sent: { confirmed_product_changes_at: string }[] = [];
    server.use(
      http.post('/api/v1/orders', async ({ request }) => {
        sent.push((await request.json()) as { confirmed_product_changes_at: string });
        if (sent.length === 1) return HttpResponse.json(refusal('NAL-PRO-002'), { status: 400 });
        return HttpResponse.json({ data: wireOrder('12', [wireLine('40', 1)]) }, { status: 201 });
      }),
    );
    renderPage('/orders/create');
    await fillNewOrder();
    await userEvent.click(document.querySelector('#order-save')!);
    await screen.findByText('The availability or estimated shipping date of a product has changed. Please confirm.');
    await new Promise((r) => setTimeout(r, 5)); // the confirmation comes after the first send
    await userEvent.click(document.querySelector('#products-changed-ok')!);
    await screen.findByTestId('order-information');
    expect(sent).toHaveLength(2);
    expect(Date.parse(sent[1].confirmed_product_changes_at)).toBeGreaterThan(Date.parse(sent[0].confirmed_product_changes_at));
  });

  it('edits an order with the version it read, and shows a refusal above the form', async () => {
    let sent: Record<string, unknown> | undefined;
    server.use(
      http.get('/api/v1/orders/5', () => HttpResponse.json({ data: wireOrder('5', [wireLine('50', 1)]) })),
      http.put('/api/v1/orders/5', async ({ request }) => {
        sent = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json(refusal('NAL_ORD-120'), { status: 400 });
      }),
    );
    renderPage('/orders/5/edit');
    await screen.findByDisplayValue('購入者 5');
    await userEvent.click(document.querySelector('#order-save')!);
    expect((await screen.findByTestId('form-refusal')).textContent).toContain('The order exceeds the deferred payment limit.');
    expect(sent).toMatchObject({ version: 3, shop_id: '1', lines: [{ id: '50', product_id: '7', amount: 1 }] });
  });

  it('offers the transport time slots by their labels and sends the chosen one’s code', async () => {
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.post('/api/v1/orders', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ data: wireOrder('9', [wireLine('90', 1)]) }, { status: 201 });
      }),
    );
    renderPage('/orders/create');
    await fillNewOrder();
    const user = userEvent.setup();
    await user.click(document.querySelector('#order-preferredPeriod')!);
    const options = await waitFor(() => {
      const shown = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
      expect(shown).toHaveLength(5);
      return shown;
    });
    expect(options.map((o) => o.textContent)).toEqual(['None', '14:00–16:00', '16:00–18:00', '18:00–20:00', '19:00–21:00']);
    await user.click(options[4]);
    await userEvent.click(document.querySelector('#order-save')!);
    await screen.findByTestId('order-information');
    expect(sent[0]).toMatchObject({ preferred_period: 4 });
  });

  it('keeps a memo the migration lengthened past 1000 characters while left unchanged (not sent); changed, it must fit', async () => {
    const longMemo = `${'メ'.repeat(1000)}\n希望時間帯: 午前中`;
    const sent: Record<string, unknown>[] = [];
    server.use(
      http.get('/api/v1/orders/5', () => HttpResponse.json({ data: { ...wireOrder('5', [wireLine('50', 1)]), memo: longMemo, preferred_period: 0 } })),
      http.put('/api/v1/orders/5', async ({ request }) => {
        sent.push((await request.json()) as Record<string, unknown>);
        return HttpResponse.json({ data: wireOrder('5', [wireLine('50', 1)]) });
      }),
    );
    renderPage('/orders/5/edit');
    await screen.findByDisplayValue('購入者 5');
    const memo = document.querySelector<HTMLTextAreaElement>('#order-memo')!;
    const memoItem = memo.closest('.ant-form-item')!;
    expect(memoItem.textContent).toContain('the old free-text delivery time was added to it');
    const user = userEvent.setup();
    // Changed and still too long: refused before sending.
    await user.type(memo, 'X');
    await user.click(document.querySelector('#order-save')!);
    await waitFor(() => expect(memoItem.querySelector('.ant-form-item-explain-error')?.textContent).toBe('Enter at most 1000 characters.'));
    expect(sent).toEqual([]);
    // Back as it was: saved without the memo, which the API keeps.
    await user.type(memo, '{Backspace}');
    await user.click(document.querySelector('#order-save')!);
    await screen.findByTestId('order-information');
    expect(sent).toHaveLength(1);
    expect(sent[0]).not.toHaveProperty('memo');
    expect(sent[0]).toMatchObject({ version: 3, preferred_period: 0 });
  });

  it('on NAL_ORD-193 offers to reload, and starts the form over from the order as it is now', async () => {
    let version = 3;
    server.use(
      http.get('/api/v1/orders/5', () => HttpResponse.json({ data: { ...wireOrder('5', [wireLine('50', 1)]), version, buyer_name: `購入者 v${version}` } })),
      http.put('/api/v1/orders/5', () => HttpResponse.json(refusal('NAL_ORD-193'), { status: 400 })),
    );
    renderPage('/orders/5/edit');
    await screen.findByDisplayValue('購入者 v3');
    version = 4; // someone else saved meanwhile
    await userEvent.click(document.querySelector('#order-save')!);
    await screen.findByTestId('reload-prompt');
    await userEvent.click(document.querySelector('#order-reload')!);
    await screen.findByDisplayValue('購入者 v4');
    expect(screen.queryByTestId('form-refusal')).toBeNull();
  });
});
