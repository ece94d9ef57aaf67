import { randomBytes } from 'node:crypto';
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { newId } from '@governance/contracts';
import { sha256Hex } from '@governance/auth';
import { UnitOfWork } from '@governance/messaging';
import {
  ApiError,
  currentRequestContext,
  ErrorCode,
  LOGGER,
  type Logger,
  SecretBox,
  violatesUnique,
} from '@governance/platform';
import { parseCookie, stringifySetCookie } from 'cookie';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { MembershipsService } from '../people/memberships.service';
import { PeopleRepository } from '../people/people.repository';
import { sessionCookies } from '../people/session-cookies';
import { SessionsService } from '../people/sessions.service';
import { OpenIdProviders, type ProviderClient, ProviderError } from './openid-providers';
import { type SsoDiscoveryResponse, type StartSsoQuery } from './sso.dto';
import { type SsoConfigurationRow, SsoRepository } from './sso.repository';
import { displayName, emailDomain, membershipDecision, type SsoFailure, verifiedEmail } from './sso-rules';
import {
  clientSecretBinding,
  requireSecretBox,
  SSO_SECRET_BOX,
  ssoRedirectUri,
} from './sso-settings.service';

/**
 * Ties a sign-in to the browser that started it: the callback must present the state it was sent with,
 * so a callback link made for someone else's sign-in does not sign this browser in.
 */
export const SSO_STATE_COOKIE = 'service_sso_state';
const STATE_COOKIE_PATH = '/api/service/auth/sso';
const STATE_MAX_LENGTH = 200;
/** Sign-ins that never came back, forgotten at each start (bounded, so a start stays cheap). */
const EXPIRED_LOGINS_PER_START = 100;

/** Where to send the browser, and the cookies to set on the way. */
export interface BrowserRedirect {
  location: string;
  cookies: string[];
}

const random = (): string => randomBytes(32).toString('base64url');

/**
 * Sign-in with an organization's OpenID Provider: the authorization code flow with PKCE, state and nonce,
 * then just-in-time membership and a session, like a password sign-in's.
 */
@Injectable()
export class SsoSignInService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sso: SsoRepository,
    private readonly providers: OpenIdProviders,
    private readonly people: PeopleRepository,
    private readonly memberships: MembershipsService,
    private readonly sessions: SessionsService,
    @Inject(SSO_SECRET_BOX) private readonly box: SecretBox | null,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async discover(email: string): Promise<SsoDiscoveryResponse> {
    const domain = emailDomain(email);
    const found = domain ? await this.sso.findEnabledByDomain(domain) : undefined;
    return found ? { sso: true, organization_name: found.organization_name } : { sso: false };
  }

  /** Sends the browser to the provider of the organization found by the email's domain, or named. */
  async start(query: StartSsoQuery): Promise<BrowserRedirect> {
    if (Boolean(query.email) === Boolean(query.organization))
      throw ApiError.validation([{ field: 'email', message: 'give either email or organization' }]);
    const configuration = await this.enabledConfiguration(query);
    const client = this.client(configuration);
    if (!client)
      throw new ApiError(
        HttpStatus.SERVICE_UNAVAILABLE,
        ErrorCode.ServiceUnavailable,
        'SSO of this organization needs its client secret saved again by an admin',
      );
    const login = { state: random(), nonce: random(), codeVerifier: random() };
    let location: URL;
    try {
      location = await this.providers.authorizationUrl(client, {
        ...login,
        redirectUri: ssoRedirectUri(this.config),
        ...(query.email ? { loginHint: query.email } : {}),
      });
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.logger.warn(
        { organization_id: configuration.organization_id, err: error.message },
        'SSO: provider unreachable',
      );
      throw new ApiError(
        HttpStatus.SERVICE_UNAVAILABLE,
        ErrorCode.ServiceUnavailable,
        'The identity provider of this organization cannot be reached; try again later',
      );
    }
    await this.sso.deleteExpiredLogins(EXPIRED_LOGINS_PER_START);
    await this.sso.insertLogin({
      state_sha256: sha256Hex(login.state),
      organization_id: configuration.organization_id,
      nonce: login.nonce,
      code_verifier: login.codeVerifier,
      expires_at: new Date(Date.now() + this.config.sso.loginTtlMs),
    });
    return { location: location.href, cookies: [this.stateCookie(login.state)] };
  }

  /**
   * The provider's redirect back. A request that is no callback at all (no state) is refused with 400;
   * every failure of a real sign-in sends the browser to the console's sign-in page with `?error=<code>`,
   * where a person can read it, and signs nobody in.
   */
  async callback(rawQuery: string, cookieHeader: string | undefined): Promise<BrowserRedirect> {
    const params = new URLSearchParams(rawQuery);
    const state = params.get('state');
    if (!state || state.length > STATE_MAX_LENGTH)
      throw ApiError.validation([
        { field: 'state', message: 'state must be the state the sign-in was sent with' },
      ]);
    if (!params.get('code') && !params.get('error'))
      throw ApiError.validation([{ field: 'code', message: 'code is required' }]);
    const clearState = this.stateCookie('', 0);
    const fail = (failure: SsoFailure, detail?: string): BrowserRedirect => {
      this.logger.warn({ failure, detail }, 'SSO sign-in refused');
      return { location: `${this.config.publicUrl}/sign-in?error=${failure}`, cookies: [clearState] };
    };

    if (parseCookie(cookieHeader ?? '')[SSO_STATE_COOKIE] !== state) return fail('sso_state_invalid');
    const login = await this.sso.takeLogin(sha256Hex(state));
    if (!login) return fail('sso_state_invalid');
    if (login.expires_at.getTime() <= Date.now()) return fail('sso_state_expired');
    if (params.get('error')) return fail('sso_denied', params.get('error') ?? undefined);
    const configuration = await this.sso.findConfiguration(login.organization_id);
    const client = configuration?.enabled && this.box ? this.client(configuration) : undefined;
    if (!configuration || !client) return fail('sso_not_configured');

    let claims: Record<string, unknown>;
    try {
      const callbackUrl = new URL(`${ssoRedirectUri(this.config)}?${params.toString()}`);
      claims = await this.providers.signIn(client, callbackUrl, {
        state,
        nonce: login.nonce,
        codeVerifier: login.code_verifier,
      });
    } catch (error) {
      if (error instanceof ProviderError) return fail('sso_provider_error', error.message);
      throw error;
    }
    // Only a domain the organization proved it controls vouches for an email.
    const proven = configuration.domains.filter((d) => d.verified_at !== null).map((d) => d.domain);
    const vouched = verifiedEmail(claims, proven);
    if ('failure' in vouched) return fail(vouched.failure);

    const outcome = await this.signInOnce(configuration, vouched.email, claims).catch((error: unknown) => {
      // Two first sign-ins of one person raced: the second finds the account the first made.
      if (violatesUnique(error, 'users_email_idx') || violatesUnique(error, 'memberships_pkey'))
        return this.signInOnce(configuration, vouched.email, claims);
      throw error;
    });
    if ('failure' in outcome) return fail(outcome.failure);
    return {
      location: `${this.config.publicUrl}/`,
      cookies: [...sessionCookies(outcome.token, this.config.secureCookies), clearState],
    };
  }

  /** Just-in-time: the account and membership as the claims say (see membershipDecision), then a session. */
  private signInOnce(
    configuration: SsoConfigurationRow,
    email: string,
    claims: Record<string, unknown>,
  ): Promise<{ token: string } | { failure: SsoFailure }> {
    const organizationId = configuration.organization_id;
    // The session must work at once on every service, which learn of it and the membership by events.
    return this.unitOfWork.run(
      async (tx) => {
        const existing = await this.people.findUserByEmail(email, tx.manager);
        const membership = existing
          ? await this.people.findMembership(tx.manager, organizationId, existing.id)
          : undefined;
        const decision = membershipDecision({ exists: Boolean(existing), role: membership?.role }, claims, {
          roleClaim: configuration.role_claim,
          roleMapping: configuration.role_mapping,
          defaultRole: configuration.default_role,
        });
        if (decision.action === 'refuse') return { failure: decision.failure };
        const user =
          existing ??
          (await this.people.insertUser(tx.manager, {
            id: newId('user'),
            email,
            name: displayName(claims, email),
            passwordHash: null,
          }));
        // The audit trail names the person as the actor of their own sign-in's changes.
        const request = currentRequestContext();
        if (request) request.actor = { type: 'user', id: user.id };
        if (!existing)
          tx.audit({
            organizationId,
            action: 'user.created',
            target: { type: 'user', id: user.id },
            after: { email: user.email, name: user.name, via: 'sso' },
          });
        if (decision.action === 'add') await this.memberships.add(tx, organizationId, user.id, decision.role);
        if (decision.action === 'change')
          await this.memberships.changeRole(tx, organizationId, user.id, decision.from, decision.to);
        // The organization's provider vouched for the person here only: the session acts nowhere else.
        const { token } = await this.sessions.start(tx, user.id, organizationId);
        return { token };
      },
      { awaitPublished: true },
    );
  }

  private async enabledConfiguration(query: StartSsoQuery): Promise<SsoConfigurationRow> {
    const domain = query.email ? emailDomain(query.email) : undefined;
    const organizationId = domain
      ? (await this.sso.findEnabledByDomain(domain))?.organization_id
      : query.organization;
    const configuration = organizationId ? await this.sso.findConfiguration(organizationId) : undefined;
    if (!configuration?.enabled)
      throw new ApiError(
        HttpStatus.NOT_FOUND,
        ErrorCode.NotFound,
        domain
          ? `No organization signs in with SSO for ${domain}; sign in with a password`
          : 'This organization has no SSO enabled',
      );
    return configuration;
  }

  /** The organization's client, its secret opened; undefined when SECRETS_ENCRYPTION_KEY cannot open it. */
  private client(configuration: SsoConfigurationRow): ProviderClient | undefined {
    const box = requireSecretBox(this.box);
    let clientSecret: string;
    try {
      clientSecret = box.open(
        configuration.client_secret_sealed,
        clientSecretBinding(configuration.organization_id),
      );
    } catch {
      this.logger.error(
        { organization_id: configuration.organization_id },
        'SSO: the client secret does not open with SECRETS_ENCRYPTION_KEY (was the key changed?); save the SSO configuration again',
      );
      return undefined;
    }
    return {
      organizationId: configuration.organization_id,
      version: configuration.updated_at.toISOString(),
      issuer: configuration.issuer,
      clientId: configuration.client_id,
      clientSecret,
      endpointHosts: configuration.endpoint_hosts,
    };
  }

  private stateCookie(state: string, maxAgeMs = this.config.sso.loginTtlMs): string {
    return stringifySetCookie({
      name: SSO_STATE_COOKIE,
      value: state,
      path: STATE_COOKIE_PATH,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.secureCookies,
      maxAge: Math.floor(maxAgeMs / 1000),
    });
  }
}
