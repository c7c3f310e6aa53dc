import { japanDateTime } from '../calendar/japan-date';
import type { DateText } from '../text/dates';
import { CustomerInquiryKind, FormLanguage, PICKUP_SLOTS, RETURN_METHOD, RETURN_REQUEST } from './customer-inquiry';

/**
 * The two mails an inquiry from a public form makes (issue 16): the customer's acknowledgement, in the
 * language the form was filled in, and the staff's notice, in Japanese. Text only: the workers load the
 * inquiry, render with these and send. The bank account of a refund is never in them (it is not mailed).
 */

/** What the mails say of one inquiry (no bank details: the reader does not load them). */
export interface InquiryMailFacts {
  reference: string;
  kind: CustomerInquiryKind;
  language: FormLanguage;
  name: string;
  title: string;
  content: string;
  product: string | null;
  orderNo: string | null;
  shopName: string | null;
  /** The shop's contact e-mail: the acknowledgement's Reply-To, so the customer's answer reaches the shop (null: not answerable). */
  shopContactEmail: string | null;
  receivedAt: Date;
  /** The reply deadline fixed when it arrived (customer-inquiry.ts replyDueAt). */
  replyDueAt: Date;
  returnRequest: number | null;
  returnMethod: number | null;
  desiredDates: string | null;
  pickupDate: DateText | null;
  pickupSlot: number | null;
}

export interface InquiryMail {
  subject: string;
  text: string;
}

const WEEKDAYS = { ja: ['日', '月', '火', '水', '木', '金', '土'], en: ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'] } as const;
const MONTHS_EN = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A calendar date as a customer reads it: 2026年11月27日（金） / Fri, 27 Nov 2026. */
export function mailDate(date: DateText, language: FormLanguage): string {
  const [year, month, day] = date.split('-').map(Number);
  const weekday = WEEKDAYS[language][new Date(Date.UTC(year, month - 1, day)).getUTCDay()];
  return language === 'ja' ? `${year}年${month}月${day}日（${weekday}）` : `${weekday}, ${day} ${MONTHS_EN[month - 1]} ${year}`;
}

/** A moment's Japan date and minute: 2026年11月20日（金）14:05 / Fri, 20 Nov 2026 14:05 (Japan time). */
export function mailJapanDateTime(moment: Date, language: FormLanguage): string {
  const japan = japanDateTime(moment);
  const date = mailDate(japan.slice(0, 10), language);
  return language === 'ja' ? `${date}${japan.slice(11, 16)}` : `${date} ${japan.slice(11, 16)} (Japan time)`;
}

const TEXTS = {
  ja: {
    subject: { inquiry: 'お問い合わせを受け付けました', return: '返品・交換のご依頼を受け付けました' },
    subjectLine: (shop: string | null, what: string, reference: string) => `${shop ? `【${shop}】` : ''}${what}（受付番号 ${reference}）`,
    greeting: (name: string) => `${name} 様`,
    thanks: (shop: string | null, kind: CustomerInquiryKind) =>
      `${shop ? `${shop}へ` : ''}${kind === 'return' ? '返品・交換のご依頼' : 'お問い合わせ'}をいただき、ありがとうございます。\n以下の内容で受け付けました。担当者より改めてご連絡いたします。`,
    reference: '受付番号',
    receivedAt: '受付日時',
    replyBy: 'ご返信の目安',
    replyByValue: (date: string) => `${date}まで`,
    replyRule: '平日10:00〜17:00に受け付けたお問い合わせには24時間以内に、それ以外の時間（土日祝日・休業日を含む）に受け付けたものには翌営業日中にご返信いたします。',
    requestHeading: '■ ご依頼の内容',
    request: '返品・交換',
    requests: { [RETURN_REQUEST.exchange]: '交換', [RETURN_REQUEST.return]: '返品' } as Record<number, string>,
    method: '返送方法',
    methods: { [RETURN_METHOD.pickup]: '集荷（運送会社が伺います）', [RETURN_METHOD.customerSends]: 'お客様からのご返送' } as Record<number, string>,
    pickupDate: '集荷日',
    pickupSlot: '集荷時間帯',
    orderNo: '注文番号',
    footer: (replyable: boolean) =>
      replyable
        ? 'このメールにご返信いただくと、担当者に届きます。お問い合わせの際は受付番号をお書き添えください。'
        : 'このメールは送信専用のアドレスからお送りしています。お問い合わせの際は受付番号をお書き添えください。',
  },
  en: {
    subject: { inquiry: 'We have received your inquiry', return: 'We have received your return/exchange request' },
    subjectLine: (shop: string | null, what: string, reference: string) => `${shop ? `[${shop}] ` : ''}${what} (reference ${reference})`,
    greeting: (name: string) => `Dear ${name},`,
    thanks: (shop: string | null, kind: CustomerInquiryKind) =>
      `Thank you for ${kind === 'return' ? 'your return/exchange request' : 'contacting us'}${shop ? ` (${shop})` : ''}.\nWe have received it as below; a member of our staff will get back to you.`,
    reference: 'Reference number',
    receivedAt: 'Received',
    replyBy: 'Expected reply',
    replyByValue: (date: string) => `by ${date}`,
    replyRule:
      'Inquiries received on weekdays between 10:00 and 17:00 (Japan time) are answered within 24 hours; those received at other times (including weekends, holidays and days we are closed) on the next business day.',
    requestHeading: '■ Your request',
    request: 'Exchange or return',
    requests: { [RETURN_REQUEST.exchange]: 'Exchange', [RETURN_REQUEST.return]: 'Return' } as Record<number, string>,
    method: 'How the goods come back',
    methods: { [RETURN_METHOD.pickup]: 'Pickup by the carrier', [RETURN_METHOD.customerSends]: 'You send them to us' } as Record<number, string>,
    pickupDate: 'Pickup date',
    pickupSlot: 'Pickup time',
    orderNo: 'Order number',
    footer: (replyable: boolean) =>
      replyable
        ? 'You may reply to this mail; it reaches our staff. Please quote the reference number when you contact us.'
        : 'This mail was sent from an address that does not receive replies. Please quote the reference number when you contact us.',
  },
} as const;

/** `label: value` lines for the values given (a missing one is left out). */
const fields = (rows: ReadonlyArray<readonly [string, string | null | undefined]>): string[] =>
  rows.filter(([, value]) => value != null && value !== '').map(([label, value]) => `${label}: ${value}`);

/** A subject is one line: a title typed with a line break must not split the header. */
const oneLine = (text: string): string => text.replace(/\s*[\r\n]+\s*/g, ' ');

const indented = (text: string): string[] => text.split(/\r?\n/).map((line) => (line ? `  ${line}` : ''));

const returnLines = (f: InquiryMailFacts, t: (typeof TEXTS)[FormLanguage]): string[] => {
  if (f.kind !== 'return') return [];
  const pickup = f.returnMethod === RETURN_METHOD.pickup;
  return [
    '',
    t.requestHeading,
    ...fields([
      [t.request, f.returnRequest ? t.requests[f.returnRequest] : null],
      [t.method, f.returnMethod ? t.methods[f.returnMethod] : null],
      [t.pickupDate, pickup && f.pickupDate ? mailDate(f.pickupDate, f.language) : null],
      [t.pickupSlot, pickup && f.pickupSlot ? PICKUP_SLOTS[f.pickupSlot as keyof typeof PICKUP_SLOTS] : null],
    ]),
  ];
};

/**
 * The customer's acknowledgement: the reference number, when it was received (Japan time), when a reply
 * can be expected (SPEC.md §9's rule and the deadline's date), the order (found for the sender) and a
 * return's details. Nothing else the sender typed is repeated (the title, the message, the product, the
 * wished dates): the address is not verified, and a form that mails its own text to any address would
 * carry anyone's text, under the shop's name, to anyone.
 */
export function acknowledgementMail(f: InquiryMailFacts): InquiryMail {
  const t = TEXTS[f.language];
  const due = mailDate(japanDateTime(f.replyDueAt).slice(0, 10), f.language);
  const text = [
    t.greeting(f.name),
    '',
    t.thanks(f.shopName, f.kind),
    '',
    ...fields([
      [t.reference, f.reference],
      [t.receivedAt, mailJapanDateTime(f.receivedAt, f.language)],
      [t.replyBy, t.replyByValue(due)],
    ]),
    ...indented(t.replyRule),
    ...fields([[t.orderNo, f.orderNo]]),
    ...returnLines(f, t),
    '',
    t.footer(f.shopContactEmail !== null),
    ...(f.shopName ? ['', f.shopName] : []),
    '',
  ].join('\n');
  return { subject: oneLine(t.subjectLine(f.shopName, t.subject[f.kind], f.reference)), text };
}

const KIND_JA: Record<CustomerInquiryKind, string> = { inquiry: 'お問い合わせ', return: '返品・交換のご依頼' };

/** The staff's notice (Japanese): what came in, from whom, for which shop, and the console page to answer it from. */
export function staffNoticeMail(f: InquiryMailFacts, consolePage: string): InquiryMail {
  const text = [
    `お客様から${KIND_JA[f.kind]}が届きました。`,
    '',
    ...fields([
      ['受付番号', f.reference],
      ['種別', KIND_JA[f.kind]],
      ['お名前', `${f.name} 様`],
      ['ショップ', f.shopName ?? '（指定なし）'],
      ['件名', f.title],
      ['受付日時', mailJapanDateTime(f.receivedAt, 'ja')],
      ['返信期限', mailJapanDateTime(f.replyDueAt, 'ja')],
    ]),
    '',
    '内容の確認と対応は管理画面から:',
    consolePage,
    '',
  ].join('\n');
  return { subject: oneLine(`【${f.kind === 'return' ? '返品・交換依頼' : 'お問い合わせ'}】${f.reference} ${f.title}`), text };
}
