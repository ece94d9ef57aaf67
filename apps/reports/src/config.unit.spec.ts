import { ConfigError } from '@governance/platform';
import { readReportsConfig } from './config';

const KEY = 'k'.repeat(32);
const base = { DATABASE_URL: 'postgres://localhost/db', REPORT_SIGNING_KEY: KEY };

describe('reports config', () => {
  it('has a working default for every variable but the signing key', () => {
    const config = readReportsConfig(base);
    expect(config.reportBaseUrl).toBe('http://localhost:8080/api/service/reports');
    expect(config.linkTtlMs).toBe(3_600_000);
    expect(config.storage).toEqual({ kind: 'postgres', directory: '.data/reports' });
    expect(config.worker).toEqual({
      pollIntervalMs: 500,
      claimLeaseMs: 120_000,
      concurrency: 2,
      assessmentGraceMs: 30_000,
    });
    expect(config.signingKey.equals(Buffer.from(KEY))).toBe(true);
    expect(config.limits).toEqual({ findings: 5_000, assessments: 1_000, pages: 300, textLength: 500 });
    expect(config.rendering).toEqual({ timeoutMs: 120_000, memoryMb: 256 });
  });

  it('points report links at the port the product listens on when REPORT_BASE_URL is unset', () => {
    expect(readReportsConfig({ ...base, PORT: '3000' }).reportBaseUrl).toBe(
      'http://localhost:3000/api/service/reports',
    );
  });

  it('trims a trailing slash off REPORT_BASE_URL and reads the storage choice', () => {
    const config = readReportsConfig({
      ...base,
      REPORT_BASE_URL: 'https://governance.example/api/service/reports/',
      REPORT_STORAGE: 'disk',
      REPORT_STORAGE_DIR: '/var/lib/reports',
    });
    expect(config.reportBaseUrl).toBe('https://governance.example/api/service/reports');
    expect(config.storage).toEqual({ kind: 'disk', directory: '/var/lib/reports' });
  });

  it('fails at start on a missing or short signing key, a bad URL or an unknown storage', () => {
    const problems = (env: NodeJS.ProcessEnv): string[] => {
      try {
        readReportsConfig(env);
      } catch (error) {
        if (error instanceof ConfigError) return error.problems;
        throw error;
      }
      return [];
    };
    expect(problems({ DATABASE_URL: base.DATABASE_URL })).toEqual([
      expect.stringContaining('REPORT_SIGNING_KEY'),
    ]);
    expect(problems({ ...base, REPORT_SIGNING_KEY: 'short' })).toEqual([
      expect.stringContaining('REPORT_SIGNING_KEY'),
    ]);
    expect(problems({ ...base, REPORT_BASE_URL: 'ftp://x' })).toEqual([
      expect.stringContaining('REPORT_BASE_URL'),
    ]);
    expect(problems({ ...base, REPORT_STORAGE: 's3' })).toEqual([expect.stringContaining('REPORT_STORAGE')]);
    expect(problems({ ...base, REPORT_LINK_TTL_MS: '10' })).toEqual([
      expect.stringContaining('REPORT_LINK_TTL_MS'),
    ]);
  });
});
