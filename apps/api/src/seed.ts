import { ChatSide, CUSTOMER_INQUIRY_METHOD, CUSTOMER_INQUIRY_TYPE, MAKER_INQUIRY_METHOD, replyDueAt, normalizeEmail, openingState, normalizePhone, ORDER_ORIGIN, priceWithTax, Role, ROLES, statusAfterMessage } from '@oms/domain';
import { ConversationRepository, CustomerInquiryRepository, FileStorage, OrderRepository, renderDefaultSeal, RevenueRepository } from '@oms/infra';
import { DataSource, EntityManager } from 'typeorm';

/** One demo user per role; the maker user belongs to the demo maker. */
export const DEMO_USERS: { email: string; name: string; role: Role }[] = ROLES.map((role) => ({
  email: `${role.replace('_', '-')}@demo.example.com`,
  name: `Demo ${role.replace('_', ' ')}`,
  role,
}));

export const DEMO_MAKER = { code: 'DEMO-MAKER', name: 'デモメーカー株式会社', email: 'orders@demo-maker.example.com', orderMethod: 'email' };

/** Each with the contact makers reach it at (printed on order sheets; the e-mail is the Reply-To of mails to makers). */
export const DEMO_SHOPS = [
  {
    code: 'DEMO-SHOP-1',
    name: 'デモ家具店 本店',
    type: 'platform_1',
    contact: { company: '株式会社デモ家具', person: '発注担当 佐藤', phone: '03-1234-0001', fax: '03-1234-0002', email: 'order@demo-kagu.example.com' },
  },
  {
    code: 'DEMO-SHOP-2',
    name: 'デモ家具店 2号店',
    type: 'platform_2',
    contact: { company: '株式会社デモ家具 2号店', person: '発注担当 鈴木', phone: '06-1234-0001', fax: '06-1234-0002', email: 'order2@demo-kagu.example.com' },
  },
];

export const DEMO_PRODUCTS = [
  // The shop's product ids (12 digits, MakeShop's width): orders from the platform stand-in find the products by them.
  { code: 'DEMO-P-001', name: '桐たんす 5段', price: 89000, state: 'available', shipDate: '受注後2週間', shopProductId: '100000000001' },
  { code: 'DEMO-P-002', name: '天然木 座卓 120cm', price: 32000, state: 'available_long_term', shipDate: '入荷待ち（3月上旬）', shopProductId: '100000000002' },
  { code: 'DEMO-P-003', name: '本革 座椅子', price: 18500, state: 'unavailable', shipDate: '', shopProductId: '100000000003' },
];

/**
 * The carriers a newcomer ships with, each with its public tracking page (stored strings: the
 * shipment notice and the console make links of them; nothing here calls them).
 */
export const DEMO_DELIVERY_COMPANIES = [
  { name: 'ヤマト運輸', trackingUrl: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id={code}' },
  { name: '佐川急便', trackingUrl: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={code}' },
  { name: '日本郵便', trackingUrl: 'https://trackings.post.japanpost.jp/services/srv/search/direct?reqCodeNo1={code}&searchKind=S002&locale=ja' },
];

export const DEMO_DELIVERY_METHODS = ['宅配便', '家財宅急便（大型家具）', 'ゆうパック'];

/** Two people sharing a phone number: the same-person lookup groups them. */
export const DEMO_CUSTOMERS = [
  { name: '山田 太郎', kana: 'ヤマダ タロウ', phone: '03-1234-5678', email: 'taro.yamada@example.jp' },
  { name: '山田 花子', kana: 'ヤマダ ハナコ', phone: '03-1234-5678', email: 'hanako.yamada@example.jp' },
];

/**
 * Four orders of the first demo customer, one product each, at different steps (line status 1, 2, 4,
 * and 6: delivered three days ago, so the revenue list has a record to show).
 */
export const DEMO_ORDERS = [
  { ecOrderId: 'DEMO-ORDER-1', product: 'DEMO-P-001', amount: 1, status: 1, paymentMethodId: 2 },
  { ecOrderId: 'DEMO-ORDER-2', product: 'DEMO-P-002', amount: 2, status: 2, paymentMethodId: 1 },
  { ecOrderId: 'DEMO-ORDER-3', product: 'DEMO-P-001', amount: 1, status: 4, paymentMethodId: 3 },
  { ecOrderId: 'DEMO-ORDER-4', product: 'DEMO-P-002', amount: 1, status: 6, paymentMethodId: 1 },
];

/**
 * The operator as invoices and receipts print it: a fictitious company with a registration number
 * whose check digit is right (T + 7 + 123456789012), so that the demo can print qualified invoices.
 */
export const DEMO_ISSUER = { companyName: 'デモ家具株式会社', zip: '100-0005', address: '東京都千代田区丸の内1-1-1', phone: '03-1234-0000', registrationNumber: 'T7123456789012' };

/** Idempotent demo data: running it again changes nothing. */
export async function seedDemoData(ds: DataSource): Promise<void> {
  // The order settings the print documents need, where nobody has set them (what was set by hand is kept).
  await ds.query(
    `UPDATE settings_options SET company_name = $1, zip = $2, address = $3, phone = $4, invoice_registration_number = $5, updated_at = now(), version = version + 1
      WHERE id = 1 AND company_name IS NULL AND invoice_registration_number IS NULL`,
    [DEMO_ISSUER.companyName, DEMO_ISSUER.zip, DEMO_ISSUER.address, DEMO_ISSUER.phone, DEMO_ISSUER.registrationNumber],
  );
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
    // A demo shop without a contact gets one (also on a database seeded before contacts existed); one set by hand is kept.
    const c = shop.contact;
    await ds.query(
      `UPDATE shops SET contact_company = $2, contact_person = $3, contact_phone = $4, contact_fax = $5, contact_email = $6
        WHERE lower(code) = lower($1) AND deleted_at IS NULL
          AND coalesce(contact_company, contact_person, contact_phone, contact_fax, contact_email) IS NULL`,
      [shop.code, c.company, c.person, c.phone, c.fax, c.email],
    );
  }
  await seedDelivery(ds);
  const [shop] = await ds.query(`SELECT id FROM shops WHERE lower(code) = lower($1) AND deleted_at IS NULL`, [DEMO_SHOPS[0].code]);
  for (const product of DEMO_PRODUCTS) {
    const { tax, priceWithTax: withTax } = priceWithTax(product.price, 10);
    await ds.query(
      `INSERT INTO products (product_code, shop_id, maker_id, product_name, price, tax_percentage, tax, price_with_tax, shipping_type, state, estimate_ship_date, wholesale_price, shop_product_id)
       VALUES ($1, $2, $3, $4, $5, 10, $6, $7, 'order_delivery', $8, NULLIF($9, ''), $10, $11)
       ON CONFLICT (product_code) DO UPDATE SET shop_product_id = coalesce(products.shop_product_id, EXCLUDED.shop_product_id)`,
      [product.code, shop.id, maker.id, product.name, product.price, tax, withTax, product.state, product.shipDate, Math.round(product.price * 0.6), product.shopProductId],
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
  await seedDemoOrders(ds, String(shop.id));
  await seedDemoConversations(ds, String(maker.id));
  await seedDemoCustomerInquiries(ds);
}

/**
 * Two inquiries of the first demo customer as the public form would store them (without the outbox:
 * seeding mails nobody): a question about sizes, received yesterday and past its reply deadline, and one
 * about the shipped demo order. Once: the demo title is looked for first.
 */
async function seedDemoCustomerInquiries(ds: DataSource): Promise<void> {
  const inquiries = new CustomerInquiryRepository(ds);
  await ds.transaction(async (m) => {
    const [customer] = await m.query(`SELECT id::text, name, phone, email, shop_id::text AS shop FROM customers WHERE email_normalized = $1`, [normalizeEmail(DEMO_CUSTOMERS[0].email)]);
    const [seeded] = await m.query(`SELECT 1 FROM customer_inquiries WHERE customer_id = $1 AND created_by IS NULL`, [customer.id]);
    if (seeded) return;
    const [order] = await m.query(`SELECT id::text, order_no, shop_id::text AS shop FROM orders WHERE ec_order_id = $1`, [DEMO_ORDERS[2].ecOrderId]);
    const closing = await inquiries.closing(m);
    const contact = { company: null, position: null, name: customer.name, phone: customer.phone, email: customer.email, customerId: customer.id, language: 'ja' as const, product: null };
    const none = { purchaseDate: null, deliveryDate: null, returnRequest: null, returnMethod: null, desiredDates: null, pickupDate: null, pickupSlot: null, returnZip: null, returnAddress: null, bankName: null, bankBranch: null, bankAccountType: null, bankAccountNumber: null, bankAccountHolder: null, agreed: false };
    const handling = { method: CUSTOMER_INQUIRY_METHOD.shop, personInChargeId: null, csMemo: null, createdBy: null, kind: 'inquiry' as const };
    const yesterday = new Date(Date.now() - 26 * 3600_000);
    await inquiries.create(m, { ...contact, ...none, ...handling, shopId: customer.shop ?? order.shop, orderId: null, orderNo: null, inquiryType: CUSTOMER_INQUIRY_TYPE.product, title: 'サイズ展開について', content: 'ケアシューズの 22.5cm はありますか？', receivedAt: yesterday, replyDueAt: replyDueAt(yesterday, closing) });
    const now = new Date();
    await inquiries.create(m, { ...contact, ...none, ...handling, shopId: order.shop, orderId: order.id, orderNo: order.order_no, inquiryType: CUSTOMER_INQUIRY_TYPE.orderDelivery, title: 'お届け日の確認', content: '発送済みとのことですが、いつ届きますか？', receivedAt: now, replyDueAt: replyDueAt(now, closing) });
  });
}

/**
 * The demo maker's question to the company (a maker inquiry waiting for the company) and a thread on
 * the third demo order (the maker answered the operator). Written without the outbox: seeding mails nobody.
 */
export const DEMO_CONVERSATIONS = {
  inquiry: [{ side: 'maker' as ChatSide, content: '来月から配送業者が変わります。伝票番号の形式について相談させてください。' }],
  order: [
    { side: 'staff' as ChatSide, content: '出荷予定日を教えていただけますか？' },
    { side: 'maker' as ChatSide, content: '今週金曜日に出荷予定です。' },
  ],
};

async function seedDemoConversations(ds: DataSource, makerId: string): Promise<void> {
  const conversations = new ConversationRepository(ds);
  const [makerUser] = await ds.query(`SELECT id::text FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL`, [DEMO_USERS.find((u) => u.role === 'maker')!.email]);
  const [operator] = await ds.query(`SELECT id::text FROM users WHERE lower(email) = lower($1) AND deleted_at IS NULL`, [DEMO_USERS.find((u) => u.role === 'operator')!.email]);
  const authorOf = (side: ChatSide) => (side === 'maker' ? makerUser.id : operator.id);
  const write = async (m: EntityManager, id: string, messages: { side: ChatSide; content: string }[]) => {
    await conversations.lock(m, id);
    for (const message of messages) {
      const { changeSeq } = await conversations.nextChange(m, id, { status: statusAfterMessage('maker', message.side), messageBy: message.side });
      await conversations.post(m, { conversationId: id, authorId: authorOf(message.side), authorSide: message.side, content: message.content, changeSeq });
    }
  };
  await ds.transaction(async (m) => {
    const [asked] = await m.query(`SELECT 1 FROM maker_inquiries WHERE maker_id = $1 AND created_by = $2`, [makerId, makerUser.id]);
    if (asked) return;
    const [inquiry] = await m.query(`INSERT INTO maker_inquiries (maker_id, method, created_by) VALUES ($1, $2, $3) RETURNING id::text`, [makerId, MAKER_INQUIRY_METHOD.system, makerUser.id]);
    await write(m, await conversations.openForInquiry(m, inquiry.id, makerId, openingState('maker')), DEMO_CONVERSATIONS.inquiry);
  });
  await ds.transaction(async (m) => {
    const [order] = await m.query(`SELECT id::text FROM orders WHERE ec_order_id = $1`, [DEMO_ORDERS[2].ecOrderId]);
    const [talked] = await m.query(`SELECT 1 FROM conversations WHERE order_id = $1 AND maker_id = $2`, [order.id, makerId]);
    if (talked) return;
    await write(m, (await conversations.openForOrder(m, order.id, makerId))!, DEMO_CONVERSATIONS.order);
  });
}

/**
 * The company seal printed on stamped estimates: without one configured, a default made from the
 * company's name (settings' company name, else SENDER_COMPANY) is stored and set. One set by hand is kept.
 */
export async function seedCompanySeal(ds: DataSource, storage: FileStorage, senderCompany: string): Promise<void> {
  const [option] = await ds.query(`SELECT company_name, seal_image_key FROM settings_options WHERE id = 1`);
  if (option.seal_image_key && (await storage.stat(option.seal_image_key))) return;
  const key = 'settings/seal/default-seal.png';
  await storage.put(key, await renderDefaultSeal(option.company_name ?? senderCompany), 'image/png');
  await ds.query(`UPDATE settings_options SET seal_image_key = $1, updated_at = now(), version = version + 1 WHERE id = 1 AND seal_image_key IS DISTINCT FROM $1`, [key]);
}

/** Delivery companies and methods, by name among live rows (a renamed or deleted one is added again). */
async function seedDelivery(ds: DataSource): Promise<void> {
  for (const company of DEMO_DELIVERY_COMPANIES) {
    await ds.query(
      `INSERT INTO delivery_companies (name, tracking_url) SELECT $1::varchar, $2::varchar
       WHERE NOT EXISTS (SELECT 1 FROM delivery_companies WHERE lower(name) = lower($1::varchar) AND deleted_at IS NULL)`,
      [company.name, company.trackingUrl],
    );
  }
  for (const name of DEMO_DELIVERY_METHODS) {
    await ds.query(
      `INSERT INTO delivery_methods (name) SELECT $1::varchar WHERE NOT EXISTS (SELECT 1 FROM delivery_methods WHERE lower(name) = lower($1::varchar) AND deleted_at IS NULL)`,
      [name],
    );
  }
}

async function seedDemoOrders(ds: DataSource, shopId: string): Promise<void> {
  const [customer] = await ds.query(`SELECT id, name, name_kana, phone, email FROM customers WHERE email_normalized = $1`, [normalizeEmail(DEMO_CUSTOMERS[0].email)]);
  for (const demo of DEMO_ORDERS) {
    await ds.transaction(async (m) => {
      const [exists] = await m.query(`SELECT 1 FROM orders WHERE ec_order_id = $1`, [demo.ecOrderId]);
      if (exists) return;
      const [product] = await m.query(`SELECT id, maker_id, product_code, product_name, price_with_tax, tax_percentage, tax, wholesale_price FROM products WHERE product_code = $1`, [demo.product]);
      const [{ order_no: orderNo }] = await m.query(`INSERT INTO order_numbers (order_no) VALUES (next_order_no()) RETURNING order_no`);
      const [order] = await m.query(
        `INSERT INTO orders (order_no, origin, ec_order_id, shop_id, customer_id, payment_method_id, order_date, buyer_name, buyer_kana, buyer_tel, buyer_email,
                             delivery_name, delivery_kana, delivery_tel, delivery_address, status, line_statuses, maker_ids, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, current_date - CASE WHEN $11 >= 5 THEN 5 ELSE 0 END, $7, $8, $9, $10, $7, $8, $9, '東京都千代田区丸の内1-1-1', $11, '{}', '{}', now()) RETURNING id`,
        [orderNo, ORDER_ORIGIN, demo.ecOrderId, shopId, customer.id, demo.paymentMethodId, customer.name, customer.name_kana, customer.phone, customer.email, demo.status],
      );
      await m.query(
        `INSERT INTO order_lines (order_id, maker_id, product_id, product_code, product_name, amount, wholesale_price, price_with_tax, tax_percentage, tax, status, first_ordered_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11::smallint, CASE WHEN $11::smallint >= 3 THEN now() END)`,
        [order.id, product.maker_id, product.id, product.product_code, product.product_name, demo.amount, product.wholesale_price, product.price_with_tax, product.tax_percentage, product.tax, demo.status],
      );
      // A shipped one went three days ago with the first demo delivery company.
      await m.query(
        `INSERT INTO order_makers (order_id, maker_id, maker_order_date, maker_receive_date, confirm_status, ship_date, delivery_company_id, tracking_code)
         VALUES ($1, $2, CASE WHEN $3 >= 3 THEN current_date END, CASE WHEN $3 >= 4 THEN current_date END, CASE WHEN $3 >= 4 THEN 1 END,
                 CASE WHEN $3 >= 5 THEN current_date - 3 END,
                 CASE WHEN $3 >= 5 THEN (SELECT id FROM delivery_companies WHERE name = $4 AND deleted_at IS NULL ORDER BY id LIMIT 1) END,
                 CASE WHEN $3 >= 5 THEN 'DEMO-' || $5 END)`,
        [order.id, product.maker_id, demo.status, DEMO_DELIVERY_COMPANIES[0].name, demo.ecOrderId],
      );
      await new OrderRepository().refreshDerived(m, String(order.id));
      // Its revenue record, as the workers make it when an order ships.
      await new RevenueRepository(ds).sync([String(order.id)], m);
    });
  }
}
