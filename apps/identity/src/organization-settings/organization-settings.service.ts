import { Injectable } from '@nestjs/common';
import { newUuidV7 } from '@governance/contracts';
import { tenancyEventMessage, UnitOfWork } from '@governance/messaging';
import { ApiError } from '@governance/platform';
import { type OrganizationSettingsResponse } from './organization-settings.dto';
import {
  type OrganizationSettingsRow,
  OrganizationSettingsRepository,
} from './organization-settings.repository';

/** The settings an organization's own people manage (the admin API manages plans). */
@Injectable()
export class OrganizationSettingsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationSettingsRepository,
  ) {}

  async get(organizationId: string): Promise<OrganizationSettingsResponse> {
    const row = await this.organizations.find(organizationId);
    if (!row) throw ApiError.notFound('Organization');
    return response(row);
  }

  /** Renames the organization; the other services' replicas learn the name from `organization.updated`. */
  async rename(organizationId: string, name: string): Promise<OrganizationSettingsResponse> {
    const row = await this.unitOfWork.run(
      async (tx) => {
        const before = await this.organizations.find(organizationId, { manager: tx.manager, lock: true });
        if (!before) throw ApiError.notFound('Organization');
        if (before.name === name) return before;
        await this.organizations.rename(tx.manager, organizationId, name);
        tx.publish(
          tenancyEventMessage({
            id: newUuidV7(),
            organization_id: organizationId,
            event: 'organization.updated',
            timestamp: new Date().toISOString(),
            details: { name, plan: before.plan },
          }),
        );
        tx.audit({
          organizationId,
          action: 'organization.renamed',
          target: { type: 'organization', id: organizationId },
          before: { name: before.name },
          after: { name },
        });
        return { ...before, name };
      },
      // Reports and the console on other services show the new name from the next request on.
      { awaitPublished: true },
    );
    return response(row);
  }
}

function response(row: OrganizationSettingsRow): OrganizationSettingsResponse {
  return {
    id: row.id,
    name: row.name,
    plan: row.plan,
    created_at: row.created_at.toISOString(),
    sso: { enabled: row.sso_enabled ?? false, issuer: row.sso_issuer },
  };
}
