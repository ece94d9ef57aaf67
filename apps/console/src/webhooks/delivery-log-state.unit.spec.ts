import {
  formatDuration,
  fromLocalInput,
  logFiltersFrom,
  recoverySummary,
  toLocalInput,
} from './delivery-log-state';

describe('delivery log filters', () => {
  it('reads the known filters from the address and drops the rest', () => {
    const params = new URLSearchParams(
      'outcome=failed&event=policy.violated&since=2026-11-20T10:00:00Z&until=not-a-date&limit=3',
    );
    expect(logFiltersFrom(params)).toEqual({
      outcome: 'failed',
      event: 'policy.violated',
      since: '2026-11-20T10:00:00.000Z',
    });
    expect(logFiltersFrom(new URLSearchParams('outcome=lost&event=user.created'))).toEqual({});
  });

  it('turns a local date and time into an instant with its zone, and back', () => {
    const iso = fromLocalInput('2026-11-20T10:30');
    expect(iso).toMatch(/^2026-11-2\dT\d{2}:30:00\.000Z$/);
    expect(toLocalInput(iso!)).toBe('2026-11-20T10:30');
    expect(fromLocalInput('')).toBeUndefined();
    expect(fromLocalInput('tomorrow')).toBeUndefined();
    expect(toLocalInput('garbage')).toBe('');
  });
});

describe('what the page says', () => {
  it('formats response times', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(84)).toBe('84 ms');
    expect(formatDuration(1250)).toBe('1.3 s');
  });

  it('sums up a recovery, and says when more remain', () => {
    expect(recoverySummary({ resent: 0, has_more: false })).toBe('No failed delivery needed resending.');
    expect(recoverySummary({ resent: 1, has_more: false })).toBe('1 failed delivery was resent.');
    expect(recoverySummary({ resent: 10000, has_more: true })).toBe(
      '10000 failed deliveries were resent. More failed deliveries remain: recover again to continue.',
    );
  });
});
