import { Inject, Injectable } from '@nestjs/common';
import { type Person, sha256Hex } from '@governance/auth';
import { type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError, LOGGER, type Logger } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { Mailer } from '../mail/mailer';
import { hashPassword, passwordProblem } from '../people/passwords';
import { PeopleRepository } from '../people/people.repository';
import { SessionsService } from '../people/sessions.service';
import { linkInvalid, linkRefusal, newLinkToken } from './one-time-links';
import { OneTimeLinksRepository } from './one-time-links.repository';
import { actAs } from './sign-in.service';
import { type PasswordResetResponse } from './sign-in.dto';
import { SignInLimiter } from './sign-in-limiter';

/** Sessions ended by a password change stop working everywhere before the answer. */
const PUBLISHED = { awaitPublished: true };

/** The answer to every reset request, whether or not the email has an account. */
export const RESET_REQUESTED: PasswordResetResponse = {
  message: 'If this email has an account, a link to reset its password is on its way',
};

/** 400 on one field, in the shape of every validation error. */
export const fieldProblem = (field: string, message: string) => ApiError.validation([{ field, message }]);

/**
 * Password change (with the current one, which counts against the sign-in limit like a sign-in), and reset
 * by a one-time emailed link. A reset request answers the same whether or not the email has an account;
 * setting a password ends the person's other sessions (a change) or all of them (a reset).
 */
@Injectable()
export class PasswordsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly people: PeopleRepository,
    private readonly sessions: SessionsService,
    private readonly links: OneTimeLinksRepository,
    private readonly limiter: SignInLimiter,
    private readonly mailer: Mailer,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async change(person: Person, current: string, next: string, address: string | null): Promise<void> {
    const user = await this.people.findUser(person.userId);
    if (!user) throw ApiError.unauthorized('Sign in first: this session has ended');
    const problem = passwordProblem(next, user.email);
    if (problem) throw fieldProblem('new_password', problem);
    if (!user.password_hash)
      throw fieldProblem('current_password', 'this account has no password yet: set one by password reset');
    const check = {
      email: user.email,
      account: user,
      password: current,
      address,
      via: 'password_change',
    } as const;
    if (!(await this.limiter.checkPassword(check)))
      throw fieldProblem('current_password', 'current_password is wrong');
    const passwordHash = await hashPassword(next);
    await this.unitOfWork.run(async (tx) => {
      await this.people.setPasswordHash(tx.manager, user.id, passwordHash);
      const others = (await this.people.openSessionsOf(user.id, tx.manager))
        .map((session) => session.id)
        .filter((id) => id !== person.sessionId);
      await this.sessions.end(tx, others, 'password_changed');
      await this.audit(tx, user.id, 'user.password_changed');
    }, PUBLISHED);
  }

  /**
   * Counts the request against the reset limit, then answers at once: the link is made and mailed off the
   * request path, so an email with an account answers in the same time as one without.
   */
  async requestReset(email: string, address: string | null): Promise<PasswordResetResponse> {
    await this.limiter.countResetRequest(email, address);
    // After the answer is written, so nothing of this work shares the request's time.
    setImmediate(() => {
      this.mailResetLink(email).catch((error: unknown) =>
        this.logger.error({ err: error }, 'password reset link not made or not emailed'),
      );
    });
    return RESET_REQUESTED;
  }

  /**
   * A reset link for the operator to hand over (admin API) when no SMTP server is configured: 404 for an
   * email without an account, which only the operator learns.
   */
  async issueResetLink(email: string): Promise<{ reset_url: string; expires_at: string }> {
    const user = await this.people.findUserByEmail(email);
    if (!user) throw ApiError.notFound('Account');
    const { url, expiresAt } = await this.newResetLink(user);
    return { reset_url: url, expires_at: expiresAt.toISOString() };
  }

  private async mailResetLink(email: string): Promise<void> {
    const user = await this.people.findUserByEmail(email);
    if (!user) return;
    // Nothing could carry the link: none is made, and the log says who may issue one (never the link).
    if (!this.mailer.configured) {
      this.logger.warn(
        { user_id: user.id },
        'password reset asked, but SMTP_URL is not set: no link was made; the operator can issue one with ' +
          'POST /admin/v1/password-reset-links',
      );
      return;
    }
    const { url, expiresAt } = await this.newResetLink(user);
    const sent = await this.mailer.send({
      to: user.email,
      subject: 'Reset your password',
      text: [
        `Hello ${user.name},`,
        '',
        'Someone (hopefully you) asked to reset the password of your AI Governance account.',
        `Open this link to choose a new one; it works once, until ${expiresAt.toISOString()}:`,
        '',
        url,
        '',
        'If you did not ask for it, ignore this email: your password stays as it is.',
      ].join('\n'),
    });
    if (!sent) this.logger.warn({ user_id: user.id }, 'password reset link not emailed');
  }

  private async newResetLink(user: { id: string; email: string }): Promise<{ url: string; expiresAt: Date }> {
    const { token, tokenSha256 } = newLinkToken();
    const expiresAt = await this.links.insert({
      tokenSha256,
      purpose: 'password_reset',
      organizationId: null,
      userId: user.id,
      email: user.email,
      ttlMs: this.config.passwordResetTtlMs,
    });
    return { url: `${this.config.publicUrl}/reset-password?token=${token}`, expiresAt };
  }

  async confirmReset(token: string, next: string): Promise<void> {
    const email = await this.unitOfWork.run(async (tx) => {
      const link = await this.links.lock(tx.manager, sha256Hex(token), 'password_reset');
      const refusal = linkRefusal(link);
      if (refusal) throw linkInvalid(refusal);
      const user = await this.people.findUser(link!.user_id!, tx.manager);
      if (!user) throw linkInvalid('unknown');
      const problem = passwordProblem(next, user.email);
      if (problem) throw fieldProblem('new_password', problem);
      actAs(user.id);
      await this.people.setPasswordHash(tx.manager, user.id, await hashPassword(next));
      await this.links.useResetLinksOf(tx.manager, user.id);
      const open = await this.people.openSessionsOf(user.id, tx.manager);
      await this.sessions.end(
        tx,
        open.map((session) => session.id),
        'password_reset',
      );
      await this.audit(tx, user.id, 'user.password_reset');
      return user.email;
    }, PUBLISHED);
    // The mailbox is proven: the lock-out a forgotten password caused ends with it.
    await this.limiter.clearAccount(email);
  }

  /** Each organization's audit trail records what happened to its member's credentials. */
  private async audit(tx: Transaction, userId: string, action: string): Promise<void> {
    for (const membership of await this.people.membershipsOf(userId, tx.manager))
      tx.audit({ organizationId: membership.organization_id, action, target: { type: 'user', id: userId } });
  }
}
