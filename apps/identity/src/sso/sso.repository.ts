import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type SsoRole } from './sso-rules';

export interface SsoConfigurationRow {
  organization_id: string;
  issuer: string;
  client_id: string;
  client_secret_sealed: string;
  allowed_email_domains: string[];
  /** Each claimed domain with its verification: a verified one routes sign-ins, a pending one does not. */
  domains: SsoDomainRow[];
  endpoint_hosts: string[];
  role_claim: string | null;
  role_mapping: Record<string, SsoRole>;
  default_role: SsoRole;
  enabled: boolean;
  created_at: Date;
  updated_at: Date;
}

export interface SsoDomainRow {
  domain: string;
  verification_token: string;
  /** As JSON gives it: an ISO timestamp, or null while unverified. */
  verified_at: string | null;
}

export type SsoConfigurationValues = Omit<SsoConfigurationRow, 'created_at' | 'updated_at' | 'domains'>;

export interface SsoLoginRow {
  organization_id: string;
  nonce: string;
  code_verifier: string;
  expires_at: Date;
}

/** The unique index that gives each email domain, once verified, to one organization's SSO. */
export const SSO_DOMAINS_KEY = 'sso_domains_verified_key';

const CONFIGURATION = `c.organization_id, c.issuer, c.client_id, c.client_secret_sealed, c.endpoint_hosts, c.role_claim,
  c.role_mapping, c.default_role, c.enabled, c.created_at, c.updated_at,
  ARRAY(SELECT d.domain FROM tenancy.sso_domains d WHERE d.organization_id = c.organization_id
        ORDER BY d.domain) AS allowed_email_domains,
  COALESCE((SELECT json_agg(json_build_object('domain', d.domain, 'verification_token', d.verification_token,
                                              'verified_at', d.verified_at) ORDER BY d.domain)
            FROM tenancy.sso_domains d WHERE d.organization_id = c.organization_id), '[]') AS domains`;

const newVerificationToken = (): string => randomBytes(20).toString('hex');

/** SQL of SSO: each organization's configuration, the domains it claims, and sign-ins in flight. */
@Injectable()
export class SsoRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization's configuration; `lock` holds it until the transaction ends (a change serialises). */
  async findConfiguration(
    organizationId: string,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<SsoConfigurationRow | undefined> {
    const manager = options.manager ?? this.dataSource.manager;
    const rows = await manager.query<SsoConfigurationRow[]>(
      `SELECT ${CONFIGURATION} FROM tenancy.sso_configurations c WHERE c.organization_id = $1
       ${options.lock ? 'FOR UPDATE' : ''}`,
      [organizationId],
    );
    return rows[0];
  }

  /** The enabled configuration that holds `domain` verified, with its organization's name. */
  async findEnabledByDomain(domain: string) {
    const rows = await this.dataSource.query<Array<{ organization_id: string; organization_name: string }>>(
      `SELECT c.organization_id, o.name AS organization_name
       FROM tenancy.sso_domains d
       JOIN tenancy.sso_configurations c ON c.organization_id = d.organization_id
       JOIN tenancy.organizations o ON o.id = c.organization_id
       WHERE d.domain = $1 AND d.verified_at IS NOT NULL AND c.enabled`,
      [domain],
    );
    return rows[0];
  }

  /** Those of `domains` that another organization's SSO holds verified. */
  async domainsClaimedByOthers(organizationId: string, domains: string[]): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ domain: string }>>(
      `SELECT domain FROM tenancy.sso_domains
       WHERE domain = ANY($2::text[]) AND organization_id <> $1 AND verified_at IS NOT NULL
       ORDER BY domain`,
      [organizationId, domains],
    );
    return rows.map((row) => row.domain);
  }

  /** Creates or replaces the configuration and the domains it claims; another's domain violates SSO_DOMAINS_KEY. */
  async saveConfiguration(
    manager: EntityManager,
    values: SsoConfigurationValues,
  ): Promise<SsoConfigurationRow> {
    await manager.query(
      `INSERT INTO tenancy.sso_configurations (organization_id, issuer, client_id, client_secret_sealed,
         role_claim, role_mapping, default_role, enabled, endpoint_hosts)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
       ON CONFLICT (organization_id) DO UPDATE SET issuer = EXCLUDED.issuer, client_id = EXCLUDED.client_id,
         client_secret_sealed = EXCLUDED.client_secret_sealed, endpoint_hosts = EXCLUDED.endpoint_hosts,
         role_claim = EXCLUDED.role_claim,
         role_mapping = EXCLUDED.role_mapping, default_role = EXCLUDED.default_role,
         enabled = EXCLUDED.enabled, updated_at = now()`,
      [
        values.organization_id,
        values.issuer,
        values.client_id,
        values.client_secret_sealed,
        values.role_claim,
        JSON.stringify(values.role_mapping),
        values.default_role,
        values.enabled,
        values.endpoint_hosts,
      ],
    );
    // A domain still claimed keeps its token and verification; a new one starts unverified.
    await manager.query(
      'DELETE FROM tenancy.sso_domains WHERE organization_id = $1 AND domain <> ALL($2::text[])',
      [values.organization_id, values.allowed_email_domains],
    );
    await manager.query(
      `INSERT INTO tenancy.sso_domains (organization_id, domain, verification_token)
       SELECT $1, claimed.domain, claimed.token FROM unnest($2::text[], $3::text[]) AS claimed (domain, token)
       ON CONFLICT (organization_id, domain) DO NOTHING`,
      [
        values.organization_id,
        values.allowed_email_domains,
        values.allowed_email_domains.map(() => newVerificationToken()),
      ],
    );
    return (await this.findConfiguration(values.organization_id, { manager }))!;
  }

  /**
   * Marks the organization's claim of `domain` verified; another organization's verified claim of it
   * violates SSO_DOMAINS_KEY. False when the organization does not claim the domain.
   */
  async markDomainVerified(manager: EntityManager, organizationId: string, domain: string): Promise<boolean> {
    const [, updated] = await manager.query<[unknown, number]>(
      `UPDATE tenancy.sso_domains SET verified_at = now()
       WHERE organization_id = $1 AND domain = $2 AND verified_at IS NULL`,
      [organizationId, domain],
    );
    return updated > 0;
  }

  /** Removes the configuration with its domains; false when there was none. */
  async deleteConfiguration(manager: EntityManager, organizationId: string): Promise<boolean> {
    const [, deleted] = await manager.query<[unknown, number]>(
      'DELETE FROM tenancy.sso_configurations WHERE organization_id = $1',
      [organizationId],
    );
    return deleted > 0;
  }

  async insertLogin(login: SsoLoginRow & { state_sha256: string }): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO tenancy.sso_logins (state_sha256, organization_id, nonce, code_verifier, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [login.state_sha256, login.organization_id, login.nonce, login.code_verifier, login.expires_at],
    );
  }

  /** Takes the sign-in of this state: at most one caller ever gets it. */
  async takeLogin(stateSha256: string): Promise<SsoLoginRow | undefined> {
    // TypeORM answers a DELETE with its rows and their count.
    const [rows] = await this.dataSource.query<[SsoLoginRow[], number]>(
      `DELETE FROM tenancy.sso_logins WHERE state_sha256 = $1
       RETURNING organization_id, nonce, code_verifier, expires_at`,
      [stateSha256],
    );
    return rows[0];
  }

  /** Forgets up to `limit` sign-ins that never came back, past their expiry. */
  async deleteExpiredLogins(limit: number): Promise<number> {
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM tenancy.sso_logins WHERE state_sha256 IN (
         SELECT state_sha256 FROM tenancy.sso_logins WHERE expires_at < now() LIMIT $1
       )`,
      [limit],
    );
    return deleted;
  }
}
