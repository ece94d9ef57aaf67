import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@governance/platform';
import { readWebhooksConfig } from './config';

const base = {
  DATABASE_URL: 'postgres://localhost/db',
  SECRETS_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
};
const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n';

describe('webhooks config: WEBHOOK_CA_FILE', () => {
  const dir = mkdtempSync(join(tmpdir(), 'webhooks-config-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const problems = (env: NodeJS.ProcessEnv): string[] => {
    try {
      readWebhooksConfig({ ...base, ...env });
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('trusts only the default CAs when unset', () => {
    expect(readWebhooksConfig(base).dispatch.extraCaCertificates).toBeUndefined();
  });

  it('reads the certificates of the file it names', () => {
    const file = join(dir, 'ca.pem');
    writeFileSync(file, PEM);

    expect(readWebhooksConfig({ ...base, WEBHOOK_CA_FILE: file }).dispatch.extraCaCertificates).toBe(PEM);
  });

  it('fails at start on a file it cannot read or one without a certificate', () => {
    const empty = join(dir, 'empty.pem');
    writeFileSync(empty, 'not a certificate');

    expect(problems({ WEBHOOK_CA_FILE: join(dir, 'missing.pem') })).toEqual([
      expect.stringMatching(/^WEBHOOK_CA_FILE must name a readable PEM file: ENOENT/),
    ]);
    expect(problems({ WEBHOOK_CA_FILE: empty })).toEqual([
      `WEBHOOK_CA_FILE must name a PEM file of certificates; ${empty} holds none`,
    ]);
  });
});
