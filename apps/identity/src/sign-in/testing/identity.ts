import { randomBytes } from 'node:crypto';
import { ServiceHarness, type TestDatabase } from '@governance/testing';
import { createService } from '../../service';
import { type SignInResponse } from '../sign-in.dto';
import { AUTH, type Browser, PUBLIC_URL } from './browser';

export const ADMIN_TOKEN = 'sign-in-tests-admin-token';
/** The first-start link's token, fixed for the run, as automation would set it. */
export const SETUP_TOKEN = randomBytes(32).toString('base64url');
export const GOOD_PASSWORD = 'violet kettle under the bridge';

/** The identity service with the console at PUBLIC_URL and a known first-start token. */
export function startIdentity(env: Record<string, string> = {}, database?: TestDatabase) {
  return ServiceHarness.start(createService, {
    env: { ADMIN_TOKEN, PUBLIC_URL, SETUP_TOKEN, ...env },
    ...(database ? { database } : {}),
  });
}

export interface Person {
  email: string;
  name: string;
  password: string;
}

export const person = (name: string): Person => ({
  email: `${name.toLowerCase()}-${randomBytes(4).toString('hex')}@example.test`,
  name,
  password: GOOD_PASSWORD,
});

/** Creates the first owner and their organization with the first-start link, signed in on `browser`. */
export async function setUpFirstOwner(browser: Browser, owner: Person, organizationName = 'Acme') {
  const response = await browser.send('POST', `${AUTH}/setup`, {
    token: SETUP_TOKEN,
    ...owner,
    organization_name: organizationName,
  });
  expect([response.statusCode, response.body]).toEqual([201, response.body]);
  return response.json<SignInResponse>();
}

/** An organization made by the admin API for `ownerEmail`; returns it and the token of its setup link. */
export async function createOrganizationFor(harness: ServiceHarness, ownerEmail: string, name = 'Globex') {
  const response = await harness.request('POST', '/admin/v1/organizations', ADMIN_TOKEN, {
    name,
    plan: 'free',
    owner_email: ownerEmail,
  });
  expect([response.statusCode, response.body]).toEqual([201, response.body]);
  const organization = response.json<{ id: string; owner_setup_url: string }>();
  expect(organization.owner_setup_url).toMatch(new RegExp(`^${PUBLIC_URL}/setup\\?token=[A-Za-z0-9_-]{43}$`));
  return { ...organization, token: new URL(organization.owner_setup_url).searchParams.get('token')! };
}
