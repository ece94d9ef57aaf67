import { ConfigError } from '@governance/platform';
import { readProbeIngestConfig } from './config';

const base = { DATABASE_URL: 'postgres://localhost/probe' };

describe('probe ingest configuration', () => {
  it('defaults to the published silence window and a sweep every 10 s', () => {
    const config = readProbeIngestConfig(base);
    expect(config.silence).toEqual({ silenceMs: 300_000, sweepIntervalMs: 10_000 });
    expect(config.telemetry).toEqual({
      maxBatchesPerCommit: 64,
      commitConcurrency: 2,
      touchIntervalMs: 1_000,
    });
  });

  it('reads shortened windows, and scales the default touch interval down with the silence window', () => {
    const config = readProbeIngestConfig({
      ...base,
      PROBE_SILENCE_MS: '1500',
      PROBE_SILENCE_SWEEP_MS: '100',
    });
    expect(config.silence).toEqual({ silenceMs: 1_500, sweepIntervalMs: 100 });
    expect(config.telemetry.touchIntervalMs).toBe(150);
  });

  it('refuses a touch interval over half the silence window and a commit concurrency that takes the whole pool', () => {
    let thrown: unknown;
    try {
      readProbeIngestConfig({
        ...base,
        PROBE_SILENCE_MS: '1000',
        PROBE_TELEMETRY_TOUCH_MS: '600',
        DATABASE_POOL_SIZE: '2',
        PROBE_TELEMETRY_COMMIT_CONCURRENCY: '2',
      });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).problems).toEqual([
      'PROBE_TELEMETRY_COMMIT_CONCURRENCY must be below DATABASE_POOL_SIZE, so other work keeps a connection',
      'PROBE_TELEMETRY_TOUCH_MS must be at most half of PROBE_SILENCE_MS',
    ]);
  });

  it('needs a database URL', () => {
    expect(() => readProbeIngestConfig({})).toThrow(/DATABASE_URL is required/);
  });
});
