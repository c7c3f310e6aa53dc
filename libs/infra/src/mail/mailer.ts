import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';

/**
 * Mail templates live as files beside the package: `templates/mail/<locale>/<name>.txt` (Japanese
 * and English), or `templates/mail/<name>.txt` for one mail in both languages. A `Subject:` line, then the body.
 */
const TEMPLATE_DIR = join(__dirname, '..', '..', 'templates', 'mail');

export type MailLocale = 'ja' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
}

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export function renderMailTemplate(name: string, vars: Record<string, string>, locale?: MailLocale): RenderedMail {
  const source = readFileSync(join(TEMPLATE_DIR, locale ?? '', `${name}.txt`), 'utf8');
  const [first, ...rest] = source.split('\n');
  if (!first.startsWith('Subject: ')) throw new Error(`mail template ${name} must start with a Subject: line`);
  const fill = (s: string) =>
    s.replace(/\{\{(\w+)\}\}/g, (_, key: string) => {
      if (!(key in vars)) throw new Error(`mail template ${name} needs ${key}`);
      return vars[key];
    });
  return { subject: fill(first.slice('Subject: '.length)), text: fill(rest.join('\n')) };
}

/** Bounded waits: a stuck SMTP server fails the job (which retries) instead of holding it for minutes. */
export function createMailTransport(smtpUrl: string): Transporter {
  const url = new URL(smtpUrl);
  url.searchParams.set('connectionTimeout', url.searchParams.get('connectionTimeout') ?? '10000');
  url.searchParams.set('greetingTimeout', url.searchParams.get('greetingTimeout') ?? '10000');
  url.searchParams.set('socketTimeout', url.searchParams.get('socketTimeout') ?? '30000');
  return nodemailer.createTransport(url.toString());
}

/**
 * Sends one mail. `messageId`, when given, is fixed by the caller (e.g. one per order sheet
 * revision), so a copy that a crash made go twice can be recognised as the same message;
 * `replyTo` is where replies go.
 */
export async function sendMail(
  transport: Transporter,
  from: string,
  to: string,
  mail: RenderedMail,
  extra: { attachments?: MailAttachment[]; messageId?: string; replyTo?: string | null } = {},
): Promise<{ messageId: string }> {
  const info = await transport.sendMail({
    from,
    to,
    subject: mail.subject,
    text: mail.text,
    attachments: extra.attachments,
    messageId: extra.messageId,
    // Mail goes out from a no-reply sender; a reply reaches whoever the mail names (a shop's contact).
    ...(extra.replyTo ? { replyTo: extra.replyTo } : {}),
  });
  return { messageId: info.messageId };
}

/** A Message-ID of our own for a key, in the sender's domain (RFC 5322 wants a domain on the right). */
export function ownMessageId(key: string, from: string): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'oms.local';
  return `<${key}@${domain}>`;
}
