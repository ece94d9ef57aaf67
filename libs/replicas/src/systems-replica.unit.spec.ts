import { newId, type SystemSnapshot } from '@governance/contracts';
import { systemSnapshot } from '@governance/testing';
import { replicaRuns } from './systems-replica';
import { announcementRecord, mergeRecord, snapshotRecord } from './testing/replica-records';

const ORG = newId('organization');
const AT = '2026-11-26T10:00:00.000Z';
const LATER = '2026-11-26T11:00:00.000Z';

const snapshot = (details: SystemSnapshot) => snapshotRecord(ORG, details);
const announcement = (systemId: string | null, name: string) => announcementRecord(ORG, systemId, name);
const merge = (requested: string, systemId: string) => mergeRecord(ORG, requested, systemId);

describe('replicaRuns', () => {
  it('keeps the newest snapshot of each system, the later record of equal ones', () => {
    const id = newId('system');
    const other = newId('system');
    const [run] = replicaRuns([
      snapshot(systemSnapshot({ system_id: id, name: 'newest', updated_at: LATER })),
      snapshot(systemSnapshot({ system_id: id, name: 'stale', updated_at: AT })),
      snapshot(systemSnapshot({ system_id: other, name: 'first', updated_at: AT })),
      snapshot(systemSnapshot({ system_id: other, name: 'second', updated_at: AT })),
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
