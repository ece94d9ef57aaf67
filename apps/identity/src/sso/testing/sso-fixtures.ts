import { randomBytes } from 'node:crypto';
import { type ServiceHarness } from '@governance/testing';
import { TestBrowser } from './oidc-test-provider';
import { type TestDnsServer } from './test-dns-server';

/* What the SSO specs share: the console's address, the client registered at the test providers, identity's
   environment, and organizations made through the admin API. */

export const PUBLIC_URL = 'http://console.test';
export const CALLBACK = `${PUBLIC_URL}/api/service/auth/sso/callback`;
export const ADMIN_TOKEN = `adm_${randomBytes(18).toString('base64url')}`;
export const CLIENT = { client_id: 'governance', client_secret: randomBytes(24).toString('base64url') };

export interface ErrorBody {
  error: { code: string; message: string; details: unknown };
}

/**
 * Identity as the SSO tests run it: allowed an http issuer and, unless `strict`, one at a loopback address
 * (the providers run on 127.0.0.1), as only tests and development may.
 */
export const identityEnv = (
  secretsKey: string | undefined,
  options: { strict?: boolean; extra?: Record<string, string> } = {},
): Record<string, string> => ({
  ADMIN_TOKEN,
  PUBLIC_URL,
  ...(secretsKey ? { SECRETS_ENCRYPTION_KEY: secretsKey } : {}),
  SSO_ALLOW_HTTP_ISSUERS: 'true',
  ...(options.strict ? {} : { SSO_ALLOW_PRIVATE_ISSUERS: 'true' }),
  SSO_PROVIDER_TIMEOUT_MS: '3000',
  ...options.extra,
});

export async function createOrganization(harness: ServiceHarness, name: string) {
  const created = await harness.request('POST', '/admin/v1/organizations', ADMIN_TOKEN, {
    name,
    plan: 'professional',
  });
  expect(created.statusCode).toBe(201);
  const body = created.json<{ id: string; api_key: string }>();
  return { id: body.id, apiKey: body.api_key };
}

/** A browser whose requests to the console's origin go to the identity service in-process. */
export const browserOf = (harness: ServiceHarness): TestBrowser =>
  new TestBrowser(PUBLIC_URL, (path, headers) => harness.request('GET', path, undefined, undefined, headers));

/**
 * Proves `domain` for the organization of `apiKey` the way its owner would: publishes the TXT record the
 * configuration names on the test DNS server (beside any already there), then asks identity to verify it.
 */
export async function proveDomain(
  harness: ServiceHarness,
  dns: TestDnsServer,
  apiKey: string,
  domain: string,
) {
  const configuration = await harness.request('GET', '/api/service/sso', apiKey);
  const claim = configuration
    .json<{ domain_verification: Array<{ domain: string; txt_record: { name: string; value: string } }> }>()
    .domain_verification.find((d) => d.domain === domain)!;
  const existing = dns.zone.get(claim.txt_record.name)?.TXT ?? [];
  dns.set(claim.txt_record.name, { TXT: [...existing, claim.txt_record.value] });
  const verified = await harness.request('POST', `/api/service/sso/domains/${domain}/verify`, apiKey);
  expect(verified.statusCode).toBe(200);
  return verified;
}
