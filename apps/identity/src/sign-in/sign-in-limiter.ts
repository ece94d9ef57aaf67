import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { sha256Hex } from '@governance/auth';
import { ApiError, ErrorCode } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { signInRefusal } from './sign-in-limits';
import { SignInFailuresRepository } from './sign-in-failures.repository';

const accountSubject = (email: string) => sha256Hex(`account:${email.trim().toLowerCase()}`);

/** An attempt under way: counted as a failure until `succeeded`. */
export interface SignInAttempt {
  account: string;
  rows: string[];
}

/**
 * Limits failed password checks per account (the email as given, whether or not it has an account) and per
 * address. An attempt counts as a failure from its start, so a burst of parallel guesses cannot all slip
 * in before the first is counted; one that succeeds, or is refused, is forgotten again. Subjects are stored
 * as digests: the table holds neither the addresses nor the emails people mistype.
 */
@Injectable()
export class SignInLimiter {
  constructor(
    private readonly failures: SignInFailuresRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** Starts an attempt, or refuses it (429 with `Retry-After`) while the account or address is limited. */
  async begin(email: string, address: string | null): Promise<SignInAttempt> {
    const account = accountSubject(email);
    const origin = address === null ? undefined : sha256Hex(`address:${address}`);
    const subjects = origin === undefined ? [account] : [account, origin];
    const attempt = await this.failures.record(subjects);
    const limits = this.config.signInLimits;
    const recent = await this.failures.recent(subjects, attempt.at, limits.windowMs, attempt.rows);
    const of = (subject: string | undefined) =>
      recent.filter((failure) => failure.subject === subject).map((failure) => failure.failed_at);
    const refusal = signInRefusal({ account: of(account), address: of(origin) }, limits, attempt.at);
    if (!refusal) return { account, rows: attempt.rows };
    // A refused attempt checked no password: it does not count, or a steady stream would never clear.
    await this.failures.forget(attempt.rows);
    throw new ApiError(
      HttpStatus.TOO_MANY_REQUESTS,
      ErrorCode.TooManyRequests,
      `Too many failed sign-ins; try again in ${refusal.retryAfterSeconds} seconds`,
      { retry_after_seconds: refusal.retryAfterSeconds },
      { 'retry-after': String(refusal.retryAfterSeconds) },
    );
  }

  /** The password was right: the attempt and the account's earlier failures are forgotten. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.failures.forget(attempt.rows, attempt.account);
  }

  /** The account's failures are forgotten (a password reset proved the mailbox). */
  async clearAccount(email: string): Promise<void> {
    await this.failures.forget([], accountSubject(email));
  }
}
