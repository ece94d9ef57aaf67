import { Controller } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import { INTERNAL_TOPICS, type TenancyEventRecord } from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { cacheKeys, CredentialCache } from './credential-cache';
import { type KeyCredential, type Membership } from './credential-directory';
import { ReplicaDirectory, TENANT_REPLICA_CONSUMER } from './replica-directory';

/** Keeps this service's tenant replica in step with the identity service. */
@Controller()
export class TenantReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly directory: ReplicaDirectory,
    private readonly credentials: CredentialCache,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.tenancy, TENANT_REPLICA_CONSUMER)
  async onTenancyEvent(@Payload() event: ConsumedEvent): Promise<void> {
    const record = parsePayload<TenancyEventRecord>(event);
    await this.unitOfWork.runOnce(event, ({ manager }) => this.directory.apply(manager, record));
    // After the commit, so a request in between cannot cache the old state again.
    this.forget(record);
  }

  private forget(record: TenancyEventRecord): void {
    switch (record.event) {
      case 'organization.created':
      case 'organization.updated':
        return this.credentials.forgetWhere(
          (found) =>
            (found as Partial<KeyCredential>).organizationId === record.organization_id ||
            (Array.isArray(found) &&
              (found as Membership[]).some((m) => m.organizationId === record.organization_id)),
        );
      case 'api_key.created':
        return;
      case 'api_key.revoked':
        return this.credentials.forget(cacheKeys.apiKey(record.details.key_id));
      case 'session.started':
        return;
      case 'session.ended':
        return this.credentials.forget(cacheKeys.session(record.details.session_id));
      case 'member.added':
      case 'member.role_changed':
      case 'member.removed':
        return this.credentials.forget(cacheKeys.memberships(record.details.user_id));
    }
  }
}
