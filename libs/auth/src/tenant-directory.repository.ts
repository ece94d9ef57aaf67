import { Inject, Injectable } from '@nestjs/common';
import { type ApiKeyCreatedDetails, type OrganizationCreatedDetails, type Plan } from '@governance/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export const AUTH_SCHEMA = Symbol('AUTH_SCHEMA');

export interface Credential {
  organizationId: string;
  plan: Plan;
  secretSha256: string;
}

/** All SQL of the service's tenant replica. */
@Injectable()
export class TenantDirectoryRepository {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(AUTH_SCHEMA) private readonly schema: string,
  ) {}

  async findCredential(keyId: string): Promise<Credential | undefined> {
    const rows = await this.dataSource.query<
      Array<{ organization_id: string; plan: Plan; secret_sha256: string }>
    >(
      `SELECT k.organization_id, o.plan, k.secret_sha256
       FROM ${this.schema}.api_keys k JOIN ${this.schema}.organizations o ON o.id = k.organization_id
       WHERE k.key_id = $1`,
      [keyId],
    );
    const row = rows[0];
    return row && { organizationId: row.organization_id, plan: row.plan, secretSha256: row.secret_sha256 };
  }

  async saveOrganization(
    manager: EntityManager,
    id: string,
    details: OrganizationCreatedDetails,
    at: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.schema}.organizations (id, name, plan, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, plan = EXCLUDED.plan`,
      [id, details.name, details.plan, at],
    );
  }

  async saveApiKey(
    manager: EntityManager,
    organizationId: string,
    details: ApiKeyCreatedDetails,
    at: string,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO ${this.schema}.api_keys (key_id, organization_id, secret_sha256, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (key_id) DO NOTHING`,
      [details.key_id, organizationId, details.secret_sha256, at],
    );
  }
}
