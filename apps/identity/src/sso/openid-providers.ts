import { Inject, Injectable } from '@nestjs/common';
import { DestinationPolicy } from '@governance/platform';
// ES modules only: Node 24 requires it from the CommonJS bundle, and jest compiles it (jest.config.js).
import * as oidc from 'openid-client';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { providerFetch } from './provider-fetch';
import { endpointHostProblem } from './sso-rules';

/** The destination policy of requests to identity providers (public addresses only, unless allowed). */
export const SSO_DESTINATIONS = Symbol('SSO_DESTINATIONS');

/** The most a provider's answer may weigh: discovery documents and key sets are a few kilobytes. */
export const PROVIDER_RESPONSE_MAX_BYTES = 256 * 1024;

/** An organization's client at its provider; `version` changes whenever the configuration does. */
export interface ProviderClient {
  organizationId: string;
  version: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Hosts besides the issuer's where its token, userinfo and JWKS endpoints may be. */
  endpointHosts: readonly string[];
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  loginHint?: string;
}

/**
 * A provider's answer could not be used: refused, unreachable, not OpenID Connect, or a check failed. The
 * message says which, for the log only: told to a tenant, it would make the issuer field a port scanner.
 */
export class ProviderError extends Error {
  override name = 'ProviderError';
}

const SCOPES = 'openid email profile';

/**
 * OpenID Connect with openid-client: discovery (kept a while per organization, with the provider's keys),
 * the authorization request with PKCE, state and nonce, and the code exchange whose ID token it checks.
 */
@Injectable()
export class OpenIdProviders {
  private readonly discovered = new Map<
    string,
    { version: string; expiresAt: number; configuration: Promise<oidc.Configuration> }
  >();

  constructor(
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(SSO_DESTINATIONS) private readonly destinations: DestinationPolicy,
  ) {}

  /** Reads the issuer's discovery document; throws ProviderError when it is not a usable OpenID Provider. */
  async check(issuer: string, clientId: string, endpointHosts: readonly string[]): Promise<void> {
    await this.discover({ issuer, clientId, clientSecret: undefined, endpointHosts });
  }

  async authorizationUrl(client: ProviderClient, request: AuthorizationRequest): Promise<URL> {
    const configuration = await this.configuration(client);
    return oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: request.redirectUri,
      scope: SCOPES,
      state: request.state,
      nonce: request.nonce,
      code_challenge: await oidc.calculatePKCECodeChallenge(request.codeVerifier),
      code_challenge_method: 'S256',
      ...(request.loginHint ? { login_hint: request.loginHint } : {}),
    });
  }

  /**
   * Exchanges the code of `callbackUrl` (the whole URL the provider sent the person to) and checks the ID
   * token's signature, issuer, audience, expiry and nonce. Returns its claims, completed by the userinfo
   * endpoint's: many providers put email and groups there only.
   */
  async signIn(
    client: ProviderClient,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ): Promise<Record<string, unknown>> {
    const configuration = await this.configuration(client);
    try {
      const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        pkceCodeVerifier: checks.codeVerifier,
        idTokenExpected: true,
      });
      const idToken = tokens.claims()!;
      if (!configuration.serverMetadata().userinfo_endpoint) return { ...idToken };
      const userInfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idToken.sub);
      // The signed ID token wins where both say something.
      return { ...userInfo, ...idToken };
    } catch (error) {
      throw new ProviderError(describe(error));
    }
  }

  private configuration(client: ProviderClient): Promise<oidc.Configuration> {
    const cached = this.discovered.get(client.organizationId);
    if (cached && cached.version === client.version && cached.expiresAt > Date.now())
      return cached.configuration;
    const configuration = this.discover(client);
    this.discovered.set(client.organizationId, {
      version: client.version,
      expiresAt: Date.now() + this.config.sso.discoveryTtlMs,
      configuration,
    });
    // A failed discovery is not kept: the next sign-in tries again.
    configuration.catch(() => {
      if (this.discovered.get(client.organizationId)?.configuration === configuration)
        this.discovered.delete(client.organizationId);
    });
    return configuration;
  }

  private async discover(
    client: Pick<ProviderClient, 'issuer' | 'clientId' | 'endpointHosts'> & { clientSecret?: string },
  ): Promise<oidc.Configuration> {
    const issuer = new URL(client.issuer);
    const hosts = new Set([issuer.hostname, ...client.endpointHosts]);
    let configuration: oidc.Configuration;
    try {
      configuration = await oidc.discovery(issuer, client.clientId, client.clientSecret, undefined, {
        timeout: this.config.sso.providerTimeoutMs / 1000,
        execute: this.config.sso.allowHttpIssuers ? [oidc.allowInsecureRequests] : [],
        // Kept by the configuration for every later request: token, userinfo and JWKS.
        [oidc.customFetch]: providerFetch(this.destinations, {
          hosts,
          timeoutMs: this.config.sso.providerTimeoutMs,
          maxResponseBytes: PROVIDER_RESPONSE_MAX_BYTES,
        }),
      });
    } catch (error) {
      throw new ProviderError(`OpenID Connect discovery of ${client.issuer} failed: ${describe(error)}`);
    }
    const problem = endpointHostProblem(configuration.serverMetadata(), hosts);
    if (problem) throw new ProviderError(`OpenID Connect discovery of ${client.issuer}: ${problem}`);
    // The ID token's signature is checked against the provider's keys too, not only trusted for coming
    // from the token endpoint.
    oidc.enableNonRepudiationChecks(configuration);
    return configuration;
  }
}

/** What went wrong, without the provider's response body (which may echo anything). */
function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `the provider answered ${error.error}`;
  if (error instanceof Error)
    return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
  return String(error);
}
