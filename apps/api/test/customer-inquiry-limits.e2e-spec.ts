import { expectErrorEnvelope, useTestApi } from './support/test-app';

/**
 * The public forms' rate limits (issue 16), on an API of their own with small limits: per client
 * address (an IPv6 client by its /64) and per contact given (the mailbox, the phone, the order number),
 * each answering 429 in the envelope and storing nothing. The API trusts X-Forwarded-For from loopback.
 */
describe('customer inquiry forms: rate limits', () => {
  const ctx = useTestApi({ PUBLIC_FORM_LIMIT_PER_ADDRESS: '3', PUBLIC_FORM_LIMIT_PER_CONTACT: '2' });
  let sent = 0;
  const form = (body: object, from: string) => ctx.api.http.post('/api/v1/customer-inquiries/inquiry-form').set('X-Forwarded-For', from).send(body);
  const inquiry = (over: object = {}) => {
    const email = `limit${++sent}.${Date.now()}@example.jp`;
    return { name: '制限 太郎', email, confirm_email: email, inquiry_type: 4, title: '件名', content: '内容', ...over };
  };
  const stored = async () => (await ctx.api.dataSource.query(`SELECT count(*)::int AS n FROM customer_inquiries`))[0].n as number;
  let address = 0;
  const fresh = () => `192.0.2.${++address}`;

  it('one address: the 4th form within the hour is 429, and nothing is stored', async () => {
    for (let i = 0; i < 3; i++) await form(inquiry(), '203.0.113.7').expect(201);
    const before = await stored();
    expectErrorEnvelope((await form(inquiry(), '203.0.113.7').expect(429)).body, 'NAL-429');
    expect(await stored()).toBe(before);
  });

  it('an IPv6 client counts by its /64: other hosts of the network share its limit', async () => {
    await form(inquiry(), '2001:db8:1:2::10').expect(201);
    await form(inquiry(), '2001:db8:1:2:aaaa::1').expect(201);
    await form(inquiry(), '2001:0db8:0001:0002:ffff:ffff:ffff:ffff').expect(201);
    await form(inquiry(), '2001:db8:1:2::99').expect(429);
    await form(inquiry(), '2001:db8:1:3::10').expect(201);
  });

  it('one mailbox from many addresses, whatever its case, +tag or (Gmail) dots', async () => {
    const variants = ['Hana.Ko@gmail.com', 'hanako+shop@gmail.com', 'h.a.n.a.k.o@googlemail.com'];
    await form(inquiry({ email: variants[0], confirm_email: variants[0] }), fresh()).expect(201);
    await form(inquiry({ email: variants[1], confirm_email: variants[1] }), fresh()).expect(201);
    const before = await stored();
    expectErrorEnvelope((await form(inquiry({ email: variants[2], confirm_email: variants[2] }), fresh()).expect(429)).body, 'NAL-429');
    expect(await stored()).toBe(before);
  });

  it('one phone number or one order number from many addresses and mailboxes', async () => {
    await form(inquiry({ phone: '090-7777-0001' }), fresh()).expect(201);
    await form(inquiry({ phone: '09077770001' }), fresh()).expect(201);
    await form(inquiry({ phone: '０９０－７７７７－０００１' }), fresh()).expect(429);
    // Guessing who bought an order: the number counts whoever tries it, found or not.
    await form(inquiry({ order_no: '20261101-0000001' }), fresh()).expect(422);
    await form(inquiry({ order_no: '20261101-0000001' }), fresh()).expect(422);
    await form(inquiry({ order_no: '20261101-0000001' }), fresh()).expect(429);
  });
});
