import { isValidInvoiceRegistrationNumber, ROLES } from '@oms/domain';
import { DEMO_CONVERSATIONS, DEMO_CUSTOMERS, DEMO_DELIVERY_COMPANIES, DEMO_DELIVERY_METHODS, DEMO_ISSUER, DEMO_ORDERS, DEMO_PRODUCTS, DEMO_SHOPS, DEMO_USERS, seedDemoData } from '../src/seed';
import { signInThroughProvider, useTestApi } from './support/test-app';

describe('demo data (npm run seed)', () => {
  const ctx = useTestApi();


  it('makes one user per role, and running it again changes nothing', async () => {
    await seedDemoData(ctx.api.dataSource);
    await seedDemoData(ctx.api.dataSource);
    const rows = await ctx.api.dataSource.query(`SELECT email, role FROM users ORDER BY id`);
    expect(rows.map((r: { role: string }) => r.role).sort()).toEqual([...ROLES].sort());
    expect(rows.map((r: { email: string }) => r.email)).toEqual(DEMO_USERS.map((u) => u.email));
    const counts = await ctx.api.dataSource.query(
      `SELECT (SELECT count(*)::int FROM shops) AS shops, (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM customers) AS customers,
              (SELECT count(*)::int FROM delivery_companies) AS companies, (SELECT count(*)::int FROM delivery_methods) AS methods`,
    );
    expect(counts[0]).toEqual({
      shops: DEMO_SHOPS.length,
      products: DEMO_PRODUCTS.length,
      customers: DEMO_CUSTOMERS.length,
      companies: DEMO_DELIVERY_COMPANIES.length,
      methods: DEMO_DELIVERY_METHODS.length,
    });
  });

  it('adds the demo orders once, each as the API reads it: its line at its step, its list columns computed', async () => {
    const admin = await ctx.api.signedIn('operator');
    const res = await ctx.api.http.get('/api/v1/orders?sort=id').set('Authorization', admin.auth).expect(200);
    expect(res.body.data.map((o: { ec_order_id: string; status: number }) => [o.ec_order_id, o.status])).toEqual(DEMO_ORDERS.map((o) => [o.ecOrderId, o.status]));
    for (const order of res.body.data) expect(order.total).toBe(order.lines[0].price_with_tax * order.lines[0].amount);
    // The third has been received by the maker: ship it through the API like any order, with a
    // delivery company the demo data brings, whose tracking page the console and the buyer's mail link to.
    const third = res.body.data[2];
    const companies = (await ctx.api.http.get('/api/v1/delivery_companies').set('Authorization', admin.auth).expect(200)).body.data;
    expect(companies.map((c: { name: string }) => c.name)).toEqual(DEMO_DELIVERY_COMPANIES.map((c) => c.name));
    const yamato = companies.find((c: { name: string }) => c.name === 'ヤマト運輸');
    expect(yamato.tracking_url).toContain('{code}');
    const methods = (await ctx.api.http.get('/api/v1/delivery_methods').set('Authorization', admin.auth).expect(200)).body.data;
    expect(methods.map((m: { name: string }) => m.name)).toEqual(DEMO_DELIVERY_METHODS);
    const ship = { version: third.version, line_ids: [Number(third.lines[0].id)], ship_date: third.order_date, delivery_company_id: yamato.id, tracking_code: '123456789012' };
    await ctx.api.http.put(`/api/v1/orders/${third.id}/maker_ship_process`).set('Authorization', admin.auth).send(ship).expect(200);
    const shipped = (await ctx.api.http.get(`/api/v1/orders/${third.id}`).set('Authorization', admin.auth).expect(200)).body.data;
    expect(shipped.lines[0].status).toBe(5);
    expect(shipped.makers[0]).toMatchObject({ delivery_company_id: String(yamato.id), tracking_code: '123456789012' });
    // The shipment waits in the outbox for the buyer's notice, with the delivery info it went with.
    const [event] = await ctx.api.dataSource.query(`SELECT payload FROM outbox_events WHERE type = 'order.shipped' AND aggregate_id = $1`, [third.id]);
    expect(event.payload).toMatchObject({ deliveryCompanyId: String(yamato.id), trackingCode: '123456789012', shipDate: third.order_date });
  });

  it('gives the demo shops the contact makers reach them at, and shows the demo maker only the order ordered from it', async () => {
    const shops = await ctx.api.dataSource.query(`SELECT code, contact_company, contact_email FROM shops ORDER BY code`);
    expect(shops).toEqual(DEMO_SHOPS.map((s) => ({ code: s.code, contact_company: s.contact.company, contact_email: s.contact.email })));
    const [maker] = await ctx.api.dataSource.query(`SELECT id::text, maker_id::text FROM users WHERE role = 'maker'`);
    const res = await ctx.api.http.get('/api/v1/orders').set('Authorization', ctx.api.bearer({ id: maker.id, role: 'maker' }, maker.maker_id)).expect(200);
    // The third (received by the maker) and the fourth (delivered); the unpaid and the paid ones were never ordered from it.
    const [third] = await ctx.api.dataSource.query(`SELECT id::text FROM orders WHERE ec_order_id = $1`, [DEMO_ORDERS[2].ecOrderId]);
    const [fourth] = await ctx.api.dataSource.query(`SELECT id::text FROM orders WHERE ec_order_id = $1`, [DEMO_ORDERS[3].ecOrderId]);
    expect(res.body.data.map((o: { view: string; id: string }) => [o.view, o.id])).toEqual([['maker', third.id], ['maker', fourth.id]]);
  });

  it('sets the order settings invoices need, a registration number with a right check digit', async () => {
    const [option] = await ctx.api.dataSource.query(`SELECT company_name, invoice_registration_number FROM settings_options WHERE id = 1`);
    expect(option).toEqual({ company_name: DEMO_ISSUER.companyName, invoice_registration_number: DEMO_ISSUER.registrationNumber });
    expect(isValidInvoiceRegistrationNumber(DEMO_ISSUER.registrationNumber)).toBe(true);
  });

  it('gives the delivered demo order its revenue record, once', async () => {
    const [fourth] = await ctx.api.dataSource.query(`SELECT id::text FROM orders WHERE ec_order_id = $1`, [DEMO_ORDERS[3].ecOrderId]);
    const revenues = await ctx.api.dataSource.query(`SELECT total, product_count FROM revenues WHERE order_id = $1`, [fourth.id]);
    expect(revenues).toHaveLength(1);
    expect(revenues[0].product_count).toBe(1);
  });

  it("gives the demo maker a question to the company and a thread on the third order, once", async () => {
    const inquiries = await ctx.api.dataSource.query(`SELECT c.status, (SELECT count(*)::int FROM conversation_messages x WHERE x.conversation_id = c.id) AS messages
       FROM maker_inquiries i JOIN conversations c ON c.maker_inquiry_id = i.id`);
    expect(inquiries).toEqual([{ status: 2, messages: DEMO_CONVERSATIONS.inquiry.length }]);
    const [third] = await ctx.api.dataSource.query(`SELECT id::text FROM orders WHERE ec_order_id = $1`, [DEMO_ORDERS[2].ecOrderId]);
    const [part] = await ctx.api.dataSource.query(`SELECT status FROM conversations WHERE order_id = $1`, [third.id]);
    expect(part.status).toBe(2);
    const [{ n }] = await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM conversation_messages x JOIN conversations c ON c.id = x.conversation_id WHERE c.order_id = $1`, [third.id]);
    expect(n).toBe(DEMO_CONVERSATIONS.order.length);
    const [{ events }] = await ctx.api.dataSource.query(`SELECT count(*)::int AS events FROM outbox_events WHERE type = 'conversation.message_posted'`);
    expect(events).toBe(0);
  });

  it('puts the two demo customers sharing a phone number in one same-person group', async () => {
    const groups = await ctx.api.dataSource.query(`SELECT DISTINCT same_person_id FROM customers`);
    expect(groups).toHaveLength(1);
    const admin = await ctx.api.signedIn('operator');
    const [first] = await ctx.api.dataSource.query(`SELECT id FROM customers ORDER BY id LIMIT 1`);
    const res = await ctx.api.http.get(`/api/v1/customers/${first.id}/same-email-and-phone`).set('Authorization', admin.auth).expect(200);
    expect(JSON.stringify(res.body)).toContain('山田 花子');
  });

  it('lets each demo user sign in through the local OIDC server', async () => {
    for (const user of DEMO_USERS) {
      const { callback } = await signInThroughProvider(ctx.api, 'google', user.email);
      expect(callback.status).toBe(200);
      const me = await ctx.api.http.get('/api/v1/me').set('Authorization', `Bearer ${callback.body.data.access_token}`).expect(200);
      expect(me.body.data).toMatchObject({ email: user.email, role: user.role });
    }
  });
});
