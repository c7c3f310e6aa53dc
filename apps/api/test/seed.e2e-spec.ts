import { ROLES } from '@oms/domain';
import { DEMO_CUSTOMERS, DEMO_PRODUCTS, DEMO_SHOPS, DEMO_USERS, seedDemoData } from '../src/seed';
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
      `SELECT (SELECT count(*)::int FROM shops) AS shops, (SELECT count(*)::int FROM products) AS products, (SELECT count(*)::int FROM customers) AS customers`,
    );
    expect(counts[0]).toEqual({ shops: DEMO_SHOPS.length, products: DEMO_PRODUCTS.length, customers: DEMO_CUSTOMERS.length });
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
