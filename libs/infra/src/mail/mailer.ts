import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import nodemailer, { Transporter } from 'nodemailer';

/** Mail templates live as files beside the package (`templates/mail/*.txt`): a `Subject:` line, then the body. */
const TEMPLATE_DIR = join(__dirname, '..', '..', 'templates', 'mail');

export interface RenderedMail {
  subject: string;
  text: string;
}

export function renderMailTemplate(name: string, vars: Record<string, string>): RenderedMail {
  const source = readFileSync(join(TEMPLATE_DIR, `${name}.txt`), 'utf8');
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

export async function sendMail(
  transport: Transporter,
  from: string,
  to: string,
  mail: RenderedMail,
): Promise<{ messageId: string }> {
  const info = await transport.sendMail({ from, to, subject: mail.subject, text: mail.text });
  return { messageId: info.messageId };
}
