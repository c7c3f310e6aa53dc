import { fillTemplate, MAIL_PLACEHOLDERS, MAIL_SAMPLES, placeholderIssues, renderMail, SHIPMENT_PLACEHOLDERS, templateIssues } from './mail-template';
import { productLines, shipmentNoticeRecipient, shipmentNoticeValues } from './shipment-notice';
import { isTrackingUrlTemplate, trackingLink } from './tracking-link';

describe('tracking links', () => {
  const yamato = 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id={code}';

  it('puts the tracking code where the template says, URL-encoded', () => {
    expect(trackingLink(yamato, '1234-5678-9012')).toBe('https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=1234-5678-9012');
    expect(trackingLink('https://t.example/{code}?again={code}', 'A B&C')).toBe('https://t.example/A%20B%26C?again=A%20B%26C');
  });

  it('has no link without a code or a template', () => {
    expect(trackingLink(yamato, null)).toBeNull();
    expect(trackingLink(yamato, '  ')).toBeNull();
    expect(trackingLink(null, '123')).toBeNull();
  });

  it('opens a template stored before {code} was required as it is', () => {
    expect(trackingLink('https://carrier.example/search', '123')).toBe('https://carrier.example/search');
  });

  it.each<[string, boolean]>([
    [yamato, true],
    ['https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={code}', true],
    ['https://carrier.example/search', false],
    ['https://carrier.example/?no={code}&shop={shop}', false],
    ['https://carrier.example/?no={code', false],
    ['https://carrier.example/?no={CODE}', false],
  ])('a template %s is usable: %s', (template, ok) => {
    expect(isTrackingUrlTemplate(template)).toBe(ok);
  });
});

describe('mail templates', () => {
  const known = MAIL_PLACEHOLDERS.shipment_notice;

  it('accepts every placeholder it knows, with or without spaces inside the braces', () => {
    expect(placeholderIssues('body', SHIPMENT_PLACEHOLDERS.map((p) => `{{${p}}}`).join(' '), known)).toEqual([]);
    expect(placeholderIssues('body', '{{ order_no }} と {{tracking_url}}', known)).toEqual([]);
  });

  it('names the first placeholder it does not know (NAL-MAIL-001)', () => {
    expect(placeholderIssues('subject', '{{order_no}} {{orderNo}} {{price}}', known)).toEqual([{ field: 'subject', errorCode: 'NAL-MAIL-001', params: { placeholder: 'orderNo' } }]);
    expect(placeholderIssues('body', '{{}}', known)).toEqual([{ field: 'body', errorCode: 'NAL-MAIL-001', params: { placeholder: '' } }]);
  });

  it('refuses braces that make no placeholder (NAL-MAIL-002), not single braces', () => {
    expect(placeholderIssues('body', 'ご注文 {{order_no', known)).toEqual([{ field: 'body', errorCode: 'NAL-MAIL-002' }]);
    expect(placeholderIssues('body', 'order_no}} です', known)).toEqual([{ field: 'body', errorCode: 'NAL-MAIL-002' }]);
    expect(placeholderIssues('body', '{ 単独の括弧 } は文字のまま', known)).toEqual([]);
  });

  it('checks subject and body of a template', () => {
    expect(templateIssues('shipment_notice', { subject: '{{nope}}', body: '{{order_no' }).map((i) => [i.field, i.errorCode])).toEqual([
      ['subject', 'NAL-MAIL-001'],
      ['body', 'NAL-MAIL-002'],
    ]);
  });

  it('fills the placeholders, and keeps the subject on one line', () => {
    expect(fillTemplate('{{ buyer_name }} 様 {{order_no}}', { buyer_name: '山田 太郎', order_no: 'A-1' })).toBe('山田 太郎 様 A-1');
    expect(fillTemplate('[{{missing}}]', {})).toBe('[]');
    expect(renderMail({ subject: '発送: {{products}}', body: '{{products}}' }, { products: '・机 × 1\n・椅子 × 2' })).toEqual({
      subject: '発送: ・机 × 1 ・椅子 × 2',
      text: '・机 × 1\n・椅子 × 2',
    });
  });

  it('has a sample value for every placeholder, for the preview', () => {
    expect(Object.keys(MAIL_SAMPLES.shipment_notice).sort()).toEqual([...SHIPMENT_PLACEHOLDERS].sort());
  });
});

describe('the shipment notice', () => {
  it('goes to the buyer when the order says send and there is an address', () => {
    expect(shipmentNoticeRecipient({ sendMailFlag: 1, buyerEmail: ' taro@example.jp ' })).toEqual({ to: 'taro@example.jp' });
    expect(shipmentNoticeRecipient({ sendMailFlag: 0, buyerEmail: 'taro@example.jp' })).toEqual({ skipped: 'flag_off' });
    expect(shipmentNoticeRecipient({ sendMailFlag: 1, buyerEmail: null })).toEqual({ skipped: 'no_email' });
    expect(shipmentNoticeRecipient({ sendMailFlag: 1, buyerEmail: '' })).toEqual({ skipped: 'no_email' });
  });

  it('lists the products with their options, one line each', () => {
    expect(productLines([{ productName: '桐たんす', amount: 1 }, { productName: '座卓', amount: 2, option1: 'ウォールナット', option2: '120cm' }])).toBe(
      '・桐たんす × 1\n・座卓（ウォールナット／120cm） × 2',
    );
  });

  it('gives every placeholder a value, the link made from the company’s template', () => {
    const values = shipmentNoticeValues({
      orderNo: '20261120-0000001',
      buyerName: '山田 太郎',
      deliveryName: '山田 花子',
      shopName: 'デモ家具店',
      lines: [{ productName: '桐たんす', amount: 1 }],
      shipDate: '2026-11-22',
      deliveryCompany: '佐川急便',
      trackingUrlTemplate: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo={code}',
      trackingCode: '400012345678',
    });
    expect(Object.keys(values).sort()).toEqual([...SHIPMENT_PLACEHOLDERS].sort());
    expect(values).toMatchObject({ ship_date: '2026/11/22', tracking_url: 'https://k2k.sagawa-exp.co.jp/p/web/okurijosearch.do?okurijoNo=400012345678', products: '・桐たんす × 1' });
    expect(shipmentNoticeValues({ orderNo: 'X', buyerName: 'B', deliveryName: 'D', shopName: 'S', lines: [], shipDate: null, deliveryCompany: null, trackingUrlTemplate: null, trackingCode: null })).toMatchObject({
      ship_date: '',
      delivery_company: '',
      tracking_url: '',
    });
  });
});
