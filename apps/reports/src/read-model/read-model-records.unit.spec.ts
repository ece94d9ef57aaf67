import { checkReadModelRecord } from './read-model-records';

const record = (event: string, details: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: 'e1',
  organization_id: 'org_1',
  timestamp: '2026-11-22T12:00:00.000Z',
  event,
  severity: 'INFO',
  system_id: null,
  details,
  ...extra,
});

const complete = {
  assessment_id: 'asmnt_1',
  framework: 'EU_AI_ACT',
  verdict: 'fail',
  score: 0.4,
  findings_count: 2,
  high_findings: 1,
  medium_findings: 1,
  report_url: 'x',
};

describe('checkReadModelRecord', () => {
  it('accepts the records the read model applies', () => {
    expect(checkReadModelRecord('public', record('assessment.complete', complete)).ok).toBe(true);
    expect(checkReadModelRecord('public', record('policy.violated', {})).ok).toBe(true);
  });

  it('skips records that would be half-applied, naming the field', () => {
    expect(
      checkReadModelRecord('public', record('assessment.complete', { ...complete, findings_count: -1 })),
    ).toEqual({
      ok: false,
      reason: 'assessment.complete: details.findings_count is missing or invalid',
    });
    expect(checkReadModelRecord('public', record('finding.created', { finding_id: 'f' })).ok).toBe(false);
    expect(
      checkReadModelRecord('public', record('assessment.complete', complete, { severity: 'LOUD' })).ok,
    ).toBe(false);
    expect(checkReadModelRecord('public', 'text').ok).toBe(false);
  });

  it('says "not kept" for internal events it does not use', () => {
    const checked = checkReadModelRecord('systems', record('system.deleted', {}));
    expect(checked).toEqual({ ok: false, reason: 'not kept: system.deleted' });
  });
});
