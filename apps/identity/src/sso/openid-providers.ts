import { Inject, Injectable } from '@nestjs/common';
// ES modules only: Node 24 requires it from the CommonJS bundle, and jest compiles it (jest.config.js).
import * as oidc from 'openid-client';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/** An organization's client at its provider; `version` changes whenever the configuration does. */
export interface ProviderClient {
  organizationId: string;
  version: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

export interface AuthorizationRequest {
  redirectUri: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  loginHint?: string;
}

/** A provider's answer could not be used: unreachable, not OpenID Connect, or a check failed. */
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

  constructor(@Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig) {}

  /** Reads the issuer's discovery document; throws ProviderError when it is not an OpenID Provider. */
  async check(issuer: string, clientId: string): Promise<void> {
    await this.discover(issuer, clientId, undefined);
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
    const configuration = this.discover(client.issuer, client.clientId, client.clientSecret);
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
    issuer: string,
    clientId: string,
    clientSecret: string | undefined,
  ): Promise<oidc.Configuration> {
    try {
      return await oidc.discovery(new URL(issuer), clientId, clientSecret, undefined, {
        timeout: this.config.sso.providerTimeoutMs / 1000,
        execute: this.config.sso.allowHttpIssuers ? [oidc.allowInsecureRequests] : [],
      });
    } catch (error) {
      throw new ProviderError(`OpenID Connect discovery of ${issuer} failed: ${describe(error)}`);
    }
  }
}

/** What went wrong, without the provider's response body (which may echo anything). */
function describe(error: unknown): string {
  if (error instanceof oidc.ResponseBodyError) return `the provider answered ${error.error}`;
  if (error instanceof Error) return error.message;
  return String(error);
}
