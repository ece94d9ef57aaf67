import { Injectable } from '@nestjs/common';
import { isId, newId, newUuidV7, type Plan } from '@governance/contracts';
import { tenancyEventMessage, type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError } from '@governance/platform';
import { type ApiKeyResponse, type OrganizationResponse } from './organization.dto';
import { OrganizationRepository, type OrganizationRow } from './organization.repository';
import { ApiKeysService } from '../api-keys/api-keys.service';
import { SetupLinksService } from '../sign-in/setup-links.service';

/** What the admin API's keys are: named alike, `full`, and made by nobody in the organization. */
const ADMIN_KEY = { name: 'Admin API key', scope: 'full', createdBy: null } as const;

/** The key a call returns is used at once on other services, which learn of it from these events. */
const PUBLISHED = { awaitPublished: true };

/**
 * Organizations and their API keys, which other services replicate from identity events. A call answers once
 * its events are on the bus; a service that does not know a key yet catches up before refusing it.
 */
@Injectable()
export class OrganizationsService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly organizations: OrganizationRepository,
    private readonly apiKeys: ApiKeysService,
    private readonly setupLinks: SetupLinksService,
  ) {}

  /**
   * An organization and its first API key; with `ownerEmail`, also a setup link that makes that person its
   * owner, mailed to them and returned, since the admin may have to pass it on.
   */
  async createOrganization(name: string, plan: Plan, ownerEmail?: string): Promise<OrganizationResponse> {
    const created = await this.unitOfWork.run(async (tx) => {
      const organization = await this.create(tx, name, plan);
      const key = await this.issueKey(tx, organization.id);
      const ownerLink =
        ownerEmail === undefined
          ? undefined
          : await this.setupLinks.issueOwnerLink(tx, organization.id, ownerEmail);
      return { organization, key, ownerLink };
    }, PUBLISHED);
    const { organization, key, ownerLink } = created;
    if (ownerEmail !== undefined && ownerLink)
      await this.setupLinks.mailOwnerLink(ownerEmail, name, ownerLink);
    return {
      id: organization.id,
      name,
      plan,
      api_key: key.api_key,
      created_at: organization.created_at.toISOString(),
      ...(ownerLink ? { owner_setup_url: ownerLink.url } : {}),
    };
  }

  /** Creates an organization and announces it, in the caller's transaction (setup adds its first owner). */
  async create(tx: Transaction, name: string, plan: Plan): Promise<OrganizationRow> {
    const organization = await this.organizations.insertOrganization(
      tx.manager,
      newId('organization'),
      name,
      plan,
    );
    tx.publish(
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: organization.id,
        event: 'organization.created',
        timestamp: organization.created_at.toISOString(),
        details: { name, plan },
      }),
    );
    tx.audit({
      organizationId: organization.id,
      action: 'organization.created',
      target: { type: 'organization', id: organization.id },
      after: { name, plan },
    });
    return organization;
  }

  async createApiKey(organizationId: string): Promise<ApiKeyResponse> {
    if (!isId('organization', organizationId) || !(await this.organizations.exists(organizationId))) {
      throw ApiError.notFound('Organization');
    }
    return this.unitOfWork.run((tx) => this.issueKey(tx, organizationId), PUBLISHED);
  }

  private async issueKey(tx: Transaction, organizationId: string): Promise<ApiKeyResponse> {
    const { row, apiKey } = await this.apiKeys.issue(tx, organizationId, ADMIN_KEY);
    return {
      id: row.id,
      organization_id: organizationId,
      api_key: apiKey,
      created_at: row.created_at.toISOString(),
    };
  }
}
