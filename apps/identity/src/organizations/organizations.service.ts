import { Injectable } from '@nestjs/common';
import { isId, newId, newUuidV7, type Plan } from '@governance/contracts';
import { issueApiKey } from '@governance/auth';
import { tenancyEventMessage, type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError } from '@governance/platform';
import { type ApiKeyResponse, type OrganizationResponse } from './organization.dto';
import { OrganizationRepository } from './organization.repository';

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
  ) {}

  async createOrganization(name: string, plan: Plan): Promise<OrganizationResponse> {
    return this.unitOfWork.run(async (tx) => {
      const organization = await this.organizations.insertOrganization(
        tx.manager,
        newId('organization'),
        name,
        plan,
      );
      const timestamp = organization.created_at.toISOString();
      tx.publish(
        tenancyEventMessage({
          id: newUuidV7(),
          organization_id: organization.id,
          event: 'organization.created',
          timestamp,
          details: { name, plan },
        }),
      );
      const key = await this.issueKey(tx, organization.id);
      return { id: organization.id, name, plan, api_key: key.api_key, created_at: timestamp };
    }, PUBLISHED);
  }

  async createApiKey(organizationId: string): Promise<ApiKeyResponse> {
    if (!isId('organization', organizationId) || !(await this.organizations.exists(organizationId))) {
      throw ApiError.notFound('Organization');
    }
    return this.unitOfWork.run((tx) => this.issueKey(tx, organizationId), PUBLISHED);
  }

  private async issueKey(tx: Transaction, organizationId: string): Promise<ApiKeyResponse> {
    const key = issueApiKey();
    const createdAt = await this.organizations.insertApiKey(
      tx.manager,
      key.keyId,
      organizationId,
      key.secretSha256,
    );
    const timestamp = createdAt.toISOString();
    tx.publish(
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: organizationId,
        event: 'api_key.created',
        timestamp,
        details: { key_id: key.keyId, secret_sha256: key.secretSha256 },
      }),
    );
    return { id: key.keyId, organization_id: organizationId, api_key: key.apiKey, created_at: timestamp };
  }
}
