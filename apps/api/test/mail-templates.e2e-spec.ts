import { SHIPMENT_PLACEHOLDERS } from '@oms/domain';
import { DEFAULT_SHIPMENT_NOTICE } from '../../../migrations/src/1763900000000-shipment-mails';
import { expectErrorEnvelope, TestApp, useTestApi } from './support/test-app';

type Auth = Awaited<ReturnType<TestApp['signedIn']>>;

/** Settings' mail templates: the shipment notice staff edit, its limits and placeholders, and its preview. */
describe('mail templates (settings)', () => {
  const ctx = useTestApi();
  let admin: Auth;
  let operator: Auth;
  const path = '/api/v1/settings/mail_templates';

  beforeAll(async () => {
    admin = await ctx.api.signedIn('approver');
    operator = await ctx.api.signedIn('operator');
  });

  const list = async (auth = admin) => (await ctx.api.http.get(path).set('Authorization', auth.auth).expect(200)).body.data;
  const put = (body: object, key = 'shipment_notice') => ctx.api.http.put(`${path}/${key}`).set('Authorization', admin.auth).send(body);
  const preview = (body: object, auth = operator, key = 'shipment_notice') => ctx.api.http.post(`${path}/${key}/preview`).set('Authorization', auth.auth).send(body);
  const stored = async () => (await ctx.api.dataSource.query(`SELECT subject, body, version FROM mail_templates WHERE key = 'shipment_notice'`))[0];

  it('starts from the default shipment notice the migration made, with the placeholders it knows', async () => {
    const [notice] = await list(operator);
    expect(notice).toMatchObject({ key: 'shipment_notice', subject: DEFAULT_SHIPMENT_NOTICE.subject, body: DEFAULT_SHIPMENT_NOTICE.body, version: 1, updated_by_name: null });
    expect(notice.placeholders).toEqual([...SHIPMENT_PLACEHOLDERS]);
    for (const name of SHIPMENT_PLACEHOLDERS) expect(`${notice.subject}\n${notice.body}`).toContain(`{{${name}}}`);
  });

  it('previews a draft with a sample order, saving nothing', async () => {
    const res = await preview({ subject: '【{{shop_name}}】{{order_no}} 発送のお知らせ', body: '{{buyer_name}} 様\n{{products}}\n追跡: {{tracking_url}}' }).expect(200);
    expect(res.body.data).toEqual({
      subject: '【デモ家具店 本店】20261120-0001234 発送のお知らせ',
      text: '山田 太郎 様\n・桐たんす 5段 × 1\n・天然木 座卓 120cm（ウォールナット） × 2\n追跡: https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=123456789012',
    });
    expect((await stored()).version).toBe(1);
  });

  it('saves an edit with the version it read, and refuses a stale one (NAL-MAIL-003)', async () => {
    const body = 'ご注文 {{order_no}} を発送しました。\n{{tracking_url}}';
    const res = await put({ subject: '発送のお知らせ {{order_no}}', body, version: 1 }).expect(200);
    expect(res.body.data).toMatchObject({ subject: '発送のお知らせ {{order_no}}', body, version: 2, updated_by_name: 'Test approver' });
    expectErrorEnvelope((await put({ subject: '古い版', body: '古い版', version: 1 }).expect(400)).body, 'NAL-MAIL-003');
    expect(await stored()).toEqual({ subject: '発送のお知らせ {{order_no}}', body, version: 2 });
  });

  it('refuses a placeholder it does not know, by name, on save and on preview (422), and changes nothing', async () => {
    const before = await stored();
    const saved = await put({ subject: '{{order_number}} 発送', body: 'お届け: {{delivery_name}} {{price}}', version: before.version }).expect(422);
    expect(saved.body.error.errors).toEqual([
      { field: 'subject', error_code: 'NAL-MAIL-001', params: { placeholder: 'order_number' } },
      { field: 'body', error_code: 'NAL-MAIL-001', params: { placeholder: 'price' } },
    ]);
    const previewed = await preview({ subject: '発送', body: 'ご注文 {{order_no' }).expect(422);
    expect(previewed.body.error.errors).toEqual([{ field: 'body', error_code: 'NAL-MAIL-002' }]);
    expect(await stored()).toEqual(before);
  });

  it('limits the subject to 200 characters on one line and the body to 5,000, both required', async () => {
    const { version } = await stored();
    expect((await preview({ subject: '件'.repeat(200), body: '本'.repeat(5000) })).status).toBe(200);
    const long = await put({ subject: '件'.repeat(201), body: '本'.repeat(5001), version }).expect(422);
    expect(long.body.error.errors).toEqual([
      { field: 'subject', error_code: 'max_length', params: { max: 200 } },
      { field: 'body', error_code: 'max_length', params: { max: 5000 } },
    ]);
    const twoLines = await put({ subject: '発送\nBcc: someone@example.com', body: '本文', version }).expect(422);
    expect(twoLines.body.error.errors).toEqual([{ field: 'subject', error_code: 'invalid' }]);
    const empty = await put({ subject: '  ', body: null, version }).expect(422);
    expect(empty.body.error.errors.map((e: { field: string; error_code: string }) => [e.field, e.error_code])).toEqual([
      ['subject', 'required'],
      ['body', 'required'],
    ]);
    expect((await stored()).version).toBe(version);
  });

  it('answers 404 for a template that does not exist, and 403 when the role may not write settings', async () => {
    await put({ subject: 's', body: 'b', version: 1 }, 'welcome_mail').expect(404);
    await preview({ subject: 's', body: 'b' }, operator, 'welcome_mail').expect(404);
    await ctx.api.http.put(`${path}/shipment_notice`).set('Authorization', operator.auth).send({ subject: 's', body: 'b', version: 1 }).expect(403);
  });
});
