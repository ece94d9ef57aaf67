import { type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError } from './testing/browser';
import {
  createOrganizationFor,
  type Person,
  person,
  SETUP_TOKEN,
  setUpFirstOwner,
  startIdentity,
} from './testing/identity';

const TABLES = [
  'tenancy.users',
  'tenancy.organizations',
  'tenancy.memberships',
  'tenancy.sessions',
  'tenancy.one_time_links',
  'tenancy.sign_in_failures',
  'tenancy.outbox',
];

/** Bad input on every sign-in endpoint: a 4xx with the uniform body, and nothing written anywhere. */
describe('sign-in input', () => {
  let harness: ServiceHarness;
  let owner: Person;
  let browser: Browser;
  let ownerLinkToken: string;

  beforeAll(async () => {
    harness = await startIdentity();
    owner = person('Ada');
    browser = new Browser(harness);
    await setUpFirstOwner(browser, owner);
    ownerLinkToken = (await createOrganizationFor(harness, 'grace@example.test')).token;
  });

  afterAll(() => harness.close());

  const counts = () => Promise.all(TABLES.map((table) => harness.count(table)));

  /** Sends each body; each must get a 4xx uniform error, and no table may change. */
  const refusesAll = async (
    method: 'POST' | 'DELETE' | 'GET',
    url: string,
    bodies: unknown[],
    from: Browser = browser,
  ) => {
    const before = await counts();
    for (const body of bodies) {
      const response = await from.send(method, url, body);
      const label = `${method} ${url} ${JSON.stringify(body)}`;
      expect([label, response.statusCode >= 400 && response.statusCode < 500]).toEqual([label, true]);
      expectUniformError(response, response.statusCode);
    }
    expect(await counts()).toEqual(before);
  };

  const notJsonObjects = ['{', '', 'null', '[]', '"text"', '42', '{"a": 1,}'];
  const long = (length: number) => 'x'.repeat(length);

  it('setup', async () => {
    const fields = { ...person('Grace'), email: 'grace@example.test' };
    await refusesAll('POST', `${AUTH}/setup`, [
      ...notJsonObjects,
      {},
      { ...fields },
      { ...fields, token: '' },
      { ...fields, token: 7 },
      { ...fields, token: long(201) },
      { ...fields, token: 'unknown token' },
      { ...fields, token: SETUP_TOKEN, organization_name: 'Used already' },
      { ...fields, token: ownerLinkToken, email: 'not an email' },
      { ...fields, token: ownerLinkToken, email: 'someone.else@example.test' },
      { ...fields, token: ownerLinkToken, email: null },
      { ...fields, token: ownerLinkToken, name: '' },
      { ...fields, token: ownerLinkToken, name: '   ' },
      { ...fields, token: ownerLinkToken, name: long(201) },
      { ...fields, token: ownerLinkToken, name: 'bell \u0007' },
      { ...fields, token: ownerLinkToken, password: 'short' },
      { ...fields, token: ownerLinkToken, password: 'password1234' },
      { ...fields, token: ownerLinkToken, password: 'grace@example.test' },
      { ...fields, token: ownerLinkToken, password: long(257) },
      { ...fields, token: ownerLinkToken, password: null },
      { ...fields, token: ownerLinkToken, organization_name: '' },
      { ...fields, token: ownerLinkToken, organization_name: 5 },
      { ...fields, token: ownerLinkToken, role: 'owner' },
    ]);
  });

  it('password reset and its confirmation', async () => {
    await refusesAll('POST', `${AUTH}/password-reset`, [
      ...notJsonObjects,
      {},
      { email: 'not an email' },
      { email: 42 },
      { email: `${long(250)}@example.test` },
      { email: owner.email, extra: true },
    ]);
    await refusesAll('POST', `${AUTH}/password-reset/confirm`, [
      ...notJsonObjects,
      {},
      { token: 'unknown token', new_password: 'a perfectly fine passphrase' },
      { token: '', new_password: 'a perfectly fine passphrase' },
      { token: ['x'], new_password: 'a perfectly fine passphrase' },
      { token: 'unknown token' },
      { token: 'unknown token', new_password: long(257) },
    ]);
  });

  it('password change', async () => {
    await refusesAll('POST', `${AUTH}/password`, [
      ...notJsonObjects,
      {},
      { current_password: owner.password },
      { new_password: 'a perfectly fine passphrase' },
      { current_password: owner.password, new_password: 'short' },
      { current_password: owner.password, new_password: 'qwertyuiop123' },
      { current_password: owner.password, new_password: owner.email },
      { current_password: owner.password, new_password: 12345678901234 },
      { current_password: 1, new_password: 'a perfectly fine passphrase' },
      { current_password: owner.password, new_password: 'a perfectly fine passphrase', extra: 1 },
    ]);
    // Without a session the guard answers first, whatever the body.
    await refusesAll(
      'POST',
      `${AUTH}/password`,
      [{ current_password: owner.password, new_password: 'a perfectly fine passphrase' }],
      new Browser(harness),
    );
  });

  it('sessions, me and logout', async () => {
    await refusesAll('DELETE', `${AUTH}/sessions/not-a-session`, [undefined]);
    await refusesAll('DELETE', `${AUTH}/sessions/ses_${'0'.repeat(26)}`, [undefined]);
    await refusesAll('DELETE', `${AUTH}/sessions/%00`, [undefined]);
    const stranger = new Browser(harness);
    await refusesAll('GET', `${AUTH}/me`, [undefined], stranger);
    await refusesAll('GET', `${AUTH}/sessions`, [undefined], stranger);
    await refusesAll('POST', `${AUTH}/logout`, [undefined], stranger);
    stranger.cookies.set('service_session', 'ses_garbage');
    await refusesAll('GET', `${AUTH}/me`, [undefined], stranger);
    // Still signed in after all of it.
    expect((await browser.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
  });
});
