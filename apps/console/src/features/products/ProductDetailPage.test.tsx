import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { saveSession } from '../../api/session';
import { setLanguage } from '../../i18n';
import { renderRoutes, useMockServer } from '../../test-utils';
import { ProductDetailPage } from './ProductDetailPage';

vi.setConfig({ testTimeout: 30_000 });

const server = useMockServer();

const operator = { id: 1, name: 'Operator', email: 'op@example.com', role: 'operator', permissions: ['catalogue.read', 'catalogue.write', 'orders.read'] };

/** GET /products/7 as the API writes it (snake_case). */
const product = {
  id: 7,
  product_code: 'P-7',
  own_product_code: 'OWN-7',
  ec_product_code: 'EC-7',
  maker_product_code: 'MK-7',
  maker_code_or_product_id: 'MK-7',
  shop_id: 1,
  shop_name: 'テスト店',
  shop_code: 'T',
  shop_type: 'platform_1',
  shop_product_id: '123456789012',
  maker_id: 2,
  maker_name: '東京家具製作所',
  maker_code: 'TK',
  product_name: '木製チェア',
  category_name: '家具',
  price: 10000,
  tax_percentage: 10,
  tax: 1000,
  price_with_tax: 11000,
  wholesale_price: 6000,
  option1: 'ナチュラル',
  option2: null,
  shipping_type: 'direct_delivery',
  available_shipment: true,
  estimate_ship_date: '3日以内',
  delivery_category: 'A1',
  is_display: true,
  posting_support_status: 'supported',
  state: 'available',
  last_changed_at: null,
  created_at: '2026-11-20T01:00:00Z',
  updated_at: '2026-11-21T01:00:00Z',
  version: 2,
};

const pagination = (total: number) => ({ from: total ? 1 : null, to: total ? 1 : null, total, current_page: 1, per_page: 20, last_page: 1, total_is_estimate: false });

describe('product page (ProductInformation)', () => {
  let orderQueries: string[];
  let deletes: number;

  beforeEach(() => {
    setLanguage('ja');
    saveSession('token', 900);
    orderQueries = [];
    deletes = 0;
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: operator })),
      http.get('/api/v1/products/7', () => HttpResponse.json({ data: product })),
      http.get('/api/v1/orders', ({ request }) => {
        orderQueries.push(new URL(request.url).search);
        return HttpResponse.json({ data: [], pagination: pagination(3) });
      }),
      http.get('/api/v1/products', () => HttpResponse.json({ data: [], pagination: pagination(0) })),
      http.get('/api/v1/products/changes', () => HttpResponse.json({ data: [] })),
    );
  });

  const renderPage = () =>
    renderRoutes('/products/7', {
      '/products': <div>product list</div>,
      '/products/:id': <ProductDetailPage />,
      '/products/:id/edit': <div>edit form</div>,
    });

  it('shows every field, the shop and maker by name, the price with tax, and how many orders carry it with a link to them', async () => {
    renderPage();
    expect((await screen.findByTestId('product-title')).textContent).toBe('木製チェア');
    const text = (key: string) => screen.getByTestId(`product-${key}`).textContent;
    expect(text('productCode')).toBe('P-7');
    expect(text('ownProductCode')).toBe('OWN-7');
    expect(text('ecProductCode')).toBe('EC-7');
    expect(text('makerProductCode')).toBe('MK-7');
    expect(text('categoryName')).toBe('家具');
    expect(text('shop')).toBe('テスト店 (T)');
    expect(text('shopProductId')).toBe('123456789012');
    expect(text('maker')).toBe('東京家具製作所 (TK)');
    expect(text('price')).toBe('¥10,000');
    expect(text('taxPercentage')).toBe('10%');
    expect(text('tax')).toBe('¥1,000');
    expect(text('priceWithTax')).toBe('¥11,000');
    expect(text('wholesalePrice')).toBe('¥6,000');
    expect(text('option1')).toBe('ナチュラル');
    expect(text('option2')).toBe('—');
    expect(text('shippingType')).toBe('直送');
    expect(text('availableShipment')).toBe('はい');
    expect(text('estimateShipDate')).toBe('3日以内');
    expect(text('deliveryCategory')).toBe('A1');
    expect(text('state')).toBe('販売中');
    expect(text('isDisplay')).toBe('表示');
    expect(text('postingSupportStatus')).toBe('対応');
    expect(text('lastChangedAt')).toBe('—');

    expect((await screen.findByTestId('product-orders')).textContent).toContain('この商品を含む受注: 3件');
    expect(document.querySelector('#product-orders-link')?.getAttribute('href')).toBe('/orders?productId=7');
    expect(orderQueries).toEqual(['?product_id=7&per_page=20']);
  });

  it('opens the edit form from its edit button', async () => {
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /編集/ }));
    await screen.findByText('edit form');
  });

  it('deletes after confirming, then goes back to the list', async () => {
    server.use(
      http.delete('/api/v1/products/7', () => {
        deletes++;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /削除/ }));
    expect(deletes).toBe(0); // asked first
    await screen.findByText('木製チェアを削除しますか？');
    await userEvent.click(document.querySelector('#product-delete-ok')!);
    await screen.findByText('product list');
    expect(deletes).toBe(1);
  });

  it('stays on the page with the reason when the delete is refused', async () => {
    server.use(
      http.delete('/api/v1/products/7', () =>
        HttpResponse.json({ error: { error_code: 'NAL-PRO-006', message: 'The product is on orders and cannot be deleted.', errors: [], request_id: 'r' } }, { status: 400 }),
      ),
    );
    renderPage();
    await userEvent.click(await screen.findByRole('button', { name: /削除/ }));
    await userEvent.click(await screen.findByRole('button', { name: 'はい' }));
    await waitFor(() => expect(screen.getByTestId('delete-error').textContent).toContain('受注に含まれている商品は削除できません。'));
    expect(screen.getByTestId('product-title').textContent).toBe('木製チェア');
  });

  it('offers no edit or delete to a user who may only read the catalogue, and says when no order carries it', async () => {
    server.use(
      http.get('/api/v1/me', () => HttpResponse.json({ data: { ...operator, role: 'maker', permissions: ['catalogue.read', 'orders.read'] } })),
      http.get('/api/v1/orders', () => HttpResponse.json({ data: [], pagination: pagination(0) })),
    );
    renderPage();
    expect((await screen.findByTestId('product-orders')).textContent).toContain('この商品を含む受注: 0件');
    expect(screen.queryByRole('button', { name: /編集/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /削除/ })).toBeNull();
    expect(document.querySelector('#product-orders-link')).toBeNull();
  });
});
