import { ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A real SMTP server (the `smtp-server` package) on a free port that keeps what it receives. */
export class SmtpSink {
  private constructor(
    private readonly server: SMTPServer,
    readonly port: number,
    readonly messages: ParsedMail[],
    private readonly waiters: (() => void)[],
  ) {}

  static async start(): Promise<SmtpSink> {
    const received: ParsedMail[] = [];
    const waiters: (() => void)[] = [];
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, _session, callback) {
        simpleParser(stream)
          .then((mail) => {
            received.push(mail);
            waiters.splice(0).forEach((wake) => wake());
            callback();
          })
          .catch(callback);
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    return new SmtpSink(server, port, received, waiters);
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
