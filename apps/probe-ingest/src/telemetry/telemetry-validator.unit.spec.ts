import { fieldPath, TelemetryValidator } from './telemetry-validator';

const PROBE_ID = 'prb_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const record = (overrides: Record<string, unknown> = {}) => ({
  timestamp: '2026-11-22T10:00:00.000Z',
  metrics: { latency_ms: 12.5 },
  ...overrides,
});

describe('telemetry validation', () => {
  const validator = new TelemetryValidator();

  it('writes Ajv paths the way API clients read fields', () => {
    expect(fieldPath('/records/3/metrics/latency_ms')).toBe('records[3].metrics.latency_ms');
    expect(fieldPath('/records/0', 'timestamp')).toBe('records[0].timestamp');
    expect(fieldPath('/records/1/labels/a~1b')).toBe('records[1].labels.a/b');
    expect(fieldPath('', 'probe_id')).toBe('probe_id');
    expect(fieldPath('')).toBe('body');
  });

  it('accepts a full, well-formed batch and hands it back as is', () => {
    const body = {
      probe_id: PROBE_ID,
      records: [
        record({
          system_id: 'sys_01ARZ3NDEKTSV4RRFFQ69G5FAV',
          labels: { route: '/chat' },
          model: 'gpt-4o',
          input_hash: `sha256:${'0f'.repeat(32)}`,
          observed_endpoint: 'https://api.openai.com/v1/chat/completions',
        }),
        record({ metrics: { a: 0, b: -1e-9, c: 1e300 } }),
      ],
    };
    expect(validator.validate(body)).toEqual({ ok: true, batch: body });
  });

  it('accepts the policies a probe enforced locally, and names each bad one', () => {
    const policyId = 'pol_01ARZ3NDEKTSV4RRFFQ69G5FAV';
    const good = {
      probe_id: PROBE_ID,
      records: [
        record({ enforcement: [{ policy_id: policyId, action: 'blocked' }] }),
        record({ enforcement: [] }),
      ],
    };
    expect(validator.validate(good)).toEqual({ ok: true, batch: good });
    const bad = validator.validate({
      probe_id: PROBE_ID,
      records: [
        record({
          enforcement: [
            { policy_id: 'sys_01ARZ3NDEKTSV4RRFFQ69G5FAV', action: 'blocked' },
            { policy_id: policyId, action: 'denied' },
            { policy_id: policyId },
            { policy_id: policyId, action: 'warned', reason: 'x' },
          ],
        }),
        record({ enforcement: { policy_id: policyId, action: 'warned' } }),
      ],
    });
    expect(bad).toEqual({
      ok: false,
      problems: [
        { field: 'records[0].enforcement[0].policy_id', message: 'must be a policy id (pol_...)' },
        { field: 'records[0].enforcement[1].action', message: 'must be one of blocked, warned' },
        { field: 'records[0].enforcement[2].action', message: 'is required' },
        { field: 'records[0].enforcement[3].reason', message: 'is not an allowed field' },
        { field: 'records[1].enforcement', message: 'must be an array' },
      ],
    });
  });

  it('lists each bad field with its record index', () => {
    const result = validator.validate({
      probe_id: PROBE_ID,
      records: [
        record(),
        record({ metrics: { latency_ms: '12' }, colour: 'red' }),
        record({ timestamp: undefined }),
      ],
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        { field: 'records[1].colour', message: 'is not an allowed field' },
        { field: 'records[1].metrics.latency_ms', message: 'must be a number' },
        { field: 'records[2].timestamp', message: 'is required' },
      ],
    });
  });

  it('reports a bad metric name once, by name, cut short when long', () => {
    const name = 'n'.repeat(500);
    const result = validator.validate({ probe_id: PROBE_ID, records: [record({ metrics: { [name]: 1 } })] });
    expect(result).toEqual({
      ok: false,
      problems: [
        {
          field: `records[0].metrics.${'n'.repeat(140)}…`,
          message: 'is not an allowed name (1 to 128 printable characters)',
        },
      ],
    });
  });

  it('stops listing after 20 problems', () => {
    const records = Array.from({ length: 50 }, () => record({ metrics: { a: 'x' } }));
    const result = validator.validate({ probe_id: PROBE_ID, records });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems).toHaveLength(20);
  });

  it('accepts time zones as offsets, and refuses a date-time without one', () => {
    expect(
      validator.validate({
        probe_id: PROBE_ID,
        records: [record({ timestamp: '2026-11-22T10:00:00+05:30' })],
      }).ok,
    ).toBe(true);
    expect(
      validator.validate({ probe_id: PROBE_ID, records: [record({ timestamp: '2026-11-22T10:00:00' })] }),
    ).toEqual({
      ok: false,
      problems: [
        { field: 'records[0].timestamp', message: 'must be an ISO 8601 date-time with a time zone' },
      ],
    });
  });
});
