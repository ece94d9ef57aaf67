import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type TenancyEventRecord } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { CredentialCache } from './credential-cache';
import { TenantDirectoryRepository } from './tenant-directory.repository';

/** The consumer group (within each service) that keeps the tenant replica. */
export const TENANT_REPLICA_CONSUMER = 'tenant-replica';

/** Keeps this service's tenant replica in step with the identity service. */
@Controller()
export class TenantReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: TenantDirectoryRepository,
    private readonly credentials: CredentialCache,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.tenancy, TENANT_REPLICA_CONSUMER)
  async onTenancyEvent(@Payload() event: ConsumedEvent): Promise<void> {
    const record = parsePayload<TenancyEventRecord>(event);
    await this.unitOfWork.runOnce(event, async ({ manager }) => {
      switch (record.event) {
        case 'organization.created':
          return this.directory.saveOrganization(
            manager,
            record.organization_id,
            record.details,
            record.timestamp,
          );
        case 'api_key.created':
          return this.directory.saveApiKey(manager, record.organization_id, record.details, record.timestamp);
      }
    });
    // After the commit, so a request in between cannot cache the old plan again.
    if (record.event === 'organization.created') this.credentials.forgetOrganization(record.organization_id);
  }
}
