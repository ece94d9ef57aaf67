import { EnvReader } from '@governance/platform';
import { readReportBaseUrl, readServiceConfig } from './service-config';

const DATABASE_URL = 'postgres://localhost/governance';
const read = (env: Record<string, string>) =>
  readServiceConfig({ DATABASE_URL, ...env }, 'reports', (reader, basics) => ({
    reportBaseUrl: readReportBaseUrl(reader, basics),
  }));

describe('the links a service hands out', () => {
  it('follow PORT when PUBLIC_URL is unset, so a product on another port prints links that work', () => {
    expect(read({ PORT: '19280' })).toMatchObject({
      publicUrl: 'http://localhost:19280',
      publicOrigin: undefined,
      reportBaseUrl: 'http://localhost:19280/api/service/reports',
    });
  });

  it('all follow PUBLIC_URL when it is set', () => {
    expect(read({ PORT: '3000', PUBLIC_URL: 'https://governance.example.com/' })).toMatchObject({
      publicUrl: 'https://governance.example.com',
      publicOrigin: 'https://governance.example.com',
      reportBaseUrl: 'https://governance.example.com/api/service/reports',
    });
  });

  it('let REPORT_BASE_URL override report links alone', () => {
    const env = new EnvReader({ REPORT_BASE_URL: 'https://reports.example.com/r' });
    expect(readReportBaseUrl(env, { publicUrl: 'https://governance.example.com' })).toBe(
      'https://reports.example.com/r',
    );
  });

  it('refuse a PUBLIC_URL that is not an http(s) URL, once', () => {
    expect(() => read({ PUBLIC_URL: 'governance.example.com' })).toThrow(
      /PUBLIC_URL must be an http\(s\) URL/,
    );
  });
});
