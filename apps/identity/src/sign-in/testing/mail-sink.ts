import { type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  /** The raw message, headers and body, with quoted-printable soft breaks and escapes undone. */
  text: string;
}

/** A real SMTP server on a free local port that keeps what it receives, for tests to read in order. */
export class MailSink {
  private readonly received: ReceivedMail[] = [];
  private readonly waiting: Array<(mail: ReceivedMail) => void> = [];
  private readonly server: SMTPServer;
  url = '';

  private constructor() {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const to = session.envelope.rcptTo.map((rcpt) => rcpt.address);
          this.deliver({ to, text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')) });
          callback();
        });
      },
    });
  }

  static async start(): Promise<MailSink> {
    const sink = new MailSink();
    await new Promise<void>((resolve) => sink.server.listen(0, '127.0.0.1', resolve));
    const { port } = sink.server.server.address() as AddressInfo;
    sink.url = `smtp://127.0.0.1:${port}`;
    return sink;
  }

  /** The next message not taken yet, as soon as it arrives. */
  next(): Promise<ReceivedMail> {
    const mail = this.received.shift();
    if (mail) return Promise.resolve(mail);
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  /** How many arrived that nobody has taken. */
  get pending(): number {
    return this.received.length;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private deliver(mail: ReceivedMail): void {
    const waiter = this.waiting.shift();
    if (waiter) waiter(mail);
    else this.received.push(mail);
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** The token of the first link to `path` in a mail. */
export function linkToken(mail: ReceivedMail, path: string): string {
  const match = new RegExp(`${path}\\?token=([A-Za-z0-9_-]+)`).exec(mail.text);
  if (!match) throw new Error(`no ${path} link in the mail:\n${mail.text}`);
  return match[1]!;
}
