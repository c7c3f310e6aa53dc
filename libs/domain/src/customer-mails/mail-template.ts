import type { FieldIssue } from '../errors/field-rule';

/**
 * Mails to buyers come from templates staff edit in settings: a subject and a body, Japanese, with
 * placeholders written `{{name}}`. Each template knows its placeholders; a name it does not know is
 * refused when the template is saved or previewed (NAL-MAIL-001), so a mail never goes out with
 * `{{…}}` left in it.
 */
export const MAIL_TEMPLATE_KEYS = ['shipment_notice'] as const;
export type MailTemplateKey = (typeof MAIL_TEMPLATE_KEYS)[number];

export const MAIL_TEMPLATE_LIMITS = { subjectMax: 200, bodyMax: 5000 } as const;

/** The placeholders of the shipment notice, in the order the console lists them. */
export const SHIPMENT_PLACEHOLDERS = [
  'order_no',
  'buyer_name',
  'delivery_name',
  'products',
  'ship_date',
  'delivery_company',
  'tracking_code',
  'tracking_url',
  'shop_name',
] as const;
export type ShipmentPlaceholder = (typeof SHIPMENT_PLACEHOLDERS)[number];

export const MAIL_PLACEHOLDERS: Readonly<Record<MailTemplateKey, readonly string[]>> = { shipment_notice: SHIPMENT_PLACEHOLDERS };

/** What the preview fills in: a believable order, so staff read the mail as a buyer will. */
export const MAIL_SAMPLES: Readonly<Record<MailTemplateKey, Readonly<Record<string, string>>>> = {
  shipment_notice: {
    order_no: '20261120-0001234',
    buyer_name: '山田 太郎',
    delivery_name: '山田 花子',
    products: '・桐たんす 5段 × 1\n・天然木 座卓 120cm（ウォールナット） × 2',
    ship_date: '2026/11/22',
    delivery_company: 'ヤマト運輸',
    tracking_code: '123456789012',
    tracking_url: 'https://jizen.kuronekoyamato.co.jp/jizen/servlet/crjz.b.NQ0010?id=123456789012',
    shop_name: 'デモ家具店 本店',
  },
};

export function isMailTemplateKey(value: string): value is MailTemplateKey {
  return (MAIL_TEMPLATE_KEYS as readonly string[]).includes(value);
}

const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/**
 * What is wrong with the placeholders of one field: the first name the template does not know
 * (NAL-MAIL-001, with the name), else braces that do not make a placeholder (NAL-MAIL-002).
 */
export function placeholderIssues(field: string, text: string, known: readonly string[]): FieldIssue[] {
  for (const [, name] of text.matchAll(PLACEHOLDER)) {
    if (!known.includes(name)) return [{ field, errorCode: 'NAL-MAIL-001', params: { placeholder: name } }];
  }
  if (/\{\{|\}\}/.test(text.replace(PLACEHOLDER, ''))) return [{ field, errorCode: 'NAL-MAIL-002' }];
  return [];
}

/** The issues of a whole template (subject and body). */
export function templateIssues(key: MailTemplateKey, template: { subject: string; body: string }): FieldIssue[] {
  const known = MAIL_PLACEHOLDERS[key];
  return [...placeholderIssues('subject', template.subject, known), ...placeholderIssues('body', template.body, known)];
}

/** Fills the placeholders; a value the caller does not have becomes empty. */
export function fillTemplate(text: string, values: Readonly<Record<string, string>>): string {
  return text.replace(PLACEHOLDER, (_, name: string) => values[name] ?? '');
}

export function renderMail(template: { subject: string; body: string }, values: Readonly<Record<string, string>>): { subject: string; text: string } {
  // A subject is one line: a value with a line break (several products) must not split the header.
  return { subject: fillTemplate(template.subject, values).replace(/\s*[\r\n]+\s*/g, ' '), text: fillTemplate(template.body, values) };
}
