import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface SmtpSinkOptions {
  /**
   * Runs after a message is read and before the server answers 250; throwing answers 451 instead
   * (the message is then not kept): tests stage an outage, or act at the moment a mail is accepted.
   */
  beforeAccept?: (mail: ParsedMail) => Promise<void> | void;
}

/** A real SMTP server (the `smtp-server` package) on a free port that keeps what it receives. */
export class SmtpSink {
  private options: SmtpSinkOptions = {};

  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly messages: ParsedMail[],
    private readonly waiters: (() => void)[],
  ) {}

  static async start(options: SmtpSinkOptions = {}): Promise<SmtpSink> {
    const received: ParsedMail[] = [];
    const waiters: (() => void)[] = [];
    let sink: SmtpSink | null = null;
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then(async (mail) => {
            try {
              await sink?.options.beforeAccept?.(mail);
            } catch (error) {
              return callback(Object.assign(new Error(`451 ${(error as Error).message}`), { responseCode: 451 }));
            }
            received.push(mail);
            waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    sink = new SmtpSink(server, port, received, waiters);
    sink.options = options;
    return sink;
  }

  /** Changes what happens before each message is accepted (see SmtpSinkOptions). */
  set beforeAccept(hook: SmtpSinkOptions['beforeAccept']) {
    this.options = { ...this.options, beforeAccept: hook };
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Waits until a message to `address` has arrived (or the timeout passes). */
  async waitFor(address: string, timeoutMs = 15_000): Promise<ParsedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.to(address)[0];
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no mail to ${address} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  to(address: string): ParsedMail[] {
    const recipients = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
    return this.messages.filter((m) => recipients(m).includes(address));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
