import { japanToday } from '@oms/domain';
import { INestApplicationContext } from '@nestjs/common';
import { QueueRegistry } from '@oms/infra';
import { extractPdfText } from '../../../libs/infra/test/support/pdf-text';
import { SmtpSink } from '../../../libs/infra/test/support/smtp-sink';
import { download, TestApp } from '../../api/test/support/test-app';
import { TestEnvironment } from '../../api/test/support/test-env';
import { RelayService } from '../src/outbox/relay.service';
import { createOrder, makerRow, orderSentToMakers, orderToMakers, sheetsOf, shopWith, until, WorkersWorld } from './support/maker-side';

jest.setTimeout(90_000);

const GATEWAY = '{fax}@fax-gateway.test';

/**
 * Order sheets end to end through every real part: the order command writes the outbox row, the
 * relay publishes it to BullMQ, the order-sheets worker renders the PDF and sends it over SMTP.
 */
describe('order sheets by e-mail and by fax gateway', () => {
  let env: TestEnvironment;
  let api: TestApp;
  let workers: INestApplicationContext;
  let smtp: SmtpSink;
  let world: WorkersWorld;
  let queues: QueueRegistry;
  let auth: string;
  let shopId: string;
  let mailMaker: string;
  let faxMaker: string;

  beforeAll(async () => {
    world = await WorkersWorld.start({ FAX_GATEWAY_ADDRESS: GATEWAY, JOB_ATTEMPTS: '3', JOB_BACKOFF_MS: '200', SENDER_COMPANY: '受発注センター株式会社', SENDER_EMAIL: 'center@oms-sender.test' });
    ({ env, api, workers, smtp, queues } = world);
    auth = (await api.signedIn('operator')).auth;
    shopId = await shopWith(api, { ediStopAmount: 30 });
    // The shop's contact, as staff enter it in settings: printed on its sheets, the Reply-To of its mails.
    await api.dataSource.query(
      `UPDATE shops SET contact_company = '株式会社山田家具', contact_person = '発注担当 田中', contact_phone = '03-5555-0001', contact_fax = '03-5555-0002',
              contact_email = 'hacchu@yamada-kagu.example.jp' WHERE id = $1`,
      [shopId],
    );
    mailMaker = await makerRow(api, { name: '山本木工所', orderMethod: 'email', email: 'orders@yamamoto-mokko.example.jp' });
    faxMaker = await makerRow(api, { name: '鈴木家具製作所', orderMethod: 'fax', fax: '03-1111-2222' });
  });

  afterAll(async () => {
    await world?.stop();
  });

  it('sends each maker of a two-maker order its own sheet: by e-mail, and to the fax gateway', async () => {
    const order = await orderSentToMakers(api, auth, shopId, [
      { makerId: mailMaker, productName: '無垢材ダイニングテーブル', option1: 'ウォールナット', amount: 1, wholesalePrice: 48000 },
      { makerId: faxMaker, productName: 'ひのき風呂椅子', amount: 2, wholesalePrice: 3200 },
      { makerId: mailMaker, productName: '座布団（藍染）', amount: 4, wholesalePrice: 1500 },
    ]);

    const byMail = await smtp.waitFor('orders@yamamoto-mokko.example.jp');
    const byFax = await smtp.waitFor('0311112222@fax-gateway.test');

    expect(byMail.subject).toContain(order.orderNo);
    expect(byMail.text).toContain('山本木工所 御中');
    expect(byMail.text).toMatch(new RegExp(`${env.config.CONSOLE_URL}/maker-confirm/[A-Za-z0-9_-]{43}`));
    expect(byFax.subject).toBe(`FAX 03-1111-2222 発注書 ${order.orderNo}`);
    // A reply reaches the shop, not the no-reply sender; the mail says whom to ask.
    expect(byMail.replyTo?.value.map((a) => a.address)).toEqual(['hacchu@yamada-kagu.example.jp']);
    expect(byFax.replyTo?.value.map((a) => a.address)).toEqual(['hacchu@yamada-kagu.example.jp']);
    expect(byMail.text).toContain('株式会社山田家具です。');
    expect(byMail.text).toContain('このメールにご返信いただくか、下記までご連絡ください。');
    expect(byMail.text).toContain('株式会社山田家具（担当: 発注担当 田中）');
    expect(byMail.text).toContain('TEL 03-5555-0001 / FAX 03-5555-0002');

    const [mailPdf] = byMail.attachments;
    expect(mailPdf.contentType).toBe('application/pdf');
    const mailText = (await extractPdfText(mailPdf.content)).text.replace(/\s/g, '');
    expect(mailText).toContain('無垢材ダイニングテーブル');
    expect(mailText).toContain('座布団（藍染）');
    expect(mailText).toContain('ウォールナット');
    expect(mailText).toContain(order.orderNo);
    expect(mailText).toContain('佐藤花子');
    expect(mailText).toContain('東京都千代田区千代田1-1');
    expect(mailText).toContain('玄関前に置き配');
    // The preferred period (code 4) by its label: the late slot, shown as 19-21.
    expect(mailText).toContain('時間帯19-21時');
    expect(mailText).toContain('化粧箱でお願いします');
    expect(mailText).not.toContain('ひのき風呂椅子');
    // The orderer's contact: the shop's, not the system-wide sender's.
    for (const printed of ['株式会社山田家具', '担当:発注担当田中', 'TEL:03-5555-0001', 'FAX:03-5555-0002', 'E-mail:hacchu@yamada-kagu.example.jp']) expect(mailText).toContain(printed);
    expect(mailText).not.toContain('受発注センター株式会社');
    // The link in the PDF is the one in the mail.
    const link = /\/maker-confirm\/([A-Za-z0-9_-]{43})/.exec(byMail.text!)![1];
    expect(mailText).toContain(link);

    const faxText = (await extractPdfText(byFax.attachments[0].content)).text.replace(/\s/g, '');
    expect(faxText).toContain('ひのき風呂椅子');
    expect(faxText).not.toContain('無垢材ダイニングテーブル');

    const sheets = await sheetsOf(api, order.id);
    expect(sheets).toHaveLength(2);
    expect(sheets.find((s: { maker_id: string }) => s.maker_id === mailMaker)).toEqual(
      expect.objectContaining({ revision: 1, status: 'sent', method: 'email', recipient: 'orders@yamamoto-mokko.example.jp', resent: false, reason: 'ordered', message_id: byMail.messageId }),
    );
    expect(sheets.find((s: { maker_id: string }) => s.maker_id === faxMaker)).toEqual(
      expect.objectContaining({ revision: 1, status: 'sent', method: 'fax', recipient: '0311112222@fax-gateway.test', message_id: byFax.messageId }),
    );

    // Only a hash of the link's token is stored.
    const [stored] = await api.dataSource.query(`SELECT count(*)::int AS n FROM maker_confirm_tokens WHERE order_id = $1 AND token_hash = sha256(convert_to($2, 'UTF8'))`, [order.id, link]);
    expect(stored.n).toBe(1);
    const [clear] = await api.dataSource.query(`SELECT count(*)::int AS n FROM order_sheets WHERE content::text LIKE '%' || $1 || '%' OR link_sealed LIKE '%' || $1 || '%'`, [link]);
    expect(clear.n).toBe(0);

    // The staff download the same sheet: the same text, the same link.
    const { token } = (await api.http.get('/api/v1/medias/token').set('Authorization', auth).expect(200)).body.data;
    const pdf = await download(api, `http://api/api/v1/orders/${order.id}/download-order-maker?maker_id=${mailMaker}&file_type=pdf&token=${token}`);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect((await extractPdfText(pdf.bytes)).text.replace(/\s/g, '')).toBe(mailText);
    const csv = await download(api, `http://api/api/v1/orders/${order.id}/download-order-maker?maker_id=${faxMaker}&file_type=csv&token=${token}`);
    expect(csv.bytes.toString('utf8')).toContain('ひのき風呂椅子');
    expect(csv.bytes.toString('utf8')).toContain(',19-21時,');

    // The maker opens the link from the mail: the page's data, the same sheet, and an acceptance.
    const page = (await api.http.get(`/api/v1/maker-confirmations/${link}`).expect(200)).body.data;
    expect(page.lines.map((l: { product_name: string }) => l.product_name)).toEqual(['無垢材ダイニングテーブル', '座布団（藍染）']);
    // The page answers the code; the console shows its label.
    expect(page.delivery).toMatchObject({ preferred_date: '2026-12-01', preferred_period: 4 });
    const fromLink = await download(api, `http://api/api/v1/maker-confirmations/${link}/sheet`);
    expect((await extractPdfText(fromLink.bytes)).text.replace(/\s/g, '')).toBe(mailText);
    await api.http.post(`/api/v1/maker-confirmations/${link}`).send({ version: page.version, answer: 'accept', estimated_ship_date: japanToday() }).expect(200);
    const statuses = await api.dataSource.query(`SELECT maker_id::text, status FROM order_lines WHERE order_id = $1 ORDER BY id`, [order.id]);
    expect(statuses.map((l: { maker_id: string; status: number }) => [l.maker_id === mailMaker ? 'mail' : 'fax', l.status])).toEqual([
      ['mail', 4],
      ['fax', 3],
      ['mail', 4],
    ]);
    // Answered, the link still shows the order and its sheet (until it expires).
    await api.http.get(`/api/v1/maker-confirmations/${link}/sheet`).expect(200);
  });

  it('prints the system-wide sender (SENDER_*) on the sheet of a shop without a contact, and replies go to its e-mail', async () => {
    const plainShop = await shopWith(api, { ediStopAmount: 30 });
    const order = await orderSentToMakers(api, auth, plainShop, [{ makerId: mailMaker, productName: '欅の飾り棚' }]);
    const mail = await until(async () => smtp.messages.find((m) => m.subject?.includes(order.orderNo)), Boolean, 20_000, 'sheet');
    const text = (await extractPdfText(mail!.attachments[0].content)).text.replace(/\s/g, '');
    expect(text).toContain('受発注センター株式会社');
    expect(text).toContain('E-mail:center@oms-sender.test');
    expect(text).not.toContain('株式会社山田家具');
    expect(mail!.replyTo?.value.map((a) => a.address)).toEqual(['center@oms-sender.test']);
  });

  it('sends one mail per sheet when the job runs twice and when the relay publishes the event twice', async () => {
    const order = await orderSentToMakers(api, auth, shopId, [{ makerId: mailMaker, productName: '桐の米びつ' }]);
    const mail = await until(async () => smtp.messages.filter((m) => m.subject?.includes(order.orderNo)), (m) => m.length === 1, 20_000, 'first sheet');
    const queue = queues.get('order-sheets');
    const [event] = await api.dataSource.query(`SELECT id FROM outbox_events WHERE type = 'order.sent_to_maker' AND aggregate_id = $1`, [order.id]);
    const first = (await queue.getJob(event.id))!;
    await until(() => first.getState(), (s) => s === 'completed', 10_000, 'first job');

    // The same job again under another id (a copy BullMQ cannot recognise), and the relay publishing the row again.
    const copy = await queue.add(first.name, first.data, { jobId: `copy-${first.id}` });
    await api.dataSource.query(`UPDATE outbox_events SET published_at = NULL WHERE id = $1`, [event.id]);
    await workers.get(RelayService).relay.relayOnce();
    await until(() => copy.getState(), (s) => s === 'completed', 10_000, 'copy job');
    await until(async () => (await api.dataSource.query(`SELECT published_at FROM outbox_events WHERE id = $1`, [event.id]))[0].published_at, Boolean, 10_000, 'republished');
    await new Promise((r) => setTimeout(r, 500));

    expect(smtp.messages.filter((m) => m.subject?.includes(order.orderNo))).toHaveLength(1);
    expect(mail).toHaveLength(1);
    expect(await sheetsOf(api, order.id)).toEqual([expect.objectContaining({ revision: 1, status: 'sent', attempts: 1 })]);
  });

  it('turns an SMTP outage into retries with backoff, then an order error; a resend after it goes out as a new revision marked re-sent', async () => {
    smtp.beforeAccept = () => {
      throw new Error('mail server is down for maintenance');
    };
    try {
      const order = await orderSentToMakers(api, auth, shopId, [{ makerId: faxMaker, productName: '竹の花器' }]);
      const [failed] = await until(() => sheetsOf(api, order.id), (s) => s[0]?.status === 'failed', 20_000, 'sheet failed');
      expect(failed).toEqual(expect.objectContaining({ attempts: 3, method: 'fax' }));
      expect(failed.last_error).toContain('mail server is down');
      const detail = (await api.http.get(`/api/v1/orders/${order.id}`).set('Authorization', auth).expect(200)).body.data;
      expect(detail.errors).toEqual([expect.objectContaining({ code: 'NAL_ORD-124', maker_id: faxMaker })]);
      const list = (await api.http.get(`/api/v1/orders?keyword=${order.orderNo}`).set('Authorization', auth).expect(200)).body.data;
      expect(list[0].error_count).toBe(1);

      // The mail server is back; staff send the sheet again from the order.
      smtp.beforeAccept = undefined;
      await api.http.post(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', auth).send({ maker_id: Number(faxMaker), version: 1 }).expect(400);
      const res = await api.http.post(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', auth).send({ maker_id: Number(faxMaker), version: order.version }).expect(202);
      expect(res.body.data).toEqual({ requested: true, reason: 'resend', version: order.version + 1 });
      // A second click with the version it read is stale: one sheet per request.
      await api.http.post(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', auth).send({ maker_id: Number(faxMaker), version: order.version }).expect(400);
      const [, second] = await until(() => sheetsOf(api, order.id), (s) => s[1]?.status === 'sent', 20_000, 'second revision');
      expect(second).toEqual(expect.objectContaining({ revision: 2, reason: 'resend', resent: false }));
      const list2 = (await api.http.get(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', auth).expect(200)).body.data;
      expect(list2.map((s: { revision: number; status: string }) => [s.revision, s.status])).toEqual([
        [2, 'sent'],
        [1, 'failed'],
      ]);

      // Another resend after that one: marked re-sent in the sheet and the mail.
      await api.http.post(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', auth).send({ maker_id: Number(faxMaker), version: res.body.data.version }).expect(202);
      const sheets = await until(() => sheetsOf(api, order.id), (s) => s[2]?.status === 'sent', 20_000, 'third revision');
      expect(sheets[2]).toEqual(expect.objectContaining({ revision: 3, resent: true }));
      const resent = smtp.messages.filter((m) => m.subject?.includes(order.orderNo));
      expect(resent.map((m) => m.subject)).toEqual([`FAX 03-1111-2222 発注書 ${order.orderNo}`, `FAX 03-1111-2222 発注書 ${order.orderNo}（再送・第3版）`]);
      const text = (await extractPdfText(resent[1].attachments[0].content)).text;
      expect(text).toContain('再送');
    } finally {
      smtp.beforeAccept = undefined;
    }
  });

  it('holds an order that reaches the EDI stop amount: no sheet, an order error, until staff release it', async () => {
    const order = await orderSentToMakers(api, auth, shopId, [{ makerId: mailMaker, productName: '特注一枚板テーブル', priceWithTax: 300_000 }]);
    const [held] = await until(() => sheetsOf(api, order.id), (s) => s.length === 1, 20_000, 'held sheet');
    expect(held).toEqual(expect.objectContaining({ status: 'held', hold_code: 'NAL_ORD-123', message_id: null }));
    const detail = (await api.http.get(`/api/v1/orders/${order.id}`).set('Authorization', auth).expect(200)).body.data;
    expect(detail.errors).toEqual([expect.objectContaining({ code: 'NAL_ORD-123', maker_id: mailMaker, message: expect.stringContaining('¥300,000') })]);
    await new Promise((r) => setTimeout(r, 300));
    expect(smtp.messages.filter((m) => m.subject?.includes(order.orderNo))).toHaveLength(0);

    const res = await api.http.post(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', auth).send({ maker_id: Number(mailMaker), version: order.version }).expect(202);
    expect(res.body.data.reason).toBe('release');
    const sheets = await until(() => sheetsOf(api, order.id), (s) => s[1]?.status === 'sent', 20_000, 'released sheet');
    expect(sheets[1]).toEqual(expect.objectContaining({ revision: 2, reason: 'release', resent: false }));
    const released = (await api.http.get(`/api/v1/orders/${order.id}`).set('Authorization', auth).expect(200)).body.data;
    expect(released.errors).toEqual([]);
    expect(smtp.messages.filter((m) => m.subject?.includes(order.orderNo))).toHaveLength(1);
  });

  it('holds a deferred payment over the shop’s limit', async () => {
    const limited = await shopWith(api, { npLimitAmount: 20_000 });
    const order = await createOrder(api, auth, limited, [{ makerId: mailMaker, productName: '漆塗りの盆', priceWithTax: 15_000 }], { payment_method_id: 4 });
    // The limit was met when the order was made; the shop lowers it before the order goes out.
    await api.dataSource.query(`UPDATE shops SET np_limit_amount = 10000 WHERE id = $1`, [limited]);
    await orderToMakers(api, auth, order);
    const [held] = await until(() => sheetsOf(api, order.id), (s) => s.length === 1, 20_000, 'held sheet');
    expect(held).toEqual(expect.objectContaining({ status: 'held', hold_code: 'NAL_ORD-126' }));
    const detail = (await api.http.get(`/api/v1/orders/${order.id}`).set('Authorization', auth).expect(200)).body.data;
    expect(detail.errors).toEqual([expect.objectContaining({ code: 'NAL_ORD-126', message: expect.stringContaining('¥10,000') })]);
  });

  it('lists every line with the maker on each revision: a second order to the same maker adds to it, a cancelled line leaves it', async () => {
    const order = await createOrder(api, auth, shopId, [
      { makerId: mailMaker, productName: '檜のまな板' },
      { makerId: mailMaker, productName: '竹のざる' },
      { makerId: mailMaker, productName: '栗の菓子皿' },
    ]);
    const [first, second, third] = order.lineIds.map(Number);
    const put = (command: string, version: number, lineIds: number[], extra: object = {}) =>
      api.http.put(`/api/v1/orders/${order.id}/${command}`).set('Authorization', auth).send({ version, line_ids: lineIds, ...extra }).expect(200);
    let version = (await put('order_process', order.version, [first, second])).body.data.version;
    await until(() => sheetsOf(api, order.id), (s) => s[0]?.status === 'sent', 20_000, 'first revision');
    version = (await put('cancel', version, [first], { shipping_fee: 0, fee: 0 })).body.data.version;
    await put('order_process', version, [third]);
    const sheets = await until(() => sheetsOf(api, order.id), (s) => s[1]?.status === 'sent', 20_000, 'second revision');
    expect(sheets[1]).toEqual(expect.objectContaining({ revision: 2, resent: true, reason: 'ordered' }));
    const mails = smtp.messages.filter((m) => m.subject?.includes(order.orderNo));
    expect(mails).toHaveLength(2);
    const text = (await extractPdfText(mails[1].attachments[0].content)).text.replace(/\s/g, '');
    expect(text).toContain('竹のざる');
    expect(text).toContain('栗の菓子皿');
    expect(text).not.toContain('檜のまな板');
  });

  it('answers 404 for another maker’s sheet, and NAL_ORD-133 before any sheet exists', async () => {
    const order = await orderSentToMakers(api, auth, shopId, [{ makerId: mailMaker, productName: '杉の下駄箱' }]);
    await until(() => sheetsOf(api, order.id), (s) => s[0]?.status === 'sent', 20_000, 'sheet');
    const other = await api.signedIn('maker', faxMaker);
    const { token } = (await api.http.get('/api/v1/medias/token').set('Authorization', other.auth).expect(200)).body.data;
    await api.http.get(`/api/v1/orders/${order.id}/download-order-maker?maker_id=${mailMaker}&token=${token}`).expect(404);
    await api.http.get(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', other.auth).expect(404);
    const own = await api.signedIn('maker', mailMaker);
    const mine = (await api.http.get(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', own.auth).expect(200)).body.data;
    expect(mine).toHaveLength(1);
    const { token: staffToken } = (await api.http.get('/api/v1/medias/token').set('Authorization', auth).expect(200)).body.data;
    const none = await api.http.get(`/api/v1/orders/${order.id}/download-order-maker?maker_id=${faxMaker}&token=${staffToken}`).expect(404);
    expect(none.body.error.error_code).toBe('NAL_ORD-133');
    await api.http.post(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', auth).send({ maker_id: Number(faxMaker), version: order.version }).expect(400);
    // The sheet holds the maker's live link: a role that may not record a maker's answer may not download it.
    const callCenter = await api.signedIn('call_center');
    const { token: ccToken } = (await api.http.get('/api/v1/medias/token').set('Authorization', callCenter.auth).expect(200)).body.data;
    await api.http.get(`/api/v1/orders/${order.id}/download-order-maker?maker_id=${mailMaker}&token=${ccToken}`).expect(403);
    expect((await api.http.get(`/api/v1/orders/${order.id}/order-sheets`).set('Authorization', callCenter.auth).expect(200)).body.data).toHaveLength(1);
  });
});
