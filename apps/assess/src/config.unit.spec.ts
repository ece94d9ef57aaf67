import { ConfigError } from '@governance/platform';
import { readAssessConfig } from './config';

const base = { DATABASE_URL: 'postgres://localhost/x' };

describe('assess config', () => {
  it('defaults to the documented values', () => {
    const config = readAssessConfig(base);
    expect(config.worker).toEqual({ pollIntervalMs: 500, claimLeaseMs: 300_000, concurrency: 2 });
    expect(config.reportBaseUrl).toBe('http://localhost:8080/api/service/reports');
  });

  it('points report links at the port the product listens on when REPORT_BASE_URL is unset', () => {
    expect(readAssessConfig({ ...base, PORT: '3000' }).reportBaseUrl).toBe(
      'http://localhost:3000/api/service/reports',
    );
  });

  it('reads overrides and drops a trailing slash from the report base', () => {
    const config = readAssessConfig({
      ...base,
      ASSESS_WORKER_POLL_MS: '50',
      ASSESS_CLAIM_LEASE_MS: '1000',
      ASSESS_CONCURRENCY: '4',
      REPORT_BASE_URL: 'https://governance.example/reports/',
    });
    expect(config.worker).toEqual({ pollIntervalMs: 50, claimLeaseMs: 1000, concurrency: 4 });
    expect(config.reportBaseUrl).toBe('https://governance.example/reports');
  });

  it('fails fast on bad values, listing each', () => {
    expect(() =>
      readAssessConfig({
        ...base,
        ASSESS_CONCURRENCY: '0',
        REPORT_BASE_URL: 'ftp://x',
        ASSESS_WORKER_POLL_MS: 'soon',
      }),
    ).toThrow(ConfigError);
    try {
      readAssessConfig({ ...base, ASSESS_CONCURRENCY: '0', REPORT_BASE_URL: 'ftp://x' });
    } catch (error) {
      expect((error as Error).message).toContain('ASSESS_CONCURRENCY');
      expect((error as Error).message).toContain('REPORT_BASE_URL');
    }
  });
});
