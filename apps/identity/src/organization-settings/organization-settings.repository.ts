import { Injectable } from '@nestjs/common';
import { type Plan } from '@governance/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface OrganizationSettingsRow {
  id: string;
  name: string;
  plan: Plan;
  created_at: Date;
  sso_enabled: boolean | null;
  sso_issuer: string | null;
}

/** SQL of an organization's own settings. */
@Injectable()
export class OrganizationSettingsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The organization with its SSO summary; `lock` holds the organization until the transaction ends. */
  async find(
    organizationId: string,
    options: { manager?: EntityManager; lock?: boolean } = {},
  ): Promise<OrganizationSettingsRow | undefined> {
    const manager = options.manager ?? this.dataSource.manager;
    const rows = await manager.query<OrganizationSettingsRow[]>(
      `SELECT o.id, o.name, o.plan, o.created_at, s.enabled AS sso_enabled, s.issuer AS sso_issuer
       FROM tenancy.organizations o LEFT JOIN tenancy.sso_configurations s ON s.organization_id = o.id
       WHERE o.id = $1 ${options.lock ? 'FOR UPDATE OF o' : ''}`,
      [organizationId],
    );
    return rows[0];
  }

  async rename(manager: EntityManager, organizationId: string, name: string): Promise<void> {
    await manager.query('UPDATE tenancy.organizations SET name = $2 WHERE id = $1', [organizationId, name]);
  }
}
