import { Inject, Injectable } from '@nestjs/common';
import { isId } from '@governance/contracts';
import { parseCredential, type Person, secretMatches } from '@governance/auth';
import { type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError, currentRequestContext } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import {
  type MembershipRow,
  PeopleRepository,
  type SessionRow,
  type UserRow,
} from '../people/people.repository';
import { SessionsService } from '../people/sessions.service';
import { SignInLimiter } from './sign-in-limiter';
import { type MeResponse, type SessionListResponse, type SignInResponse } from './sign-in.dto';

/** A session the caller hands to the other services in its very next request. */
const PUBLISHED = { awaitPublished: true };

/** The idle deadline moves at most this often (a fraction of the timeout, so short test timeouts work). */
const TOUCH_THROTTLE_MS = 5_000;

export interface SignedIn {
  answer: SignInResponse;
  /** The session cookie's value. */
  token: string;
}

/** From here on the request acts as this person: the audit trail names them, not the service. */
export function actAs(userId: string): void {
  const request = currentRequestContext();
  if (request) request.actor = { type: 'user', id: userId };
}

export function signInAnswer(user: UserRow, memberships: MembershipRow[]): SignInResponse {
  return {
    user: { id: user.id, email: user.email, name: user.name },
    organizations: memberships.map((m) => ({
      id: m.organization_id,
      name: m.organization_name,
      role: m.role,
    })),
  };
}

/**
 * Sign-in with a password, sign-out, and a person's view of their own sessions. Unknown emails and wrong
 * passwords get one answer, in about the same time (the limiter verifies a decoy hash), and both count
 * against the rate limit; a new session id at every sign-in, and the session the browser presented ends.
 */
@Injectable()
export class SignInService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly people: PeopleRepository,
    private readonly sessions: SessionsService,
    private readonly limiter: SignInLimiter,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async login(
    credentials: { email: string; password: string },
    presentedToken: string | undefined,
    address: string | null,
  ): Promise<SignedIn> {
    const user = await this.people.findUserByEmail(credentials.email);
    const matches = await this.limiter.checkPassword({
      email: credentials.email,
      account: user,
      password: credentials.password,
      address,
      via: 'sign_in',
    });
    if (!user || !matches) throw ApiError.unauthorized('The email or the password is wrong');
    actAs(user.id);
    return this.unitOfWork.run((tx) => this.startSession(tx, user, presentedToken), PUBLISHED);
  }

  /**
   * Opens a session for `user`, ending the one the browser presented (whoever's it was: the cookie is
   * replaced), and records the sign-in in each of the person's organizations' audit trails.
   */
  async startSession(tx: Transaction, user: UserRow, presentedToken: string | undefined): Promise<SignedIn> {
    const presented = await this.presentedSession(presentedToken);
    if (presented) await this.sessions.end(tx, [presented.id], 'replaced');
    const { session, token } = await this.sessions.start(tx, user.id);
    const memberships = await this.people.membershipsOf(user.id, tx.manager);
    for (const membership of memberships)
      tx.audit({
        organizationId: membership.organization_id,
        action: 'user.signed_in',
        target: { type: 'user', id: user.id },
        after: { session_id: session.id },
      });
    return { answer: signInAnswer(user, memberships), token };
  }

  async logout(person: Person): Promise<void> {
    await this.unitOfWork.run((tx) => this.sessions.end(tx, [person.sessionId], 'signed_out'), PUBLISHED);
  }

  async me(person: Person): Promise<MeResponse> {
    const { idleTimeoutMs } = this.config.sessions;
    await this.people.touchSession(person.sessionId, idleTimeoutMs, this.touchThrottleMs());
    const [user, session, memberships] = await Promise.all([
      this.people.findUser(person.userId),
      this.people.findSession(person.sessionId),
      this.people.membershipsOf(person.userId),
    ]);
    if (!user || !session || session.ended_at || this.idle(session))
      throw ApiError.unauthorized('Sign in first: this session has ended');
    // A session bound by an SSO sign-in shows the one organization it acts in.
    const usable = session.organization_id
      ? memberships.filter((m) => m.organization_id === session.organization_id)
      : memberships;
    return {
      ...signInAnswer(user, usable),
      session: {
        id: session.id,
        created_at: session.created_at.toISOString(),
        last_seen_at: session.last_seen_at.toISOString(),
        idle_expires_at: this.idleExpiry(session),
      },
    };
  }

  async list(person: Person): Promise<SessionListResponse> {
    const open = await this.people.openSessionsOf(person.userId);
    return {
      data: open
        .filter((session) => !this.idle(session) && this.within(person, session))
        .map((session) => ({
          id: session.id,
          created_at: session.created_at.toISOString(),
          last_seen_at: session.last_seen_at.toISOString(),
          idle_expires_at: this.idleExpiry(session),
          address: session.address,
          user_agent: session.user_agent,
          current: session.id === person.sessionId,
        })),
    };
  }

  /** Ends one of the person's own sessions; another person's is as unknown as a missing one (404). */
  async end(person: Person, sessionId: string): Promise<void> {
    const session = isId('session', sessionId) ? await this.people.findSession(sessionId) : undefined;
    if (!session || session.user_id !== person.userId || session.ended_at || !this.within(person, session))
      throw ApiError.notFound('Session');
    await this.unitOfWork.run((tx) => this.sessions.end(tx, [sessionId], 'ended_by_owner'), PUBLISHED);
  }

  /**
   * Whether `session` is within reach of the person's current session: a session bound by an SSO sign-in
   * sees and ends only the sessions bound to the same organization, not the person's sessions elsewhere.
   */
  private within(person: Person, session: Pick<SessionRow, 'organization_id'>): boolean {
    return person.boundOrganizationId === undefined || session.organization_id === person.boundOrganizationId;
  }

  /** The open session a cookie names, if its secret matches: a forged id ends nobody's session. */
  private async presentedSession(token: string | undefined): Promise<SessionRow | undefined> {
    const parsed = token === undefined ? undefined : parseCredential('session', token);
    if (!parsed) return undefined;
    const session = await this.people.findSession(parsed.id);
    if (!session || session.ended_at || !secretMatches(parsed.secret, session.secret_sha256))
      return undefined;
    return session;
  }

  private idle(session: SessionRow): boolean {
    return session.last_seen_at.getTime() + this.config.sessions.idleTimeoutMs <= Date.now();
  }

  private idleExpiry(session: SessionRow): string {
    return new Date(session.last_seen_at.getTime() + this.config.sessions.idleTimeoutMs).toISOString();
  }

  private touchThrottleMs(): number {
    return Math.min(TOUCH_THROTTLE_MS, this.config.sessions.idleTimeoutMs / 10);
  }
}
