import { parseReportPeriod } from './report-period';

const NOW = new Date('2026-11-22T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

const resolved = (value: unknown): { from: string; to: string } | null => {
  const parsed = parseReportPeriod(value, NOW);
  if (!parsed.ok) throw new Error(JSON.stringify(parsed.problems));
  return parsed.period && { from: parsed.period.from.toISOString(), to: parsed.period.to.toISOString() };
};
const problems = (value: unknown): Array<{ field: string; message: string }> => {
  const parsed = parseReportPeriod(value, NOW);
  if (parsed.ok) throw new Error(`accepted ${JSON.stringify(value)}`);
  return parsed.problems;
};

describe('report period', () => {
  it('is all time when absent or null', () => {
    expect(resolved(undefined)).toBeNull();
    expect(resolved(null)).toBeNull();
  });

  it('reads shorthands as the span ending now', () => {
    expect(resolved('30d')).toEqual({
      from: new Date(NOW.getTime() - 30 * DAY).toISOString(),
      to: NOW.toISOString(),
    });
    expect(resolved('12h')).toEqual({ from: '2026-11-22T00:00:00.000Z', to: NOW.toISOString() });
    expect(resolved('2w')).toEqual({ from: '2026-11-08T12:00:00.000Z', to: NOW.toISOString() });
  });

  it('reads dates as whole UTC days and timestamps as given', () => {
    expect(resolved({ from: '2026-11-01', to: '2026-11-10' })).toEqual({
      from: '2026-11-01T00:00:00.000Z',
      to: '2026-11-11T00:00:00.000Z',
    });
    expect(resolved({ from: '2026-11-01T10:00:00+02:00' })).toEqual({
      from: '2026-11-01T08:00:00.000Z',
      to: NOW.toISOString(),
    });
  });

  it('names the bad field', () => {
    expect(problems('30 days')).toEqual([{ field: 'period', message: expect.stringContaining('30d') }]);
    expect(problems('0d')[0]!.field).toBe('period');
    expect(problems('99999w')).toEqual([{ field: 'period', message: 'must span at most 3650 days' }]);
    expect(problems(42)[0]!.field).toBe('period');
    expect(problems([])[0]!.field).toBe('period');
    expect(problems({ to: '2026-11-01' })).toEqual([{ field: 'period.from', message: 'is required' }]);
    expect(problems({ from: '2026-02-30' })).toEqual([
      { field: 'period.from', message: 'is not a calendar date' },
    ]);
    expect(problems({ from: '2026-11-01T10:00:00' })[0]!.field).toBe('period.from');
    expect(problems({ from: '2026-11-01', to: 5 })[0]!.field).toBe('period.to');
    expect(problems({ from: '2026-11-01', until: '2026-11-02' })).toEqual([
      { field: 'period.until', message: 'is not a period field (from, to)' },
    ]);
  });

  it('refuses an empty, inverted or future window', () => {
    expect(problems({ from: '2026-11-10', to: '2026-11-01' })).toEqual([
      { field: 'period.from', message: 'must be before period.to' },
    ]);
    expect(problems({ from: '2026-12-01', to: '2026-12-31' })).toEqual([
      { field: 'period.from', message: 'must not be in the future' },
    ]);
  });
});
