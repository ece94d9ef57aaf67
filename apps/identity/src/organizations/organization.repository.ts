import { Injectable } from '@nestjs/common';
import { type Plan } from '@governance/contracts';
import { type WithDates } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type OrganizationResponse } from './organization.dto';

export type OrganizationRow = WithDates<
  Omit<OrganizationResponse, 'api_key' | 'owner_setup_url'>,
  'created_at'
>;

/** SQL of organizations. */
@Injectable()
export class OrganizationRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertOrganization(
    manager: EntityManager,
    id: string,
    name: string,
    plan: Plan,
  ): Promise<OrganizationRow> {
    const rows = await manager.query<OrganizationRow[]>(
      'INSERT INTO tenancy.organizations (id, name, plan) VALUES ($1, $2, $3) RETURNING id, name, plan, created_at',
      [id, name, plan],
    );
    return rows[0]!;
  }

  async exists(organizationId: string): Promise<boolean> {
    const rows = await this.dataSource.query<unknown[]>('SELECT 1 FROM tenancy.organizations WHERE id = $1', [
      organizationId,
    ]);
    return rows.length > 0;
  }
}
