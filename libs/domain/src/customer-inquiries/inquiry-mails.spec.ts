import { DEFAULT_YEAR_END_CLOSING } from '../calendar/business-days';
import { replyDueAt } from './customer-inquiry';
import { acknowledgementMail, InquiryMailFacts, mailDate, mailJapanDateTime, staffNoticeMail } from './inquiry-mails';

// Friday 20 November 2026, 16:59 in Japan; Monday the 23rd is Labour Thanksgiving Day, so the reply is due Tuesday the 24th.
const received = new Date('2026-11-20T07:59:00Z');

const inquiry: InquiryMailFacts = {
  reference: 'Q7K2M9XP',
  kind: 'inquiry',
  language: 'ja',
  name: '山田 太郎',
  title: '桐たんすの納期について',
  content: '納期を教えてください。\n\n急ぎではありません。',
  product: '桐たんす 5段',
  orderNo: null,
  shopName: 'デモ家具店 本店',
  shopContactEmail: 'support@demo-kagu.example.jp',
  receivedAt: received,
  replyDueAt: replyDueAt(received, DEFAULT_YEAR_END_CLOSING),
  returnRequest: null,
  returnMethod: null,
  desiredDates: null,
  pickupDate: null,
  pickupSlot: null,
};

const returnRequest: InquiryMailFacts = {
  ...inquiry,
  kind: 'return',
  title: '返品の依頼',
  content: 'サイズが合いませんでした。',
  orderNo: '20261101-0000123',
  returnRequest: 2,
  returnMethod: 1,
  pickupDate: '2026-11-27',
  pickupSlot: 2,
};

describe('dates in customer mails', () => {
  it.each<[string, 'ja' | 'en', string]>([
    ['2026-11-27', 'ja', '2026年11月27日（金）'],
    ['2026-11-27', 'en', 'Fri, 27 Nov 2026'],
    ['2027-01-04', 'ja', '2027年1月4日（月）'],
    ['2027-01-04', 'en', 'Mon, 4 Jan 2027'],
  ])('%s in %s is %s', (date, language, text) => {
    expect(mailDate(date, language)).toBe(text);
  });

  it('writes a moment in Japan time, across the date line from UTC', () => {
    expect(mailJapanDateTime(new Date('2026-11-20T15:30:00Z'), 'ja')).toBe('2026年11月21日（土）00:30');
    expect(mailJapanDateTime(new Date('2026-11-20T15:30:00Z'), 'en')).toBe('Sat, 21 Nov 2026 00:30 (Japan time)');
  });
});

describe('the acknowledgement', () => {
  it('in Japanese: the reference, when it arrived and when to expect a reply; none of the text they typed', () => {
    const mail = acknowledgementMail(inquiry);
    expect(mail.subject).toBe('【デモ家具店 本店】お問い合わせを受け付けました（受付番号 Q7K2M9XP）');
    expect(mail.text).toContain('山田 太郎 様');
    expect(mail.text).toContain('受付番号: Q7K2M9XP');
    expect(mail.text).toContain('受付日時: 2026年11月20日（金）16:59');
    expect(mail.text).toContain('ご返信の目安: 2026年11月24日（火）まで');
    expect(mail.text).toContain('平日10:00〜17:00に受け付けたお問い合わせには24時間以内に');
    for (const typed of ['桐たんすの納期について', '桐たんす 5段', '納期を教えてください。']) expect(mail.text).not.toContain(typed);
    expect(mail.text).not.toContain('注文番号');
    expect(mail.text).not.toContain('ご依頼の内容');
  });

  it('in English for a form filled in English', () => {
    const mail = acknowledgementMail({ ...inquiry, language: 'en', name: 'Jane Smith', shopName: 'Demo Furniture', title: 'Delivery time', content: 'When would it arrive?', product: 'Paulownia chest' });
    expect(mail.subject).toBe('[Demo Furniture] We have received your inquiry (reference Q7K2M9XP)');
    expect(mail.text).toContain('Dear Jane Smith,');
    expect(mail.text).toContain('Reference number: Q7K2M9XP');
    expect(mail.text).toContain('Received: Fri, 20 Nov 2026 16:59 (Japan time)');
    expect(mail.text).toContain('Expected reply: by Tue, 24 Nov 2026');
    expect(mail.text).toContain('answered within 24 hours');
    expect(mail.text).toContain('You may reply to this mail');
    expect(mail.text).not.toMatch(/[ぁ-んァ-ン]/);
  });

  it('a return request says return or exchange, how the goods come back, and the pickup date and slot', () => {
    const ja = acknowledgementMail(returnRequest).text;
    expect(acknowledgementMail(returnRequest).subject).toBe('【デモ家具店 本店】返品・交換のご依頼を受け付けました（受付番号 Q7K2M9XP）');
    expect(ja).toContain('■ ご依頼の内容\n返品・交換: 返品\n返送方法: 集荷（運送会社が伺います）\n集荷日: 2026年11月27日（金）\n集荷時間帯: 14:00-16:00');
    expect(ja).toContain('注文番号: 20261101-0000123');
    const en = acknowledgementMail({ ...returnRequest, language: 'en', returnRequest: 1 }).text;
    expect(en).toContain('Exchange or return: Exchange\nHow the goods come back: Pickup by the carrier\nPickup date: Fri, 27 Nov 2026\nPickup time: 14:00-16:00');
  });

  it('has no pickup for goods the customer sends, and repeats no wished dates they typed', () => {
    const text = acknowledgementMail({ ...returnRequest, returnMethod: 2, desiredDates: '12月上旬' }).text;
    expect(text).toContain('返送方法: お客様からのご返送');
    expect(text).not.toContain('12月上旬');
    expect(text).not.toContain('集荷日');
  });

  it('does without a shop, and says when a reply to it reaches nobody', () => {
    const mail = acknowledgementMail({ ...inquiry, shopName: null, shopContactEmail: null });
    expect(mail.text).toContain('送信専用のアドレス');
    expect(mail.subject).toBe('お問い合わせを受け付けました（受付番号 Q7K2M9XP）');
    expect(mail.text.startsWith('山田 太郎 様\n\nお問い合わせをいただき')).toBe(true);
  });
});

describe("the staff's notice", () => {
  it('names the reference, kind, customer, shop and title, and links to the console page', () => {
    const mail = staffNoticeMail({ ...returnRequest, title: '返品の\n依頼' }, 'https://oms.example.jp/customer-inquiries/42');
    expect(mail.subject).toBe('【返品・交換依頼】Q7K2M9XP 返品の 依頼');
    expect(mail.text).toContain('受付番号: Q7K2M9XP\n種別: 返品・交換のご依頼\nお名前: 山田 太郎 様\nショップ: デモ家具店 本店');
    expect(mail.text).toContain('返信期限: 2026年11月24日（火）16:59');
    expect(mail.text).toContain('https://oms.example.jp/customer-inquiries/42');
    expect(staffNoticeMail(inquiry, 'x').subject).toBe('【お問い合わせ】Q7K2M9XP 桐たんすの納期について');
  });
});
