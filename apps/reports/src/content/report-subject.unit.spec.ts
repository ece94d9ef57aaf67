import { humanDate, humanDateTime, humanPeriod } from './human-format';
import { reportSubject, reportTitle } from './report-subject';

const base = { systemName: null, framework: null, period: null, assessmentCompletedAt: null };

describe('report names', () => {
  it('writes dates as people read them, in UTC', () => {
    const at = new Date('2026-12-02T14:05:31.000Z');
    expect(humanDate(at)).toBe('2 Dec 2026');
    expect(humanDateTime(at)).toBe('2 Dec 2026, 14:05 UTC');
    // A period of whole days ends on its last day, not on the midnight after it.
    expect(
      humanPeriod({ from: new Date('2026-11-01T00:00:00Z'), to: new Date('2026-12-01T00:00:00Z') }),
    ).toBe('1 Nov 2026 to 30 Nov 2026');
    expect(humanPeriod({ from: new Date('2026-11-02T00:00:00Z'), to: at })).toBe('2 Nov 2026 to 2 Dec 2026');
    expect(humanPeriod(null)).toBe('all time');
  });

  it('names a report by its subject: system, framework, period or assessment date, never an id', () => {
    expect(
      reportTitle({
        ...base,
        type: 'assessment',
        systemName: 'Support Bot',
        framework: 'EU_AI_ACT',
        assessmentCompletedAt: new Date('2026-11-20T10:00:00Z'),
      }),
    ).toBe('Assessment report: Support Bot · EU Artificial Intelligence Act · 20 Nov 2026');
    expect(reportSubject({ ...base, type: 'compliance', framework: 'NIST_AI_RMF' })).toBe(
      'NIST AI Risk Management Framework · all time',
    );
    expect(reportSubject({ ...base, type: 'compliance' })).toBe('All frameworks · all time');
    expect(reportSubject({ ...base, type: 'system', systemName: 'Claims Triage' })).toBe(
      'Claims Triage · all time',
    );
    expect(reportTitle({ ...base, type: 'executive' })).toBe('Executive summary: All time');
    // A subject the read model has not learnt of yet says so rather than showing an id.
    expect(reportSubject({ ...base, type: 'system' })).toBe('Unknown system · all time');
  });
});
