import {
  INTERNAL_TOPICS,
  newId,
  newUuidV7,
  publicTopicFor,
  type SystemSnapshot,
} from '@governance/contracts';
import { type ProjectedRecord } from '@governance/messaging';
import { systemSnapshot } from '@governance/testing';
import { replicaRuns, type SystemsReplicaTopic } from './systems-replica';

type Record = ProjectedRecord<SystemsReplicaTopic>;
const ORG = newId('organization');
const AT = '2026-11-26T10:00:00.000Z';
const LATER = '2026-11-26T11:00:00.000Z';

const snapshotRecord = (
  details: SystemSnapshot,
  event: 'system.created' | 'system.updated' = 'system.updated',
): Record => ({
  topic: INTERNAL_TOPICS.systems,
  record: { id: newUuidV7(), organization_id: ORG, event, timestamp: AT, details },
});

const announcement = (systemId: string | null, name: string): Record => ({
  topic: publicTopicFor('system.registered'),
  record: {
    id: newUuidV7(),
    organization_id: ORG,
    event: 'system.registered',
    timestamp: AT,
    severity: 'INFO',
    system_id: systemId,
    details: {
      system_name: name,
      registration_source: 'api',
      discovery_method: 'manual',
      host: '',
      runtime: '',
      declared: true,
    },
  },
});

const merge = (requested: string, systemId: string): Record => ({
  topic: INTERNAL_TOPICS.systems,
  record: {
    id: newUuidV7(),
    organization_id: ORG,
    event: 'system.registration_merged',
    timestamp: AT,
    details: { requested_system_id: requested, system_id: systemId, name: 'Merged' },
  },
});

describe('replicaRuns', () => {
  it('keeps the newest snapshot of each system, the later record of equal ones', () => {
    const id = newId('system');
    const other = newId('system');
    const [run] = replicaRuns([
      snapshotRecord(systemSnapshot({ system_id: id, name: 'newest', updated_at: LATER })),
      snapshotRecord(systemSnapshot({ system_id: id, name: 'stale', updated_at: AT })),
      snapshotRecord(systemSnapshot({ system_id: other, name: 'first', updated_at: AT })),
      snapshotRecord(systemSnapshot({ system_id: other, name: 'second', updated_at: AT })),
    ]);
    expect(run!.snapshots.map(({ snapshot }) => snapshot.name)).toEqual(['newest', 'second']);
  });

  it('keeps the first announcement of each system', () => {
    const id = newId('system');
    const other = newId('system');
    const [run] = replicaRuns([
      announcement(id, 'first'),
      announcement(other, 'other'),
      announcement(id, 'second'),
    ]);
    expect(run!.announcements.map((entry) => entry.name)).toEqual(['first', 'other']);
    expect(run!.snapshots).toEqual([]);
  });

  it('ends a run at each merge, so what follows it is written after its delete', () => {
    const requested = newId('system');
    const kept = newId('system');
    const runs = replicaRuns([
      announcement(requested, 'stub'),
      merge(requested, kept),
      announcement(requested, 'again'),
    ]);
    expect(runs).toHaveLength(2);
    expect(runs[0]!.announcements.map((entry) => entry.name)).toEqual(['stub']);
    expect(runs[0]!.merge).toEqual({ organizationId: ORG, requestedSystemId: requested });
    expect(runs[1]!.announcements.map((entry) => entry.name)).toEqual(['again']);
    expect(runs[1]!.merge).toBeUndefined();
  });

  it('ignores a merge of a system into itself and an announcement without a system', () => {
    const id = newId('system');
    expect(replicaRuns([merge(id, id), announcement(null, 'orphan')])).toEqual([]);
  });
});
