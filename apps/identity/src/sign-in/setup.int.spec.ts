import { createTestDatabase, type ServiceHarness, type TestDatabase } from '@governance/testing';
import { AUTH, Browser, expectUniformError } from './testing/browser';
import { person, SETUP_TOKEN, startIdentity } from './testing/identity';
import { SetupLinksService } from './setup-links.service';

/**
 * First start: while nobody has an account, each start of identity prints a fresh setup link and retires
 * the earlier one; the token is stored as a digest only, so these tests read the link the service returns
 * and compare digests. The first owner is set up with SETUP_TOKEN, as automation would.
 */
describe('first start', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  const unusedLinks = (harness: ServiceHarness) =>
    harness.sql.query<Array<{ token_sha256: string }>>(
      `SELECT token_sha256 FROM tenancy.one_time_links
       WHERE purpose = 'setup' AND organization_id IS NULL AND used_at IS NULL AND expires_at > now()`,
    );

  it('keeps one fresh link while nobody has an account, then none once the first owner exists', async () => {
    // Without SETUP_TOKEN: a random token at each start, the earlier one retired.
    let harness = await startIdentity({ SETUP_TOKEN: '' }, database);
    const pending = await new Browser(harness).send('GET', `${AUTH}/setup`);
    expect(pending.statusCode).toBe(200);
    expect(pending.json()).toEqual({ setup_pending: true });
    const first = await unusedLinks(harness);
    expect(first).toHaveLength(1);
    const printed = await harness.service.app.get(SetupLinksService).firstStart();
    expect(printed?.url).toMatch(/^http:\/\/console\.test\/setup\?token=[A-Za-z0-9_-]{43}$/);
    const second = await unusedLinks(harness);
    expect(second).toHaveLength(1);
    expect(second[0]!.token_sha256).not.toBe(first[0]!.token_sha256);
    // A link printed before is retired by the next start's.
    const retiredToken = new URL(printed!.url).searchParams.get('token')!;
    await harness.service.app.get(SetupLinksService).firstStart();
    const retired = await new Browser(harness).send('POST', `${AUTH}/setup`, {
      token: retiredToken,
      ...person('Eve'),
      organization_name: 'Evil',
    });
    expect(expectUniformError(retired, 410, 'link_invalid').details).toEqual({ reason: 'unknown' });
    expect(await harness.count('tenancy.users')).toBe(0);
    await harness.close();

    // Restarted with SETUP_TOKEN: that token's link replaces the random one.
    harness = await startIdentity({}, database);
    expect(await unusedLinks(harness)).toHaveLength(1);
    const missingOrganization = await new Browser(harness).send('POST', `${AUTH}/setup`, {
      token: SETUP_TOKEN,
      ...person('Ada'),
    });
    expect(expectUniformError(missingOrganization, 400, 'validation_failed').details).toEqual([
      {
        field: 'organization_name',
        message: 'organization_name is required to create the first organization',
      },
    ]);
    expect(await harness.count('tenancy.users')).toBe(0);
    // A form's empty field sent as null is missing too, not a row the database refuses (a 500 before).
    const nullOrganization = await new Browser(harness).send('POST', `${AUTH}/setup`, {
      token: SETUP_TOKEN,
      ...person('Ada'),
      organization_name: null,
    });
    expect(expectUniformError(nullOrganization, 400, 'validation_failed').details).toEqual([
      {
        field: 'organization_name',
        message: 'organization_name is required to create the first organization',
      },
    ]);
    expect(await harness.count('tenancy.organizations')).toBe(0);
    const weak = await new Browser(harness).send('POST', `${AUTH}/setup`, {
      token: SETUP_TOKEN,
      ...person('Ada'),
      password: 'password1234',
      organization_name: 'Acme',
    });
    expect(expectUniformError(weak, 400, 'validation_failed').details).toEqual([
      { field: 'password', message: 'This password is among the most common ones; choose another' },
    ]);
    expect(await harness.count('tenancy.users')).toBe(0);
    expect(await harness.count('tenancy.organizations')).toBe(0);
    const setup = await new Browser(harness).send('POST', `${AUTH}/setup`, {
      token: SETUP_TOKEN,
      ...person('Ada'),
      organization_name: 'Acme',
    });
    expect(setup.statusCode).toBe(201);
    expect(await unusedLinks(harness)).toHaveLength(0);
    expect((await new Browser(harness).send('GET', `${AUTH}/setup`)).json()).toEqual({
      setup_pending: false,
    });
    await harness.close();

    // Once someone has an account, a start prints no link.
    harness = await startIdentity({}, database);
    expect(await unusedLinks(harness)).toHaveLength(0);
    expect(await harness.service.app.get(SetupLinksService).firstStart()).toBeUndefined();
    await harness.close();
  });
});
