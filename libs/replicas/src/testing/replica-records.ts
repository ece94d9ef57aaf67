import { INTERNAL_TOPICS, newUuidV7, publicTopicFor, type SystemSnapshot } from '@governance/contracts';
import { type ProjectedRecord } from '@governance/messaging';
import { type SystemsReplicaTopic } from '../systems-replica';

/** A record of the systems replica's topics, as a projection is handed it. */
export type ReplicaRecord = ProjectedRecord<SystemsReplicaTopic>;

const AT = '2026-11-26T10:00:00.000Z';

/** The systems service's snapshot of a system. */
export function snapshotRecord(organizationId: string, details: SystemSnapshot): ReplicaRecord {
  return {
    topic: INTERNAL_TOPICS.systems,
    record: {
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'system.updated',
      timestamp: AT,
      details,
    },
  };
}

/** The public announcement of a system a probe asked for, undeclared; `null` for one without a system. */
export function announcementRecord(
  organizationId: string,
  systemId: string | null,
  name: string,
): ReplicaRecord {
  return {
    topic: publicTopicFor('system.registered'),
    record: {
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'system.registered',
      timestamp: AT,
      severity: 'INFO',
      system_id: systemId,
      details: {
        system_name: name,
        registration_source: 'probe',
        discovery_method: 'probe',
        host: '',
        runtime: '',
        declared: false,
      },
    },
  };
}

/** `requested` now stands for `systemId`. */
export function mergeRecord(organizationId: string, requested: string, systemId: string): ReplicaRecord {
  return {
    topic: INTERNAL_TOPICS.systems,
    record: {
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'system.registration_merged',
      timestamp: AT,
      details: { requested_system_id: requested, system_id: systemId, name: 'Merged' },
    },
  };
}
