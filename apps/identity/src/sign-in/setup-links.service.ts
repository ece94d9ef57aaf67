import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { sha256Hex } from '@governance/auth';
import { type Transaction, UnitOfWork } from '@governance/messaging';
import { LOGGER, type Logger, StartupNotices } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { PeopleRepository } from '../people/people.repository';
import { newLinkToken } from './one-time-links';
import { OneTimeLinksRepository } from './one-time-links.repository';

const FIRST_START_NOTICE = 'first-start-link';

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
    private readonly notices: StartupNotices,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    try {
      const link = await this.firstStart();
      if (!link) return;
      // The link itself goes to whoever started the process (the standalone's terminal), never to the log.
      this.notices.set(
        FIRST_START_NOTICE,
        `First start: open this link to create the first owner (it works once, until ${link.expiresAt.toISOString()}):\n  ${link.url}`,
      );
      this.logger.warn(
        { expires_at: link.expiresAt.toISOString() },
        'First start: nobody has an account yet. The standalone prints the setup link on its terminal; ' +
          'otherwise issue one with POST /admin/v1/setup-link (ADMIN_TOKEN)',
      );
    } catch (error) {
      this.logger.error({ err: error }, 'first start: the setup link could not be created');
    }
  }

  /**
   * While nobody has an account, each start (and each ask of the admin API) makes a fresh setup link
   * (SETUP_TOKEN's, when set) and retires the earlier ones: only the token's digest is stored, so the
   * newest link is the way in. Replicas starting together each make one; the last one's works.
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
    // Whatever this process printed before is retired with its link.
    this.notices.clear(FIRST_START_NOTICE);
    return { url: this.url(token), expiresAt };
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
