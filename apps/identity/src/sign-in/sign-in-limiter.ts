import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { sha256Hex } from '@governance/auth';
import { UnitOfWork } from '@governance/messaging';
import { ApiError, ErrorCode, LOGGER, type Logger } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { decoyHash, verifyPassword } from '../people/passwords';
import { PeopleRepository, type UserRow } from '../people/people.repository';
import { type SignInLimits, signInRefusal } from './sign-in-limits';
import { SignInFailuresRepository } from './sign-in-failures.repository';

const accountSubject = (email: string) => sha256Hex(`account:${email.trim().toLowerCase()}`);
/** Reset requests are counted apart from failed sign-ins, in the same table and window. */
const resetSubjects = (email: string, address: string | null) => ({
  account: sha256Hex(`reset-account:${email.trim().toLowerCase()}`),
  origin: address === null ? undefined : sha256Hex(`reset-address:${address}`),
});

/** Where a password was checked, as the audit trail of a wrong one says. */
export type PasswordCheckVia = 'sign_in' | 'password_change' | 'setup_link' | 'invitation';

export interface PasswordCheck {
  /** The email as given: the limit counts it whether or not it has an account. */
  email: string;
  /** Its account, when it has one; a decoy hash is verified otherwise, in about the same time. */
  account: UserRow | undefined;
  password: string;
  address: string | null;
  via: PasswordCheckVia;
}

/** An attempt under way: counted as a failure until it succeeds. */
interface SignInAttempt {
  account: string;
  rows: string[];
}

/**
 * The one place a password is checked (sign-in, password change, setup and invitation links), limited per
 * account (the email as given, whether or not it has an account) and per address. An attempt counts as a
 * failure from its start, so a burst of parallel guesses cannot all slip in before the first is counted;
 * one that succeeds, or is refused, is forgotten again. Subjects are stored as digests: the table holds
 * neither the addresses nor the emails people mistype. A wrong password for an account is recorded in the
 * audit trail of each of its organizations.
 */
@Injectable()
export class SignInLimiter {
  constructor(
    private readonly failures: SignInFailuresRepository,
    private readonly unitOfWork: UnitOfWork,
    private readonly people: PeopleRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /**
   * Whether `password` is the account's; 429 with `Retry-After`, checking nothing, while the account or the
   * address is limited. False for an email without an account or an account without a password.
   */
  async checkPassword(check: PasswordCheck): Promise<boolean> {
    const attempt = await this.begin(check.email, check.address);
    const stored = check.account?.password_hash ?? undefined;
    const matches = await verifyPassword(stored ?? (await decoyHash()), check.password);
    if (stored && matches) {
      await this.failures.forget(attempt.rows, attempt.account);
      return true;
    }
    // Not awaited: a known account's answer must take no longer than an unknown email's.
    if (check.account) void this.auditFailure(check.account.id, check.via);
    return false;
  }

  /**
   * Counts a password reset request, or refuses it (429 with `Retry-After`) while the email or the address
   * has asked its limit within the window: each request sends an email, so a stream of them must not.
   * The email counts whether or not it has an account, so the limit tells nothing of the account.
   */
  async countResetRequest(email: string, address: string | null): Promise<void> {
    const { account, origin } = resetSubjects(email, address);
    const { resetsPerAccount, resetsPerAddress, windowMs } = this.config.signInLimits;
    const limits = { perAccount: resetsPerAccount, perAddress: resetsPerAddress, windowMs };
    await this.count(account, origin, limits, 'Too many password reset requests');
  }

  /** The account's failures are forgotten (a password reset proved the mailbox). */
  async clearAccount(email: string): Promise<void> {
    await this.failures.forget([], accountSubject(email));
  }

  private async begin(email: string, address: string | null): Promise<SignInAttempt> {
    const account = accountSubject(email);
    const origin = address === null ? undefined : sha256Hex(`address:${address}`);
    const rows = await this.count(account, origin, this.config.signInLimits, 'Too many failed sign-ins');
    return { account, rows };
  }

  /** Records an attempt of `account` from `origin`, or refuses it (and forgets it) when over `limits`. */
  private async count(
    account: string,
    origin: string | undefined,
    limits: SignInLimits,
    refusedBecause: string,
  ): Promise<string[]> {
    const subjects = origin === undefined ? [account] : [account, origin];
    const attempt = await this.failures.record(subjects);
    const recent = await this.failures.recent(subjects, attempt.at, limits.windowMs, attempt.rows);
    const of = (subject: string | undefined) =>
      recent.filter((failure) => failure.subject === subject).map((failure) => failure.failed_at);
    const refusal = signInRefusal({ account: of(account), address: of(origin) }, limits, attempt.at);
    if (!refusal) return attempt.rows;
    // A refused attempt did nothing: it does not count, or a steady stream would never clear.
    await this.failures.forget(attempt.rows);
    throw new ApiError(
      HttpStatus.TOO_MANY_REQUESTS,
      ErrorCode.TooManyRequests,
      `${refusedBecause}; try again in ${refusal.retryAfterSeconds} seconds`,
      { retry_after_seconds: refusal.retryAfterSeconds },
      { 'retry-after': String(refusal.retryAfterSeconds) },
    );
  }

  /** Each of the account's organizations sees the wrong password, with the address it came from. */
  private async auditFailure(userId: string, via: PasswordCheckVia): Promise<void> {
    try {
      await this.unitOfWork.run(async (tx) => {
        for (const membership of await this.people.membershipsOf(userId, tx.manager))
          tx.audit({
            organizationId: membership.organization_id,
            action: 'user.sign_in_failed',
            target: { type: 'user', id: userId },
            after: { via },
          });
      });
    } catch (error) {
      this.logger.warn({ err: error, user_id: userId }, 'a failed sign-in was not audited');
    }
  }
}
