import { newId, newUuidV7 } from '@governance/contracts';
import { checkRecordContract } from '@governance/messaging';

const organizationId = newId('organization');

const record = (event: string, details: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  id: newUuidV7(),
  organization_id: organizationId,
  timestamp: '2026-11-22T12:00:00.000Z',
  event,
  severity: 'INFO',
  system_id: null,
  details,
  ...extra,
});

const complete = {
  assessment_id: newId('assessment'),
  framework: 'EU_AI_ACT',
  verdict: 'fail',
  score: 0.4,
  findings_count: 2,
  high_findings: 1,
  medium_findings: 1,
  report_url: 'https://governance.example.com/reports/rpt_1',
};

/** What the bus decides before the read model sees a record: its topic's contract. */
const keepsContract = (value: ReturnType<typeof record>): boolean =>
  checkRecordContract({
    topic: `governance.${value.event}`,
    eventId: value.id,
    payload: JSON.stringify(value),
  }).ok;

describe('the read model', () => {
  it('is only handed records the contract accepts: none the read model would half-apply', () => {
    expect(keepsContract(record('assessment.complete', complete))).toBe(true);
    expect(keepsContract(record('assessment.complete', { ...complete, findings_count: -1 }))).toBe(false);
    expect(keepsContract(record('finding.created', { finding_id: newId('finding') }))).toBe(false);
    expect(keepsContract(record('assessment.complete', complete, { severity: 'LOUD' }))).toBe(false);
  });
});
