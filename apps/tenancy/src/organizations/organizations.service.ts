import { Injectable } from '@nestjs/common';
import { isId, newId, newUuidV7, type Plan, type TenancyEventRecord } from '@governance/contracts';
import { issueApiKey } from '@governance/auth';
import { tenancyEventMessage, type Transaction, UnitOfWork } from '@governance/messaging';
import { ApiError } from '@governance/platform';
import { type ApiKeyResponse, type OrganizationResponse } from './organization.dto';
import { OrganizationRepository } from './organization.repository';

/**
 * Creates organizations and their API keys. Other services learn of both through tenancy events and
 * keep their own replica, so a new key is accepted everywhere moments after this call returns.
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
      this.announce(tx, {
        id: newUuidV7(),
        organization_id: organization.id,
        event: 'organization.created',
        timestamp,
        details: { name, plan },
      });
      const key = await this.issueKey(tx, organization.id);
      return { id: organization.id, name, plan, api_key: key.api_key, created_at: timestamp };
    });
  }

  async createApiKey(organizationId: string): Promise<ApiKeyResponse> {
    if (!isId('organization', organizationId) || !(await this.organizations.exists(organizationId))) {
      throw ApiError.notFound('Organization');
    }
    return this.unitOfWork.run((tx) => this.issueKey(tx, organizationId));
  }

  private async issueKey(tx: Transaction, organizationId: string): Promise<ApiKeyResponse> {
    const key = issueApiKey();
    const createdAt = await this.organizations.insertApiKey(
      tx.manager,
      key.keyId,
      organizationId,
      key.secretSha256,
    );
    this.announce(tx, {
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'api_key.created',
      timestamp: createdAt.toISOString(),
      details: { key_id: key.keyId, secret_sha256: key.secretSha256 },
    });
    return {
      id: key.keyId,
      organization_id: organizationId,
      api_key: key.apiKey,
      created_at: createdAt.toISOString(),
    };
  }

  private announce(tx: Transaction, record: TenancyEventRecord): void {
    tx.publish(tenancyEventMessage(record));
  }
}
