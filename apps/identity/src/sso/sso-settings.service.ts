import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { UnitOfWork } from '@governance/messaging';
import { ApiError, ErrorCode, LOGGER, type Logger, SecretBox, violatesUnique } from '@governance/platform';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { OpenIdProviders, ProviderError } from './openid-providers';
import { type PutSsoConfigurationDto, type SsoConfigurationResponse } from './sso.dto';
import { SSO_DOMAINS_KEY, type SsoConfigurationRow, SsoRepository } from './sso.repository';
import { SsoDns } from './sso-dns';
import {
  clientSecretProblem,
  domainChallengeName,
  domainChallengeValue,
  domainProven,
  ssoConfigurationProblems,
} from './sso-rules';

/** The SecretBox of SSO client secrets, or null when SECRETS_ENCRYPTION_KEY is not configured. */
export const SSO_SECRET_BOX = Symbol('SSO_SECRET_BOX');

/** What a client secret is bound to: a sealed secret copied onto another organization does not open. */
export const clientSecretBinding = (organizationId: string): string => `sso:${organizationId}`;

export function requireSecretBox(box: SecretBox | null): SecretBox {
  if (!box)
    throw new ApiError(
      HttpStatus.SERVICE_UNAVAILABLE,
      ErrorCode.ServiceUnavailable,
      'SSO needs SECRETS_ENCRYPTION_KEY in the identity service’s configuration',
    );
  return box;
}

/** Each organization's OpenID Connect configuration, as its owners and admins set it. */
@Injectable()
export class SsoSettingsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly sso: SsoRepository,
    private readonly providers: OpenIdProviders,
    private readonly dns: SsoDns,
    @Inject(SSO_SECRET_BOX) private readonly box: SecretBox | null,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  async get(organizationId: string): Promise<SsoConfigurationResponse> {
    const row = await this.sso.findConfiguration(organizationId);
    if (!row) throw ApiError.notFound('SSO configuration');
    return this.response(row);
  }

  async put(organizationId: string, body: PutSsoConfigurationDto): Promise<SsoConfigurationResponse> {
    const box = requireSecretBox(this.box);
    const problems = ssoConfigurationProblems(body, this.config.sso.allowHttpIssuers);
    if (problems.length > 0) throw ApiError.validation(problems);
    const secretProblem = (before: SsoConfigurationRow | undefined) => {
      const problem = clientSecretProblem(body, before);
      if (problem) throw ApiError.validation([{ field: 'client_secret', message: problem }]);
    };
    secretProblem(await this.sso.findConfiguration(organizationId));
    await this.refuseClaimedDomains(organizationId, body.allowed_email_domains);
    const endpointHosts = body.endpoint_hosts ?? [];
    // An enabled configuration must work at once: its issuer is discovered before it is saved.
    if (body.enabled)
      await this.providers.check(body.issuer, body.client_id, endpointHosts).catch((error: unknown) => {
        if (!(error instanceof ProviderError)) throw error;
        this.logger.warn({ organization_id: organizationId, err: error.message }, 'SSO: issuer refused');
        throw ApiError.validation([{ field: 'issuer', message: ISSUER_UNUSABLE }]);
      });

    const row = await this.unitOfWork.run(async (tx) => {
      const before = await this.sso.findConfiguration(organizationId, { manager: tx.manager, lock: true });
      // Checked again under the lock: the issuer may have changed since.
      secretProblem(before);
      const sealed = body.client_secret
        ? box.seal(body.client_secret, clientSecretBinding(organizationId))
        : before!.client_secret_sealed;
      const saved = await this.sso
        .saveConfiguration(tx.manager, {
          organization_id: organizationId,
          issuer: body.issuer,
          client_id: body.client_id,
          client_secret_sealed: sealed,
          allowed_email_domains: body.allowed_email_domains,
          endpoint_hosts: endpointHosts,
          role_claim: body.role_claim ?? null,
          role_mapping: body.role_mapping ?? {},
          default_role: body.default_role,
          enabled: body.enabled,
        })
        .catch((error: unknown) => {
          if (violatesUnique(error, SSO_DOMAINS_KEY)) throw domainsTaken(body.allowed_email_domains);
          throw error;
        });
      tx.audit({
        organizationId,
        action: before ? 'sso.updated' : 'sso.configured',
        target: { type: 'sso_configuration', id: organizationId },
        before: before ? summary(before) : null,
        after: { ...summary(saved), client_secret_changed: Boolean(body.client_secret) },
      });
      return saved;
    });
    return this.response(row);
  }

  /**
   * Looks up the domain's TXT records and, when one carries this organization's token, marks the domain
   * verified: from then on it routes sign-ins here, and no other organization can claim it (409).
   */
  async verifyDomain(organizationId: string, domain: string): Promise<SsoConfigurationResponse> {
    const claim = (await this.sso.findConfiguration(organizationId))?.domains.find(
      (d) => d.domain === domain,
    );
    if (!claim) throw ApiError.notFound('SSO domain');
    if (claim.verified_at) return this.get(organizationId);
    const name = domainChallengeName(domain);
    const records = await this.dns.txt(name).catch((error: unknown) => {
      this.logger.warn(
        { organization_id: organizationId, domain, err: String(error) },
        'SSO: DNS lookup failed',
      );
      throw new ApiError(
        HttpStatus.SERVICE_UNAVAILABLE,
        ErrorCode.ServiceUnavailable,
        `DNS did not answer for ${name}; try again later`,
      );
    });
    if (!domainProven(records, claim.verification_token))
      throw ApiError.validation([
        {
          field: 'domain',
          message:
            `No TXT record "${domainChallengeValue(claim.verification_token)}" at ${name} yet; publish it ` +
            'at the domain’s DNS (changes can take a while to appear) and try again',
        },
      ]);
    await this.unitOfWork.run(async (tx) => {
      await this.sso.findConfiguration(organizationId, { manager: tx.manager, lock: true });
      const verified = await this.sso
        .markDomainVerified(tx.manager, organizationId, domain)
        .catch((error: unknown) => {
          if (violatesUnique(error, SSO_DOMAINS_KEY)) throw domainsTaken([domain]);
          throw error;
        });
      if (verified)
        tx.audit({
          organizationId,
          action: 'sso.domain_verified',
          target: { type: 'sso_configuration', id: organizationId },
          after: { domain, txt_record: name },
        });
    });
    return this.get(organizationId);
  }

  async remove(organizationId: string): Promise<void> {
    await this.unitOfWork.run(async (tx) => {
      const before = await this.sso.findConfiguration(organizationId, { manager: tx.manager, lock: true });
      if (!before) throw ApiError.notFound('SSO configuration');
      await this.sso.deleteConfiguration(tx.manager, organizationId);
      tx.audit({
        organizationId,
        action: 'sso.removed',
        target: { type: 'sso_configuration', id: organizationId },
        before: summary(before),
      });
    });
  }

  /** 409 when another organization's SSO holds one of `domains` verified (the unique key catches a race). */
  private async refuseClaimedDomains(organizationId: string, domains: string[]): Promise<void> {
    const taken = await this.sso.domainsClaimedByOthers(organizationId, domains);
    if (taken.length > 0) throw domainsTaken(taken);
  }

  private response(row: SsoConfigurationRow): SsoConfigurationResponse {
    return {
      organization_id: row.organization_id,
      issuer: row.issuer,
      client_id: row.client_id,
      allowed_email_domains: row.allowed_email_domains,
      domain_verification: row.domains.map((claim) => ({
        domain: claim.domain,
        verified: claim.verified_at !== null,
        verified_at: claim.verified_at && new Date(claim.verified_at).toISOString(),
        txt_record: {
          name: domainChallengeName(claim.domain),
          value: domainChallengeValue(claim.verification_token),
        },
      })),
      endpoint_hosts: row.endpoint_hosts,
      role_claim: row.role_claim,
      role_mapping: row.role_mapping,
      default_role: row.default_role,
      enabled: row.enabled,
      redirect_uri: ssoRedirectUri(this.config),
      created_at: row.created_at.toISOString(),
      updated_at: row.updated_at.toISOString(),
    };
  }
}

/**
 * The one answer to an issuer that cannot be used, whatever the reason (refused address, closed port, time-out,
 * not JSON, too large, an endpoint elsewhere): telling them apart would make the field a port scanner. The
 * reason is logged.
 */
export const ISSUER_UNUSABLE =
  'The issuer cannot be used: no OpenID Provider answered its discovery at a public address, within the ' +
  'size and time limits, with endpoints on its own host or on endpoint_hosts (docs/sso.md)';

/** Where providers send people back; registered at the provider as the client's redirect URI. */
export const ssoRedirectUri = (config: IdentityConfig): string =>
  `${config.publicUrl}/api/service/auth/sso/callback`;

function domainsTaken(domains: string[]): ApiError {
  return new ApiError(
    HttpStatus.CONFLICT,
    ErrorCode.Conflict,
    `Another organization's SSO holds ${domains.join(', ')} verified; a domain signs in to one organization`,
    { field: 'allowed_email_domains', domains },
  );
}

/** The audit trail's view of a configuration: everything but the secret. */
function summary(row: SsoConfigurationRow) {
  return {
    issuer: row.issuer,
    client_id: row.client_id,
    allowed_email_domains: row.allowed_email_domains,
    endpoint_hosts: row.endpoint_hosts,
    role_claim: row.role_claim,
    role_mapping: row.role_mapping,
    default_role: row.default_role,
    enabled: row.enabled,
  };
}
