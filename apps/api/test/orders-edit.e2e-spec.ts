import { errorsOf, customerRow, orderBody, orderClient, productRow, setOrderState, shopRow } from './support/order-form';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

describe('orders API: create and edit', () => {
  const ctx = useTestApi();
  let operator: Awaited<ReturnType<TestApp['signedIn']>>;
  let client: ReturnType<typeof orderClient>;
  let shopId: string;
  let maker: { id: string };
  let maker2: { id: string };

  beforeAll(async () => {
    operator = await ctx.api.signedIn('operator');
    client = orderClient(ctx.api, operator.auth);
    shopId = await shopRow(ctx.api);
    maker = await ctx.api.maker({ name: 'メーカー甲' });
    maker2 = await ctx.api.maker({ name: 'メーカー乙' });
  });

  const body = (over: Record<string, unknown> = {}) => orderBody(shopId, maker.id, over);
  const line = (over: Record<string, unknown> = {}) => ({ maker_id: Number(maker.id), product_name: '木製チェア', amount: 1, price_with_tax: 1100, ...over });

  describe('create', () => {
    it('creates an order with every field and answers the order view', async () => {
      const customerId = await customerRow(ctx.api, { companyName: '株式会社サンプル', name: '佐藤 花子' });
      const [dm] = await ctx.api.dataSource.query(`INSERT INTO delivery_methods (name) VALUES ('宅配便') RETURNING id`);
      const res = await client
        .post(
          body({
            customer_id: Number(customerId),
            payment_method_id: 2,
            delivery_method_id: Number(dm.id),
            order_date: '2026/11/5',
            ec_order_id: 'EC-0001',
            buyer_name: '佐藤 花子',
            buyer_kana: 'サトウ　ハナコ',
            buyer_tel: '090-1111-2222',
            buyer_zip: '100-0001',
            buyer_address: '東京都千代田区千代田1-1',
            buyer_email: 'hanako@example.jp',
            delivery_name: '佐藤 太郎',
            delivery_kana: 'サトウ タロウ',
            delivery_tel: '03-0000-1111',
            delivery_zip: '150-0001',
            delivery_address: '東京都渋谷区1-2-3',
            preferred_date: '2026-11-30',
            preferred_period: 4,
            memo: '社内メモ',
            supplier_memo: 'メーカー向けメモ',
            edi_note: '置き配',
            settlement_fee: 100,
            other_fee: 200,
            shipping_fee: 800,
            send_mail_flag: 0,
            sent_to_origin_flag: 1,
            file_type: 'csv',
            lines: [
              line({ product_name: '木製チェア', amount: 2, price_with_tax: 11000, tax_percentage: 10, wholesale_price: 6000, maker_shipping_fee: 500, option1: '色: 黒', option2: 'サイズ: L' }),
              line({ maker_id: Number(maker2.id), product_name: 'お米', amount: 1, price_with_tax: 1080, tax_percentage: 8 }),
            ],
          }),
        )
        .expect(201);
      const order = res.body.data;
      expect(order).toMatchObject({
        id: expect.stringMatching(/^\d+$/),
        order_no: expect.stringMatching(/^\d{8}-\d{7}$/),
        branch_no: 1,
        origin: 'NAL-OMS',
        ec_order_id: 'EC-0001',
        shop_id: shopId,
        shop_name: expect.stringContaining('ショップ'),
        customer_id: customerId,
        payment_method_id: 2,
        payment_method: {
          id: 2,
          code: 'bank_transfer',
          name_ja: '銀行振込',
          name_en: 'Bank transfer',
          is_postpaid: false,
          business_only: false,
          fee_with_tax: null,
          limit_amount: null,
          customer: { id: customerId, name: '佐藤 花子', company_name: '株式会社サンプル' },
        },
        delivery_method_id: String(dm.id),
        order_date: '2026-11-05',
        revenue_month: null,
        buyer_kana: 'サトウ　ハナコ',
        buyer_email: 'hanako@example.jp',
        delivery_address: '東京都渋谷区1-2-3',
        preferred_date: '2026-11-30',
        preferred_period: 4,
        memo: '社内メモ',
        supplier_memo: 'メーカー向けメモ',
        edi_note: '置き配',
        send_mail_flag: 0,
        sent_to_origin_flag: 1,
        file_type: 'csv',
        settlement_fee: 100,
        other_fee: 200,
        shipping_fee: 800,
        fee: 0,
        refund_fee: 0,
        products_total: 23080,
        // 22000 at 10% → 2000; 1080 at 8% → 80.
        tax_total: 2080,
        total: 23080 + 100 + 200 + 800,
        tax_by_rate: [
          { rate: 10, amount_with_tax: 22000, tax: 2000 },
          { rate: 8, amount_with_tax: 1080, tax: 80 },
        ],
        status: 1,
        has_delivery_info: false,
        error_count: 0,
        version: 1,
        errors: [],
      });
      expect(order.lines).toEqual([
        {
          id: expect.stringMatching(/^\d+$/),
          maker_id: maker.id,
          maker_name: 'メーカー甲',
          product_id: null,
          product_code: null,
          product_name: '木製チェア',
          amount: 2,
          wholesale_price: 6000,
          price_with_tax: 11000,
          tax_percentage: 10,
          tax: 2000,
          maker_shipping_fee: 500,
          option1: '色: 黒',
          option2: 'サイズ: L',
          status: 1,
        },
        expect.objectContaining({ maker_id: maker2.id, product_name: 'お米', tax: 80, wholesale_price: null, maker_shipping_fee: 0, status: 1 }),
      ]);
      expect(order.makers).toEqual(
        [maker, maker2].map((mk) => ({
          maker_id: mk.id,
          maker_name: expect.any(String),
          order_method: 'email',
          confirm_status: null,
          refusal_reason: null,
          conversation_status: 0,
          maker_order_date: null,
          maker_receive_date: null,
          estimated_ship_date: null,
          ship_date: null,
          delivery_company_id: null,
          tracking_code: null,
        })),
      );
      expect(new Date(order.created_at).toString()).not.toBe('Invalid Date');
      // The same view comes back from GET.
      expect((await client.get(`/orders/${order.id}`).expect(200)).body.data).toEqual(order);
    });

    it('takes a product line’s name, code, maker, price, tax rate, wholesale price and options from the product unless given', async () => {
      const product = await productRow(ctx.api, shopId, maker2.id, { price: 2000, taxPercentage: 8, wholesalePrice: 900, option1: '赤' });
      const order = await client.create(
        body({
          lines: [
            { product_id: Number(product.id), amount: 3 },
            { product_id: Number(product.id), amount: 1, price_with_tax: 1500, tax_percentage: 10, product_name: '特価品', option1: '' },
          ],
        }),
      );
      expect(order.lines[0]).toMatchObject({
        product_id: product.id,
        product_code: product.code,
        product_name: `商品 ${product.code}`,
        maker_id: maker2.id,
        price_with_tax: 2160,
        tax_percentage: 8,
        wholesale_price: 900,
        option1: '赤',
        amount: 3,
        tax: 480,
      });
      expect(order.lines[1]).toMatchObject({ product_id: product.id, maker_id: maker2.id, product_name: '特価品', price_with_tax: 1500, tax_percentage: 10, option1: null });
      expect(order.makers.map((m: { maker_id: string }) => m.maker_id)).toEqual([maker2.id]);
    });

    it('gives a free line without a tax rate the order setting’s default rate', async () => {
      const order = await client.create(body({ lines: [{ maker_id: Number(maker.id), product_name: '送料込み品', amount: 1, price_with_tax: 1100 }] }));
      expect(order.lines[0]).toMatchObject({ tax_percentage: 10, tax: 100 });
    });

    it('answers every missing required field at once, with nothing written', async () => {
      const [{ count: before }] = await ctx.api.dataSource.query(`SELECT count(*)::int AS count FROM orders`);
      const res = await client.post({}).expect(422);
      expectErrorEnvelope(res.body, 'NAL-422');
      expect(errorsOf(res)).toEqual(
        expect.arrayContaining(
          ['shop_id', 'payment_method_id', 'order_date', 'buyer_name', 'delivery_name', 'lines'].map((field) => expect.objectContaining({ field, error_code: 'required' })),
        ),
      );
      const free = await client.post(body({ lines: [{ amount: 1 }] })).expect(422);
      expect(errorsOf(free)).toEqual(
        expect.arrayContaining(['product_name', 'maker_id', 'price_with_tax'].map((f) => ({ field: `lines.0.${f}`, error_code: 'required' }))),
      );
      // Malformed lines are field errors too, never a 500.
      for (const lines of ['x', [1], [null], [{}], { 0: {} }]) {
        const res = await client.post(body({ lines })).expect(422);
        expect(errorsOf(res)[0]).toMatchObject({ field: expect.stringMatching(/^lines/) });
      }
      const [{ count: after }] = await ctx.api.dataSource.query(`SELECT count(*)::int AS count FROM orders`);
      expect(after).toBe(before);
    });

    /** [field, longest accepted value]: the value one character longer is refused with max_length. */
    const TEXTS: [string, number][] = [
      ['ec_order_id', 50],
      ['buyer_name', 40],
      ['delivery_name', 40],
      ['buyer_address', 100],
      ['delivery_address', 100],
      ['memo', 1000],
      ['supplier_memo', 1000],
      ['edi_note', 40],
    ];

    it.each(TEXTS)('%s: %i characters pass, one more is refused', async (field, max) => {
      const base = field === 'edi_note' ? { delivery_address: null } : {};
      await client.post(body({ ...base, [field]: 'あ'.repeat(max) })).expect(201);
      const res = await client.post(body({ ...base, [field]: 'あ'.repeat(max + 1) })).expect(422);
      expect(errorsOf(res)).toContainEqual({ field, error_code: 'max_length', params: { max } });
    });

    it('phones are digits and hyphens with 10 or 11 digits, postcodes seven digits: junk never reaches a sheet', async () => {
      const made = await client.create(body({ buyer_tel: '０９０－１２３４－５６７８', delivery_tel: '090-12-34-56-78', buyer_zip: '1000001', delivery_zip: '１００－０００１' }));
      // Stored (and printed) half-width, postcodes with their hyphen.
      expect(made).toMatchObject({ buyer_tel: '090-1234-5678', delivery_tel: '090-12-34-56-78', buyer_zip: '100-0001', delivery_zip: '100-0001' });
      for (const [field, value, code] of [
        ['buyer_tel', '090-xxxx-😀', 'phone_format'],
        ['delivery_tel', '03-1234-567', 'phone_format'],
        ['delivery_tel', '090-12-34-56-789', undefined],
        ['buyer_zip', 'ABCDEFGH', 'zip_format'],
        ['delivery_zip', '100-00011', undefined],
      ] as const) {
        const res = await client.post(body({ [field]: value })).expect(422);
        expect(errorsOf(res)).toContainEqual(expect.objectContaining(code ? { field, error_code: code } : { field }));
      }
    });

    it('refuses what the sheet cannot print, naming the characters', async () => {
      for (const field of ['buyer_name', 'delivery_name', 'delivery_address', 'edi_note']) {
        const res = await client.post(body({ delivery_address: '東京', [field]: '山田😀' })).expect(422);
        expect(errorsOf(res)).toContainEqual({ field, error_code: 'unprintable', params: { chars: '😀' } });
      }
      const line = await client.post(body({ lines: [{ ...body().lines[0], product_name: 'チェア\u0007', option1: '赤❤️' }] })).expect(422);
      expect(errorsOf(line)).toEqual(
        expect.arrayContaining([
          { field: 'lines.0.product_name', error_code: 'unprintable', params: { chars: 'U+0007' } },
          { field: 'lines.0.option1', error_code: 'unprintable', params: { chars: '❤ U+FE0F' } },
        ]),
      );
      // The supplier memo has several lines; the staff memo is never printed.
      await client.post(body({ supplier_memo: '一行目\n二行目', memo: 'メモ😀' })).expect(201);
    });

    it('takes a preferred date that is a date, not before the order date', async () => {
      const made = await client.create(body({ order_date: '2026-11-22', preferred_date: '2026/12/1' }));
      expect(made.preferred_date).toBe('2026-12-01');
      expect(errorsOf(await client.post(body({ order_date: '2026-11-22', preferred_date: '2020-12-01' })).expect(422))).toEqual([
        { field: 'preferred_date', error_code: 'date_after', params: { other: 'order_date' } },
      ]);
      expect(errorsOf(await client.post(body({ preferred_date: '来週' })).expect(422))).toContainEqual(expect.objectContaining({ field: 'preferred_date', error_code: 'date_format' }));
      await client.post(body({ preferred_date: '' })).expect(201);
      // An edit that moves the order date past the preferred date is refused too.
      const edit = await client.put(made.id, { order_date: '2026-12-05', version: made.version }).expect(422);
      expect(errorsOf(edit)).toEqual([{ field: 'preferred_date', error_code: 'date_after', params: { other: 'order_date' } }]);
    });

    it('preferred_period: a transport time slot’s code, 0 (none) when left out; text and null are refused', async () => {
      expect((await client.create(body())).preferred_period).toBe(0);
      for (const code of [0, 1, 2, 3, 4]) expect((await client.create(body({ preferred_period: code }))).preferred_period).toBe(code);
      // The API takes the code only: the late slot's text, a code as text, null (never stored) are field errors.
      for (const [value, rule] of [
        ['20-', { error_code: 'integer' }],
        ['19-21', { error_code: 'integer' }],
        ['4', { error_code: 'integer' }],
        [null, { error_code: 'required' }],
        [true, { error_code: 'integer' }],
        [5, { error_code: 'max', params: { max: 4 } }],
        [-1, { error_code: 'min', params: { min: 0 } }],
      ] as const) {
        const res = await client.post(body({ preferred_period: value })).expect(422);
        expectErrorEnvelope(res.body, 'NAL-422');
        expect(errorsOf(res)).toEqual([{ field: 'preferred_period', ...rule }]);
      }
    });

    it('buyer_email: 100 characters and well-formed', async () => {
      const local = 'a'.repeat(100 - '@example.jp'.length);
      await client.post(body({ buyer_email: `${local}@example.jp` })).expect(201);
      expect(errorsOf(await client.post(body({ buyer_email: `${local}a@example.jp` })).expect(422))).toContainEqual({
        field: 'buyer_email',
        error_code: 'max_length',
        params: { max: 100 },
      });
      expect(errorsOf(await client.post(body({ buyer_email: 'not-an-address' })).expect(422))).toEqual([{ field: 'buyer_email', error_code: 'email_invalid' }]);
    });

    it('kana fields take full-width katakana only', async () => {
      const ok = await client.create(body({ buyer_kana: 'ヤマダ　タロー', delivery_kana: 'ヴァイオリン ショップ' }));
      expect(ok.buyer_kana).toBe('ヤマダ　タロー');
      await client.post(body({ buyer_kana: 'ア'.repeat(40) })).expect(201);
      expect(errorsOf(await client.post(body({ buyer_kana: 'ア'.repeat(41) })).expect(422))).toEqual([
        { field: 'buyer_kana', error_code: 'max_length', params: { max: 40 } },
      ]);
      for (const kana of ['やまだ', 'ﾔﾏﾀﾞ', 'Yamada', '山田']) {
        const res = await client.post(body({ buyer_kana: kana, delivery_kana: kana })).expect(422);
        expect(errorsOf(res)).toEqual([
          { field: 'buyer_kana', error_code: 'katakana' },
          { field: 'delivery_kana', error_code: 'katakana' },
        ]);
      }
    });

    it('edi_note: at most 40 characters together with the delivery address', async () => {
      await client.post(body({ delivery_address: 'あ'.repeat(30), edi_note: 'い'.repeat(10) })).expect(201);
      await client.post(body({ delivery_address: null, edi_note: 'い'.repeat(40) })).expect(201);
      expect(errorsOf(await client.post(body({ delivery_address: 'あ', edi_note: 'い'.repeat(40) })).expect(422))).toEqual([
        { field: 'edi_note', error_code: 'max_length', params: { max: 40, other: 'delivery_address' } },
      ]);
      const res = await client.post(body({ delivery_address: 'あ'.repeat(30), edi_note: 'い'.repeat(11), buyer_name: '' })).expect(422);
      // Reported with the other failing fields at once.
      expect(errorsOf(res)).toEqual(
        expect.arrayContaining([
          { field: 'edi_note', error_code: 'max_length', params: { max: 40, other: 'delivery_address' } },
          { field: 'buyer_name', error_code: 'required' },
        ]),
      );
    });

    it('order_date: Y-m-d or Y/m/d of a real date', async () => {
      expect((await client.create(body({ order_date: '2026/1/9' }))).order_date).toBe('2026-01-09');
      for (const date of ['2026-13-01', '2026-02-30', '22/11/2026', '2026.11.22']) {
        expect(errorsOf(await client.post(body({ order_date: date })).expect(422))).toEqual([{ field: 'order_date', error_code: 'date_format' }]);
      }
    });

    /** [field, min, max] of the integers of the order. */
    const NUMBERS: [string, number, number][] = [
      ['payment_method_id', 0, 5],
      ['preferred_period', 0, 4],
      // Fees: 9,999,999 yen (SPEC.md §5's "some 9999999").
      ['settlement_fee', 0, 9_999_999],
      ['other_fee', 0, 9_999_999],
      ['shipping_fee', 0, 9_999_999],
      ['send_mail_flag', 0, 1],
      ['sent_to_origin_flag', 0, 1],
    ];

    it.each(NUMBERS)('%s: %i to %i', async (field, min, max) => {
      for (const value of [min, max]) {
        // Monthly invoice (5) needs a business customer.
        const over = field === 'payment_method_id' && value === 5 ? { customer_id: Number(await customerRow(ctx.api, { companyName: '株式会社A' })) } : {};
        await client.post(body({ ...over, [field]: value })).expect(201);
      }
      const low = errorsOf(await client.post(body({ [field]: min - 1 })).expect(422));
      const high = errorsOf(await client.post(body({ [field]: max + 1 })).expect(422));
      if (max === 1) {
        expect(low).toEqual([{ field, error_code: 'in', params: { values: '0,1' } }]);
        expect(high).toEqual([{ field, error_code: 'in', params: { values: '0,1' } }]);
      } else {
        expect(low).toEqual([{ field, error_code: 'min', params: { min } }]);
        expect(high).toEqual([{ field, error_code: 'max', params: { max } }]);
      }
      expect(errorsOf(await client.post(body({ [field]: 1.5 })).expect(422))[0]).toMatchObject({ field });
    });

    /** [line field, min, max] of a line's integers. */
    const LINE_NUMBERS: [string, number, number][] = [
      ['amount', 1, 99_999_999],
      ['price_with_tax', 0, 99_999_999],
      ['tax_percentage', 0, 100],
      ['wholesale_price', 0, 99_999_999],
      ['maker_shipping_fee', 0, 9_999_999],
    ];

    it.each(LINE_NUMBERS)('lines.N.%s: %i to %i', async (field, min, max) => {
      // amount × price stays within the order's money limit at the bounds.
      const base = field === 'amount' ? { price_with_tax: 1 } : { amount: 1 };
      for (const value of [min, max]) await client.post(body({ lines: [line({ ...base, [field]: value })] })).expect(201);
      const res = await client.post(body({ lines: [line(), line({ ...base, [field]: min - 1 }), line({ ...base, [field]: max + 1 })] })).expect(422);
      expect(errorsOf(res)).toEqual([
        { field: `lines.1.${field}`, error_code: 'min', params: { min } },
        { field: `lines.2.${field}`, error_code: 'max', params: { max } },
      ]);
    });

    it('lines.N.product_name ≤ 100, option1 and option2 ≤ 50', async () => {
      await client.post(body({ lines: [line({ product_name: 'あ'.repeat(100), option1: 'い'.repeat(50), option2: 'う'.repeat(50) })] })).expect(201);
      const res = await client.post(body({ lines: [line({ product_name: 'あ'.repeat(101), option1: 'い'.repeat(51), option2: 'う'.repeat(51) })] })).expect(422);
      expect(errorsOf(res)).toEqual([
        { field: 'lines.0.product_name', error_code: 'max_length', params: { max: 100 } },
        { field: 'lines.0.option1', error_code: 'max_length', params: { max: 50 } },
        { field: 'lines.0.option2', error_code: 'max_length', params: { max: 50 } },
      ]);
    });

    it('lines: 1 to 100', async () => {
      const many = (n: number) => Array.from({ length: n }, (_, i) => line({ product_name: `商品 ${i + 1}`, price_with_tax: 100 }));
      const order = await client.create(body({ lines: many(100) }));
      expect(order.lines).toHaveLength(100);
      expect(order.products_total).toBe(10_000);
      expect(errorsOf(await client.post(body({ lines: many(101) })).expect(422))).toEqual([{ field: 'lines', error_code: 'max', params: { max: 100 } }]);
      expect(errorsOf(await client.post(body({ lines: [] })).expect(422))).toEqual([{ field: 'lines', error_code: 'min', params: { min: 1 } }]);
    });

    it('refuses an order whose total passes 99,999,999 yen (NAL_ORD-106): lines × amounts with the fees, nothing written', async () => {
      const marked = (over: Record<string, unknown>) => body({ ec_order_id: 'EC-TOTAL-MAX', ...over });
      expectErrorEnvelope((await client.post(marked({ lines: [line({ amount: 2, price_with_tax: 50_000_000 })] })).expect(400)).body, 'NAL_ORD-106');
      expectErrorEnvelope((await client.post(marked({ lines: [line({ price_with_tax: 50_000_000 }), line({ price_with_tax: 50_000_000 })] })).expect(400)).body, 'NAL_ORD-106');
      // Each fee counts: 90,000,001 yen of products with 9,999,999 yen of one fee passes by one yen.
      for (const fee of ['settlement_fee', 'shipping_fee', 'other_fee']) {
        expectErrorEnvelope((await client.post(marked({ [fee]: 9_999_999, lines: [line({ price_with_tax: 90_000_001 })] })).expect(400)).body, 'NAL_ORD-106');
      }
      expect(await ctx.api.dataSource.query(`SELECT id FROM orders WHERE ec_order_id = 'EC-TOTAL-MAX'`)).toEqual([]);
      const atBound = await client.create(marked({ shipping_fee: 9_999_999, lines: [line({ price_with_tax: 30_000_000, amount: 3 })] }));
      expect(atBound).toMatchObject({ products_total: 90_000_000, total: 99_999_999 });
    });

    it('refuses references that do not exist', async () => {
      const res = await client
        .post(body({ shop_id: 987654, customer_id: 987654, delivery_method_id: 987654, lines: [line({ maker_id: 987654 }), { product_id: 987654, amount: 1 }] }))
        .expect(422);
      expect(errorsOf(res)).toEqual(
        expect.arrayContaining([
          { field: 'shop_id', error_code: 'exists' },
          { field: 'customer_id', error_code: 'exists' },
          { field: 'delivery_method_id', error_code: 'exists' },
          { field: 'lines.0.maker_id', error_code: 'exists' },
          { field: 'lines.1.product_id', error_code: 'exists' },
        ]),
      );
      const deleted = await shopRow(ctx.api);
      await ctx.api.dataSource.query(`UPDATE shops SET deleted_at = now() WHERE id = $1`, [deleted]);
      expect(errorsOf(await client.post(orderBody(deleted, maker.id)).expect(422))).toEqual([{ field: 'shop_id', error_code: 'exists' }]);
    });

    it('writes a history row per created line, and no outbox event (no worker acts on a new order)', async () => {
      const order = await client.create(body({ lines: [line(), line({ maker_id: Number(maker2.id) })] }));
      const history = (await client.get(`/orders/${order.id}/history_status`).expect(200)).body.data;
      expect(history).toEqual(
        order.lines.map((l: { id: string; product_name: string }) => ({
          id: expect.any(String),
          order_line_id: l.id,
          product_name: l.product_name,
          from_status: null,
          to_status: 1,
          command: 'create',
          note: null,
          changed_by: operator.id,
          changed_by_name: 'Test operator',
          changed_at: expect.any(String),
          mail: null,
        })),
      );
      expect(await ctx.api.dataSource.query(`SELECT type FROM outbox_events WHERE aggregate_type = 'order' AND aggregate_id = $1`, [order.id])).toEqual([]);
    });
  });

  describe('payment rules', () => {
    it('deferred payment adds its 390 yen fee and refuses a total above 55,000 yen (NAL_ORD-120)', async () => {
      const ok = await client.create(body({ payment_method_id: 4, settlement_fee: 0, lines: [line({ price_with_tax: 54_610 })] }));
      expect(ok).toMatchObject({ settlement_fee: 390, total: 55_000 });
      const res = await client.post(body({ payment_method_id: 4, lines: [line({ price_with_tax: 54_611 })] })).expect(400);
      expectErrorEnvelope(res.body, 'NAL_ORD-120');
    });

    it('deferred payment: the shop’s own limit replaces 55,000 yen', async () => {
      const limited = await shopRow(ctx.api, { npLimitAmount: 30_000 });
      await client.post(orderBody(limited, maker.id, { payment_method_id: 4, lines: [line({ price_with_tax: 29_610 })] })).expect(201);
      expectErrorEnvelope((await client.post(orderBody(limited, maker.id, { payment_method_id: 4, lines: [line({ price_with_tax: 29_611 })] })).expect(400)).body, 'NAL_ORD-120');
    });

    it('monthly invoice needs a business customer (NAL_ORD-121)', async () => {
      expectErrorEnvelope((await client.post(body({ payment_method_id: 5 })).expect(400)).body, 'NAL_ORD-121');
      const person = await customerRow(ctx.api, { companyName: null });
      expectErrorEnvelope((await client.post(body({ payment_method_id: 5, customer_id: Number(person) })).expect(400)).body, 'NAL_ORD-121');
    });

    it('monthly invoice: at most 300,000 yen per customer and month (NAL_ORD-122)', async () => {
      const company = Number(await customerRow(ctx.api, { companyName: '株式会社月締め' }));
      const monthly = (date: string, price: number) => body({ payment_method_id: 5, customer_id: company, order_date: date, lines: [line({ price_with_tax: price })] });
      await client.post(monthly('2026-10-01', 200_000)).expect(201);
      await client.post(monthly('2026-10-31', 100_000)).expect(201);
      expectErrorEnvelope((await client.post(monthly('2026-10-15', 1)).expect(400)).body, 'NAL_ORD-122');
      // Another month, and other payment methods, do not count.
      await client.post(monthly('2026-11-01', 300_000)).expect(201);
      await client.post(body({ payment_method_id: 2, customer_id: company, order_date: '2026-10-15' })).expect(201);
    });
  });

  describe('changed products (NAL-PRO-002)', () => {
    it('refuses a product whose availability or ship date changed after the form loaded it, until confirmed', async () => {
      const product = await productRow(ctx.api, shopId, maker.id);
      const loadedAt = new Date(Date.now() - 60_000).toISOString();
      const withProduct = (at: string) => body({ confirmed_product_changes_at: at, lines: [{ product_id: Number(product.id), amount: 1 }] });
      await client.post(withProduct(loadedAt)).expect(201);
      await ctx.api.dataSource.query(`INSERT INTO product_changes (product_id, field, from_value, to_value) VALUES ($1, 'state', 'available', 'unavailable')`, [product.id]);
      const res = await client.post(withProduct(loadedAt)).expect(400);
      expectErrorEnvelope(res.body, 'NAL-PRO-002');
      await client.post(withProduct(new Date(Date.now() + 1000).toISOString())).expect(201);
      expect(errorsOf(await client.post(withProduct('yesterday')).expect(422))).toEqual([{ field: 'confirmed_product_changes_at', error_code: 'date_format' }]);
    });
  });

  describe('order and branch numbers', () => {
    it('gives concurrent new orders distinct numbers', async () => {
      const results = await Promise.all(Array.from({ length: 10 }, () => client.post(body())));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      const numbers = results.map((r) => r.body.data.order_no);
      expect(new Set(numbers).size).toBe(10);
      expect(results.every((r) => r.body.data.branch_no === 1)).toBe(true);
    });

    it('gives concurrent branches of one order its number and the next branch numbers, each once', async () => {
      const first = await client.create(body());
      const results = await Promise.all(Array.from({ length: 10 }, () => client.post(body({ branch_of_order_id: Number(first.id) }))));
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(201));
      expect(results.every((r) => r.body.data.order_no === first.order_no)).toBe(true);
      expect(results.map((r) => r.body.data.branch_no).sort((a, b) => a - b)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
      // A branch of a branch continues the same count.
      const again = await client.create(body({ branch_of_order_id: Number(results[0].body.data.id) }));
      expect(again).toMatchObject({ order_no: first.order_no, branch_no: 12 });
      expect(errorsOf(await client.post(body({ branch_of_order_id: 987654 })).expect(422))).toEqual([{ field: 'branch_of_order_id', error_code: 'exists' }]);
    });

    it('keeps numbering past ten million orders (seven digits are a minimum, not a cut)', async () => {
      await ctx.api.dataSource.query(`SELECT setval('order_no_seq', 9999998)`);
      const numbers = [(await client.create(body())).order_no, (await client.create(body())).order_no];
      expect(numbers.map((n: string) => n.split('-')[1])).toEqual(['9999999', '10000000']);
    });
  });

  describe('edit', () => {
    it('changes the fields sent, keeps the others, and moves the version', async () => {
      const order = await client.create(body({ memo: '最初', ec_order_id: 'EC-EDIT' }));
      const res = await client.put(order.id, { version: 1, buyer_name: '山田 花子', memo: null, shipping_fee: 500 }).expect(200);
      expect(res.body.data).toMatchObject({
        id: order.id,
        order_no: order.order_no,
        buyer_name: '山田 花子',
        memo: null,
        ec_order_id: 'EC-EDIT',
        shipping_fee: 500,
        total: 11_500,
        version: 2,
      });
      expect(res.body.data.lines).toEqual(order.lines);
      // The keyword text follows the edit.
      const found = (await client.get(`/orders?keyword=${encodeURIComponent('山田 花子')}`).expect(200)).body.data;
      expect(found.map((o: { id: string }) => o.id)).toContain(order.id);
    });

    it('changes the preferred period, keeps it when left out, and refuses clearing it with null', async () => {
      const order = await client.create(body({ preferred_period: 1 }));
      expect((await client.put(order.id, { version: 1, buyer_name: '山田 花子' }).expect(200)).body.data).toMatchObject({ preferred_period: 1, version: 2 });
      expect((await client.put(order.id, { version: 2, preferred_period: 4 }).expect(200)).body.data).toMatchObject({ preferred_period: 4, version: 3 });
      expect((await client.put(order.id, { version: 3, preferred_period: 0 }).expect(200)).body.data).toMatchObject({ preferred_period: 0, version: 4 });
      for (const value of [null, 5, '20-']) expect(errorsOf(await client.put(order.id, { version: 4, preferred_period: value }).expect(422))[0]).toMatchObject({ field: 'preferred_period' });
      expect((await client.get(`/orders/${order.id}`).expect(200)).body.data).toMatchObject({ preferred_period: 0, version: 4 });
    });

    it('keeps a memo the preferred-period migration lengthened past 1000 while an edit leaves it out; a memo sent is at most 1000', async () => {
      const order = await client.create(body());
      // As the migration left it: a memo of 1000 and the legacy text on its own line (1058 at most).
      const migrated = `${'メ'.repeat(1000)}\n希望時間帯: ${'y'.repeat(50)}`;
      await ctx.api.dataSource.query(`UPDATE orders SET memo = $2 WHERE id = $1`, [order.id, migrated]);
      const edited = (await client.put(order.id, { version: 1, buyer_name: '山田 花子', preferred_period: 2 }).expect(200)).body.data;
      expect(edited).toMatchObject({ memo: migrated, preferred_period: 2, version: 2 });
      expect(errorsOf(await client.put(order.id, { version: 2, memo: migrated }).expect(422))).toEqual([{ field: 'memo', error_code: 'max_length', params: { max: 1000 } }]);
    });

    it('refuses a stale version with NAL_ORD-193 and changes nothing', async () => {
      const order = await client.create(body());
      await client.put(order.id, { version: 1, memo: '一回目' }).expect(200);
      const res = await client.put(order.id, { version: 1, memo: '二回目', lines: [line({ amount: 5 })] }).expect(400);
      expectErrorEnvelope(res.body, 'NAL_ORD-193');
      const now = (await client.get(`/orders/${order.id}`).expect(200)).body.data;
      expect(now).toMatchObject({ memo: '一回目', version: 2 });
      expect(now.lines).toEqual(order.lines);
    });

    it('is allowed while every line is unpaid or paid, then refused with NAL_ORD-104', async () => {
      const order = await client.create(body());
      await setOrderState(ctx.api, order.id, { lineStatus: 2 });
      await client.put(order.id, { version: 1, memo: '入金済みでも編集可' }).expect(200);
      await setOrderState(ctx.api, order.id, { lineStatus: 3 });
      const res = await client.put(order.id, { version: 2, memo: '発注済み' }).expect(400);
      expectErrorEnvelope(res.body, 'NAL_ORD-104');
      expect((await client.get(`/orders/${order.id}`).expect(200)).body.data.memo).toBe('入金済みでも編集可');
    });

    it('replaces the lines: kept by id (with their status), removed when missing, new ones added unpaid', async () => {
      const order = await client.create(body({ lines: [line({ product_name: '残す' }), line({ product_name: '消す', maker_id: Number(maker2.id) })] }));
      // The kept line is paid; the dropped one is still unpaid (a paid line cannot be dropped: orders-hardening).
      await setOrderState(ctx.api, order.id, { lineStatus: 2, lineMakerId: maker.id });
      const [kept, dropped] = order.lines;
      const res = await client
        .put(order.id, {
          version: 1,
          lines: [
            { id: Number(kept.id), maker_id: Number(maker.id), product_name: '残す（数量変更）', amount: 3, price_with_tax: 1100 },
            { maker_id: Number(maker.id), product_name: '追加', amount: 1, price_with_tax: 2200 },
          ],
        })
        .expect(200);
      const edited = res.body.data;
      expect(edited.lines).toEqual([
        expect.objectContaining({ id: kept.id, product_name: '残す（数量変更）', amount: 3, status: 2 }),
        expect.objectContaining({ id: expect.not.stringMatching(new RegExp(`^(${kept.id}|${dropped.id})$`)), product_name: '追加', status: 1 }),
      ]);
      expect(edited.makers.map((m: { maker_id: string }) => m.maker_id)).toEqual([maker.id]);
      expect(edited).toMatchObject({ products_total: 3 * 1100 + 2200, status: 1, version: 2 });
      const history = (await client.get(`/orders/${order.id}/history_status`).expect(200)).body.data;
      expect(history.map((h: { order_line_id: string; command: string }) => [h.order_line_id, h.command])).toEqual([
        [kept.id, 'create'],
        [edited.lines[1].id, 'edit'],
      ]);
    });

    it('refuses a line id of another order, and clearing a required field', async () => {
      const other = await client.create(body());
      const order = await client.create(body());
      const res = await client.put(order.id, { version: 1, buyer_name: null, lines: [{ ...line(), id: Number(other.lines[0].id) }] }).expect(422);
      expect(errorsOf(res)).toEqual([{ field: 'buyer_name', error_code: 'required' }]);
      expect(errorsOf(await client.put(order.id, { version: 1, lines: [{ ...line(), id: Number(other.lines[0].id) }] }).expect(422))).toEqual([
        { field: 'lines.0.id', error_code: 'exists' },
      ]);
      expect(errorsOf(await client.put(order.id, { memo: 'x' }).expect(422))).toEqual([{ field: 'version', error_code: 'required' }]);
      await client.put('987654', { version: 1 }).expect(404);
    });

    it('refuses an edit whose total would pass 99,999,999 yen (NAL_ORD-106), by its fees or its lines, changing nothing', async () => {
      const order = await client.create(body({ shipping_fee: 9_999_999, lines: [line({ price_with_tax: 90_000_000 })] }));
      expect(order.total).toBe(99_999_999);
      const stored = async () => (await ctx.api.dataSource.query(`SELECT * FROM orders WHERE id = $1`, [order.id]))[0];
      const storedLines = () => ctx.api.dataSource.query(`SELECT * FROM order_lines WHERE order_id = $1 ORDER BY id`, [order.id]);
      const [rowBefore, linesBefore] = [await stored(), await storedLines()];
      // A fee: the stored lines and the other fees count with it.
      expectErrorEnvelope((await client.put(order.id, { version: 1, other_fee: 1, memo: '変えない' }).expect(400)).body, 'NAL_ORD-106');
      // The lines: the stored fees count with them.
      expectErrorEnvelope((await client.put(order.id, { version: 1, lines: [{ id: Number(order.lines[0].id), ...line({ price_with_tax: 90_000_001 }) }] }).expect(400)).body, 'NAL_ORD-106');
      expectErrorEnvelope((await client.put(order.id, { version: 1, lines: [line({ price_with_tax: 90_000_000 }), line({ price_with_tax: 1 })] }).expect(400)).body, 'NAL_ORD-106');
      expect(await stored()).toEqual(rowBefore);
      expect(await storedLines()).toEqual(linesBefore);
      // Lowering one fee makes room for another.
      const edited = (await client.put(order.id, { version: 1, shipping_fee: 0, other_fee: 9_999_999 }).expect(200)).body.data;
      expect(edited).toMatchObject({ total: 99_999_999, other_fee: 9_999_999, version: 2 });
    });

    it('checks the EDI note against the stored delivery address, and the payment rules on the edited order', async () => {
      const order = await client.create(body({ delivery_address: 'あ'.repeat(30) }));
      expect(errorsOf(await client.put(order.id, { version: 1, edi_note: 'い'.repeat(11) }).expect(422))).toEqual([
        { field: 'edi_note', error_code: 'max_length', params: { max: 40, other: 'delivery_address' } },
      ]);
      await client.put(order.id, { version: 1, edi_note: 'い'.repeat(10) }).expect(200);
      expectErrorEnvelope((await client.put(order.id, { version: 2, payment_method_id: 4, lines: [line({ price_with_tax: 60_000 })] }).expect(400)).body, 'NAL_ORD-120');
      const deferred = (await client.put(order.id, { version: 2, payment_method_id: 4 }).expect(200)).body.data;
      expect(deferred).toMatchObject({ settlement_fee: 390, total: 11_390 });
      // Leaving deferred payment drops its fee.
      expect((await client.put(order.id, { version: 3, payment_method_id: 1 }).expect(200)).body.data).toMatchObject({ settlement_fee: 0, total: 11_000 });
    });
  });
});
