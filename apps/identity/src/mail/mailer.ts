import { type Logger } from '@governance/platform';
import { createTransport, type Transporter } from 'nodemailer';
import { type IdentityConfig } from '../config';

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends the emails people get (invitations, password resets, setup links). `send` answers whether the mail
 * went out; when no SMTP server is configured it goes nowhere (its links never reach the log), and callers
 * show the link to whoever asked (an admin inviting someone, the operator), since nobody else will see it.
 */
export abstract class Mailer {
  abstract readonly configured: boolean;
  abstract send(mail: Mail): Promise<boolean>;
}

class SmtpMailer extends Mailer {
  readonly configured = true;
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
    private readonly logger: Logger,
  ) {
    super();
    this.transport = createTransport(url);
  }

  async send(mail: Mail): Promise<boolean> {
    try {
      await this.transport.sendMail({ from: this.from, ...mail });
      return true;
    } catch (error) {
      // The change that asked for the mail stands; the link can be sent again.
      this.logger.warn({ err: error, to: mail.to, subject: mail.subject }, 'email not sent');
      return false;
    }
  }
}

class LogMailer extends Mailer {
  readonly configured = false;

  constructor(private readonly logger: Logger) {
    super();
  }

  /** Its text is not logged: its links are live credentials, and the caller hands them to whoever asked. */
  send(mail: Mail): Promise<boolean> {
    this.logger.info({ to: mail.to, subject: mail.subject }, 'email not sent: SMTP_URL is not set');
    return Promise.resolve(false);
  }
}

export function createMailer(config: Pick<IdentityConfig, 'smtpUrl' | 'mailFrom'>, logger: Logger): Mailer {
  return config.smtpUrl ? new SmtpMailer(config.smtpUrl, config.mailFrom, logger) : new LogMailer(logger);
}
