import { replicatedSystem } from './system-replica';

describe('systems replica records', () => {
  const record = (event: string, details: Record<string, unknown>) => ({
    id: 'e1',
    organization_id: 'org_1',
    event,
    timestamp: '2026-11-22T10:00:00Z',
    details,
  });
  const snapshot = {
    system_id: 'sys_1',
    name: 'Claims triage',
    status: 'active',
    updated_at: '2026-11-22T10:00:00Z',
  };

  it('reads created and updated snapshots', () => {
    expect(replicatedSystem(record('system.updated', snapshot))).toEqual({
      systemId: 'sys_1',
      organizationId: 'org_1',
      name: 'Claims triage',
      status: 'active',
      updatedAt: '2026-11-22T10:00:00Z',
    });
    expect(replicatedSystem(record('system.created', snapshot))?.systemId).toBe('sys_1');
  });

  it('keeps whether the system is retired', () => {
    expect(replicatedSystem(record('system.updated', { ...snapshot, status: 'retired' }))?.status).toBe(
      'retired',
    );
  });

  it('skips other events and records it cannot read', () => {
    expect(replicatedSystem(record('system.registration_merged', snapshot))).toBeUndefined();
    expect(replicatedSystem(record('system.created', { ...snapshot, name: '' }))).toBeUndefined();
    expect(replicatedSystem(record('system.created', { ...snapshot, status: 'archived' }))).toBeUndefined();
    expect(replicatedSystem(record('system.created', { ...snapshot, status: undefined }))).toBeUndefined();
    expect(
      replicatedSystem(record('system.created', { ...snapshot, updated_at: 'yesterday' })),
    ).toBeUndefined();
    expect(replicatedSystem({ ...record('system.created', snapshot), organization_id: 7 })).toBeUndefined();
    expect(replicatedSystem(null)).toBeUndefined();
    expect(replicatedSystem('text')).toBeUndefined();
  });
});
