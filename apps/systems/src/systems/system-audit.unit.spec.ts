import { newId } from '@governance/contracts';
import { systemSnapshot } from '@governance/testing';
import { registrationMergedAudit, systemRegisteredAudit, systemUpdatedAudit } from './system-audit';
import { type SystemRow } from './system-records';

const at = new Date('2026-01-02T03:04:05.000Z');
const { system_id: id, ...snapshot } = systemSnapshot({
  name: 'Claims Triage',
  description: 'Routes claims.',
  vendor: 'OpenAI',
  model: 'gpt-4o',
  risk_tier: 'high',
  environment: 'production',
  host: 'claims-1',
  tags: ['claims'],
  declared: false,
  registration_source: 'shadow_ai_discovery',
  discovery_method: 'observed_endpoint',
});
const row: SystemRow = {
  ...snapshot,
  id,
  organization_id: newId('organization'),
  created_at: at,
  updated_at: at,
};

describe('systemRegisteredAudit', () => {
  it('records the new system under its id with a summary of it, and no times', () => {
    const entry = systemRegisteredAudit(row);
    expect(entry).toMatchObject({
      organizationId: row.organization_id,
      action: 'system.registered',
      target: { type: 'system', id: row.id },
      after: {
        name: 'Claims Triage',
        declared: false,
        registration_source: 'shadow_ai_discovery',
        discovery_method: 'observed_endpoint',
        tags: ['claims'],
      },
    });
    expect(entry.after).not.toHaveProperty('created_at');
    expect(entry.before).toBeUndefined();
  });
});

describe('systemUpdatedAudit', () => {
  const updated = (changes: Partial<SystemRow>): SystemRow => ({
    ...row,
    ...changes,
    updated_at: new Date(),
  });

  it('is an update holding only the changed fields', () => {
    expect(systemUpdatedAudit(row, updated({ risk_tier: 'limited', tags: ['claims', 'eu'] }))).toEqual({
      organizationId: row.organization_id,
      action: 'system.updated',
      target: { type: 'system', id: row.id },
      before: { risk_tier: 'high', tags: ['claims'] },
      after: { risk_tier: 'limited', tags: ['claims', 'eu'] },
    });
  });

  it('is an adoption when a discovered system becomes declared, whatever else changed', () => {
    expect(systemUpdatedAudit(row, updated({ declared: true, status: 'retired' }))).toMatchObject({
      action: 'system.adopted',
      before: { declared: false, status: 'active' },
      after: { declared: true, status: 'retired' },
    });
  });

  it('is a retirement or a reactivation when the status moves', () => {
    expect(systemUpdatedAudit(row, updated({ status: 'retired' })).action).toBe('system.retired');
    const retired = { ...row, status: 'retired' as const };
    expect(systemUpdatedAudit(retired, { ...retired, status: 'active' }).action).toBe('system.reactivated');
  });
});

describe('registrationMergedAudit', () => {
  it('records the merge on the system that absorbed the requested id', () => {
    const requested = newId('system');
    expect(
      registrationMergedAudit(row.organization_id, {
        requested_system_id: requested,
        system_id: row.id,
        name: row.name,
      }),
    ).toEqual({
      organizationId: row.organization_id,
      action: 'system.registration_merged',
      target: { type: 'system', id: row.id },
      after: { requested_system_id: requested, name: row.name },
    });
  });
});
