import { normalizeEmail, normalizePhone, priceWithTax, Role, ROLES } from '@oms/domain';
import { DataSource } from 'typeorm';

/** One demo user per role; the maker user belongs to the demo maker. */
export const DEMO_USERS: { email: string; name: string; role: Role }[] = ROLES.map((role) => ({
  email: `${role.replace('_', '-')}@demo.example.com`,
  name: `Demo ${role.replace('_', ' ')}`,
  role,
}));

export const DEMO_MAKER = { code: 'DEMO-MAKER', name: 'デモメーカー株式会社', email: 'orders@demo-maker.example.com', orderMethod: 'email' };

export const DEMO_SHOPS = [
  { code: 'DEMO-SHOP-1', name: 'デモ家具店 本店', type: 'platform_1' },
  { code: 'DEMO-SHOP-2', name: 'デモ家具店 2号店', type: 'platform_2' },
];

export const DEMO_PRODUCTS = [
  { code: 'DEMO-P-001', name: '桐たんす 5段', price: 89000, state: 'available', shipDate: '受注後2週間' },
  { code: 'DEMO-P-002', name: '天然木 座卓 120cm', price: 32000, state: 'available_long_term', shipDate: '入荷待ち（3月上旬）' },
  { code: 'DEMO-P-003', name: '本革 座椅子', price: 18500, state: 'unavailable', shipDate: '' },
];

/** Two people sharing a phone number: the same-person lookup groups them. */
export const DEMO_CUSTOMERS = [
  { name: '山田 太郎', kana: 'ヤマダ タロウ', phone: '03-1234-5678', email: 'taro.yamada@example.jp' },
  { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '03-1234-5678', email: 'hanako.yamada@example.jp' },
];

/** Idempotent demo data: running it again changes nothing. */
export async function seedDemoData(ds: DataSource): Promise<void> {
  await ds.query(
    `INSERT INTO makers (code, name, email, order_method) VALUES ($1, $2, $3, $4) ON CONFLICT (lower(code)) DO NOTHING`,
    [DEMO_MAKER.code, DEMO_MAKER.name, DEMO_MAKER.email, DEMO_MAKER.orderMethod],
  );
  const [maker] = await ds.query(`SELECT id FROM makers WHERE lower(code) = lower($1)`, [DEMO_MAKER.code]);
  for (const user of DEMO_USERS) {
    // Idempotent: an existing live account with the e-mail is left as it is.
    await ds.query(
      `INSERT INTO users (email, name, role, maker_id)
       SELECT $1::varchar, $2::varchar, $3::text, $4::bigint
       WHERE NOT EXISTS (SELECT 1 FROM users WHERE lower(email) = lower($1::varchar) AND deleted_at IS NULL)`,
      [user.email, user.name, user.role, user.role === 'maker' ? maker.id : null],
    );
  }
  for (const shop of DEMO_SHOPS) {
    await ds.query(
      `INSERT INTO shops (code, name, type, edi_stop_amount, order_reminder_days, order_reminder_hour, ship_reminder_days, ship_reminder_hour)
       SELECT $1::varchar, $2::varchar, $3::text, 10, 2, 9, 1, 9
       WHERE NOT EXISTS (SELECT 1 FROM shops WHERE lower(code) = lower($1::varchar) AND deleted_at IS NULL)`,
      [shop.code, shop.name, shop.type],
    );
  }
  const [shop] = await ds.query(`SELECT id FROM shops WHERE lower(code) = lower($1) AND deleted_at IS NULL`, [DEMO_SHOPS[0].code]);
  for (const product of DEMO_PRODUCTS) {
    const { tax, priceWithTax: withTax } = priceWithTax(product.price, 10);
    await ds.query(
      `INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type, state, estimate_ship_date, wholesale_price)
       VALUES ($1, $2, $3, $4, $5, 10, $6, $7, 'order_delivery', $8, NULLIF($9, ''), $10)
       ON CONFLICT (product_code) DO NOTHING`,
      [product.code, shop.id, maker.id, product.name, product.price, tax, withTax, product.state, product.shipDate, Math.round(product.price * 0.6)],
    );
  }
  let group: string | null = null;
  for (const c of DEMO_CUSTOMERS) {
    const [row]: { id: string }[] = await ds.query(
      `INSERT INTO customers (same_person_id, name, name_kana, phone, phone_normalized, email, email_normalized, shop_id)
       SELECT coalesce($1::bigint, 0), $2, $3, $4, $5, $6, $7::varchar, $8
       WHERE NOT EXISTS (SELECT 1 FROM customers WHERE email_normalized = $7::varchar)
       RETURNING id`,
      [group, c.name, c.kana, c.phone, normalizePhone(c.phone), c.email, normalizeEmail(c.email), shop.id],
    );
    // The first of the group names it (a group's id is its smallest member id).
    if (row && !group) {
      group = String(row.id);
      await ds.query(`UPDATE customers SET same_person_id = id WHERE id = $1`, [row.id]);
    }
  }
}

