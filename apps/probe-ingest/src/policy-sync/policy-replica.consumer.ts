import { Controller, Inject } from '@nestjs/common';
import { Payload } from '@nestjs/microservices';
import {
  ENFORCEMENT_MODES,
  INTERNAL_TOPICS,
  type PolicyEventRecord,
  POLICY_STATUSES,
  type PolicySnapshot,
} from '@governance/contracts';
import { type ConsumedEvent, ConsumeEvent, parsePayload, UnitOfWork } from '@governance/messaging';
import { LOGGER, type Logger } from '@governance/platform';
import { PolicyReplicaRepository } from './policy-replica.repository';

/** The fields the replica's columns need, so a bad snapshot is skipped instead of failing forever. */
function isSnapshot(details: unknown): details is PolicySnapshot {
  const snapshot = details as Partial<PolicySnapshot> | null;
  return (
    typeof snapshot === 'object' &&
    snapshot !== null &&
    typeof snapshot.policy_id === 'string' &&
    typeof snapshot.name === 'string' &&
    (ENFORCEMENT_MODES as readonly unknown[]).includes(snapshot.enforcement_mode) &&
    (POLICY_STATUSES as readonly unknown[]).includes(snapshot.status) &&
    typeof snapshot.rules === 'object' &&
    snapshot.rules !== null &&
    typeof snapshot.scope === 'object' &&
    snapshot.scope !== null &&
    Number.isInteger(snapshot.version) &&
    typeof snapshot.updated_at === 'string'
  );
}

/** Keeps probe_ingest.policies in step with the policies service's snapshots: policy-sync serves it. */
@Controller()
export class PolicyReplicaConsumer {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly policies: PolicyReplicaRepository,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  @ConsumeEvent(INTERNAL_TOPICS.policies, 'policy-replica')
  async onPolicyEvent(@Payload() event: ConsumedEvent): Promise<void> {
    let record: PolicyEventRecord;
    try {
      record = parsePayload<PolicyEventRecord>(event);
    } catch {
      // Throwing would redeliver an unreadable record forever and block the partition behind it.
      this.logger.error({ event_id: event.eventId }, 'skipping a policies event that is not JSON');
      return;
    }
    if (typeof record?.organization_id !== 'string' || !isSnapshot(record.details)) {
      this.logger.error({ event_id: event.eventId }, 'skipping a policies event without a policy snapshot');
      return;
    }
    await this.unitOfWork.runOnce(event, async ({ manager }) => {
      switch (record.event) {
        case 'policy.created':
        case 'policy.updated':
          return this.policies.applySnapshot(manager, record.organization_id, record.details);
      }
    });
  }
}
