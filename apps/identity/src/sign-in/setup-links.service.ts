import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sha256Hex } from '@governance/auth';
import { type Transaction, UnitOfWork } from '@governance/messaging';
import { LOGGER, type Logger } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { PeopleRepository } from '../people/people.repository';
import { newLinkToken } from './one-time-links';
import { OneTimeLinksRepository } from './one-time-links.repository';

export interface SetupLink {
  url: string;
  expiresAt: Date;
}

/**
 * Setup links make owners: the first-start link (no organization) creates the first person and their
 * organization; an organization created by the admin API with `owner_email` gets a link bound to it and to
 * that address.
 */
@Injectable()
export class SetupLinksService implements OnApplicationBootstrap {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly links: OneTimeLinksRepository,
    private readonly people: PeopleRepository,
    private readonly mailer: Mailer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      await this.firstStart();
    } catch (error) {
      this.logger.error({ err: error }, 'first start: the setup link could not be created');
    }
  }

  /**
   * While nobody has an account, each start prints a fresh setup link (SETUP_TOKEN's, when set) and
   * retires the earlier ones: only the token stored as a digest, so the newest log line is the way in.
   * Replicas starting together each print one; the last one's works.
   */
  async firstStart(): Promise<SetupLink | undefined> {
    if (await this.people.hasUsers()) return undefined;
    const token = this.config.setupToken ?? newLinkToken().token;
    const expiresAt = await this.unitOfWork.run(async (tx) => {
      await this.links.discardFirstStartLinks(tx.manager);
      return this.links.insert(
        {
          tokenSha256: sha256Hex(token),
          purpose: 'setup',
          organizationId: null,
          userId: null,
          email: null,
          ttlMs: this.config.setupLinkTtlMs,
        },
        tx.manager,
      );
    });
    const url = this.url(token);
    this.logger.warn(
      { setup_url: url, expires_at: expiresAt.toISOString() },
      `First start: open ${url} to create the first owner`,
    );
    return { url, expiresAt };
  }

  /** A link that makes `email` the owner of `organizationId`, in the caller's transaction. */
  async issueOwnerLink(tx: Transaction, organizationId: string, email: string): Promise<SetupLink> {
    const { token, tokenSha256 } = newLinkToken();
    const expiresAt = await this.links.insert(
      {
        tokenSha256,
        purpose: 'setup',
        organizationId,
        userId: null,
        email,
        ttlMs: this.config.setupLinkTtlMs,
      },
      tx.manager,
    );
    return { url: this.url(token), expiresAt };
  }

  /** Whether the mail went out; the admin is shown the link either way. */
  mailOwnerLink(email: string, organizationName: string, link: SetupLink): Promise<boolean> {
    return this.mailer.send({
      to: email,
      subject: `You are the owner of ${organizationName}`,
      text: [
        'Hello,',
        '',
        `The organization ${organizationName} was created for you on AI Governance, with you as its owner.`,
        `Open this link to set up your account; it works once, until ${link.expiresAt.toISOString()}:`,
        '',
        link.url,
      ].join('\n'),
    });
  }

  private url(token: string): string {
    return `${this.config.publicUrl}/setup?token=${token}`;
  }
}
