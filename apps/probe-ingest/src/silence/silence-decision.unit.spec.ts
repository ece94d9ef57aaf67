import {
  decideSilence,
  disconnectedDetails,
  findSilent,
  lastSeenAt,
  type SilenceCandidate,
  silenceCutoff,
} from './silence-decision';

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
    expect(lastSeenAt(probe())).toEqual(ago(1_000));
    expect(lastSeenAt(probe({ last_telemetry_at: null }))).toEqual(ago(3_600_000));
  });

  it('calls a probe silent only after strictly more than the silence window', () => {
    expect(decideSilence(probe({ last_telemetry_at: ago(FIVE_MINUTES) }), now, FIVE_MINUTES)).toBeUndefined();
    expect(decideSilence(probe({ last_telemetry_at: ago(FIVE_MINUTES + 1) }), now, FIVE_MINUTES)).toEqual({
      probeId: 'prb_1',
      lastSeenAt: ago(FIVE_MINUTES + 1),
      silenceDurationSeconds: 300,
    });
  });

  it('rounds the silence down to whole seconds', () => {
    expect(
      decideSilence(probe({ last_telemetry_at: ago(FIVE_MINUTES + 61_999) }), now, FIVE_MINUTES)
        ?.silenceDurationSeconds,
    ).toBe(361);
  });

  it('counts a probe that never sent telemetry from its registration', () => {
    expect(
      decideSilence(probe({ last_telemetry_at: null, registered_at: ago(600_000) }), now, FIVE_MINUTES),
    ).toMatchObject({ silenceDurationSeconds: 600 });
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
    const silent = findSilent(
      [
        probe({ probe_id: 'a', last_telemetry_at: ago(400_000) }),
        probe({ probe_id: 'b' }),
        probe({ probe_id: 'c', connection: 'disconnected', last_telemetry_at: ago(400_000) }),
        probe({ probe_id: 'd', last_telemetry_at: null, registered_at: ago(301_000) }),
      ],
      now,
      FIVE_MINUTES,
    );
    expect(silent.map((verdict) => verdict.probeId)).toEqual(['a', 'd']);
  });

  it('puts the cutoff one window before now', () => {
    expect(silenceCutoff(now, FIVE_MINUTES)).toEqual(ago(FIVE_MINUTES));
  });

  it('builds exactly the published details, with "" for an unknown environment', () => {
    const candidate = probe({ environment: null, last_telemetry_at: ago(310_500) });
    const verdict = decideSilence(candidate, now, FIVE_MINUTES)!;
    expect(disconnectedDetails(candidate, verdict)).toEqual({
      probe_id: 'prb_1',
      probe_name: 'edge-probe',
      last_seen_at: '2026-11-22T11:54:49.500Z',
      silence_duration_seconds: 310,
      environment: '',
    });
  });
});
