import { decideSilence, type SilenceCandidate } from './silence-decision';

const FIVE_MINUTES = 300_000;
const now = new Date('2026-11-22T12:00:00.000Z');
const ago = (ms: number) => new Date(now.getTime() - ms);

function probe(overrides: Partial<SilenceCandidate> = {}): SilenceCandidate {
  return {
    probe_id: 'prb_1',
    probe_name: 'edge-probe',
    environment: 'production',
    connection: 'connected',
    last_telemetry_at: ago(1_000),
    registered_at: ago(3_600_000),
    ...overrides,
  };
}

describe('silence decision', () => {
  it('is seen last at its last telemetry, or at registration if it never sent any', () => {
    expect(decideSilence(probe({ last_telemetry_at: ago(400_000) }), now, FIVE_MINUTES)?.last_seen_at).toBe(
      ago(400_000).toISOString(),
    );
    expect(decideSilence(probe({ last_telemetry_at: null }), now, FIVE_MINUTES)?.last_seen_at).toBe(
      ago(3_600_000).toISOString(),
    );
  });

  it('calls a probe silent only after strictly more than the silence window', () => {
    expect(decideSilence(probe({ last_telemetry_at: ago(FIVE_MINUTES) }), now, FIVE_MINUTES)).toBeUndefined();
    expect(
      decideSilence(probe({ last_telemetry_at: ago(FIVE_MINUTES + 1) }), now, FIVE_MINUTES),
    ).toMatchObject({
      probe_id: 'prb_1',
      last_seen_at: ago(FIVE_MINUTES + 1).toISOString(),
      silence_duration_seconds: 300,
    });
  });

  it('rounds the silence down to whole seconds', () => {
    expect(
      decideSilence(probe({ last_telemetry_at: ago(FIVE_MINUTES + 61_999) }), now, FIVE_MINUTES)
        ?.silence_duration_seconds,
    ).toBe(361);
  });

  it('counts a probe that never sent telemetry from its registration', () => {
    expect(
      decideSilence(probe({ last_telemetry_at: null, registered_at: ago(600_000) }), now, FIVE_MINUTES),
    ).toMatchObject({ silence_duration_seconds: 600 });
    expect(
      decideSilence(probe({ last_telemetry_at: null, registered_at: ago(10_000) }), now, FIVE_MINUTES),
    ).toBeUndefined();
  });

  it('announces a silence once: a probe already disconnected is not silent again', () => {
    expect(
      decideSilence(
        probe({ connection: 'disconnected', last_telemetry_at: ago(900_000) }),
        now,
        FIVE_MINUTES,
      ),
    ).toBeUndefined();
  });

  it('picks only the silent, connected probes of a list', () => {
    const silent = [
      probe({ probe_id: 'a', last_telemetry_at: ago(400_000) }),
      probe({ probe_id: 'b' }),
      probe({ probe_id: 'c', connection: 'disconnected', last_telemetry_at: ago(400_000) }),
      probe({ probe_id: 'd', last_telemetry_at: null, registered_at: ago(301_000) }),
    ].flatMap((candidate) => decideSilence(candidate, now, FIVE_MINUTES) ?? []);
    expect(silent.map((details) => details.probe_id)).toEqual(['a', 'd']);
  });

  it('builds exactly the published details, with "" for an unknown environment', () => {
    const candidate = probe({ environment: null, last_telemetry_at: ago(310_500) });
    expect(decideSilence(candidate, now, FIVE_MINUTES)).toEqual({
      probe_id: 'prb_1',
      probe_name: 'edge-probe',
      last_seen_at: '2026-11-22T11:54:49.500Z',
      silence_duration_seconds: 310,
      environment: '',
    });
  });
});
