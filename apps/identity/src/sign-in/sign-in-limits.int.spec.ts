import { sha256Hex } from '@governance/auth';
import { eventually, readAuditEntries, type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError, PUBLIC_URL } from './testing/browser';
import {
  createOrganizationFor,
  type Person,
  person,
  setUpFirstOwner,
  startIdentity,
} from './testing/identity';
import { SessionSweep } from './session-sweep';

const PER_ACCOUNT = 3;
const PER_ADDRESS = 6;
const WINDOW_MS = 60_000;

/** Failed sign-ins are limited per account and per address, and the limit tells nothing of the account. */
describe('sign-in limits', () => {
  let harness: ServiceHarness;
  let owner: Person;
  let nextAddress = 1;
  /** A browser from an address of its own, so only the limit under test applies. */
  const fresh = () => new Browser(harness, `192.0.2.${nextAddress++}`);

  beforeAll(async () => {
    harness = await startIdentity({
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: String(PER_ACCOUNT),
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
      SIGN_IN_FAILURE_WINDOW_MS: String(WINDOW_MS),
    });
    owner = person('Ada');
    await setUpFirstOwner(fresh(), owner);
  });

  afterAll(() => harness.close());

  const login = (browser: Browser, email: string, password: string) =>
    browser.send('POST', `${AUTH}/login`, { email, password });

  /** Makes an account known to the service with its password, signed in on no browser of the test. */
  const anotherAccount = async (): Promise<Person> => {
    const someone = person('Grace');
    const created = await createOrganizationFor(harness, someone.email);
    const setup = await fresh().send('POST', `${AUTH}/setup`, { token: created.token, ...someone });
    expect(setup.statusCode).toBe(201);
    return someone;
  };

  const retryAfter = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers['retry-after']);

  it('limits an account, refuses even its right password while limited, and says the same for an unknown email', async () => {
    const account = await anotherAccount();
    const unknown = `nobody-${nextAddress}@example.test`;
    const started = Date.now();
    for (let i = 0; i < PER_ACCOUNT; i++) {
      expectUniformError(await login(fresh(), account.email, 'wrong password number ' + i), 401);
      expectUniformError(await login(fresh(), unknown, 'wrong password number ' + i), 401);
    }
    const limited = await login(fresh(), account.email, account.password);
    const error = expectUniformError(limited, 429, 'too_many_requests');
    // Until the first failure leaves the window: a minute after it, however long the failures took.
    const elapsedSeconds = Math.ceil((Date.now() - started) / 1000);
    expect(retryAfter(limited)).toBeGreaterThanOrEqual(WINDOW_MS / 1000 - elapsedSeconds);
    expect(retryAfter(limited)).toBeLessThanOrEqual(WINDOW_MS / 1000);
    expect(error.details).toEqual({ retry_after_seconds: retryAfter(limited) });
    const limitedUnknown = await login(fresh(), unknown, 'any password at all');
    expectUniformError(limitedUnknown, 429, 'too_many_requests');
    // The same answer but for the seconds, which may have ticked: nothing tells the two apart.
    const withoutSeconds = (body: string) => body.replace(/\d+/g, 'N');
    expect(withoutSeconds(limitedUnknown.body)).toBe(withoutSeconds(limited.body));
    expect(Object.keys(limitedUnknown.headers).sort()).toEqual(Object.keys(limited.headers).sort());
    // Another account from the same addresses is not affected.
    expect((await login(fresh(), owner.email, owner.password)).statusCode).toBe(200);
  });

  it('counts a burst of parallel guesses each, so no more than the limit are checked', async () => {
    const account = await anotherAccount();
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(fresh(), account.email, `parallel guess ${i} wrong`)),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    const checked = statuses.filter((status) => status === 401).length;
    expect(checked).toBeLessThanOrEqual(PER_ACCOUNT);
    expect(statuses.filter((status) => status !== 401).every((status) => status === 429)).toBe(true);
    // The refused ones checked no password and count for nothing; each checked one counts once.
    const subject = sha256Hex(`account:${account.email.toLowerCase()}`);
    expect(await harness.count(`tenancy.sign_in_failures WHERE subject = '${subject}'`)).toBe(checked);
  });

  it('forgets the failures of an account once its right password is given', async () => {
    const account = await anotherAccount();
    for (let i = 0; i < PER_ACCOUNT - 1; i++) await login(fresh(), account.email, 'a wrong password here');
    expect((await login(fresh(), account.email, account.password)).statusCode).toBe(200);
    for (let i = 0; i < PER_ACCOUNT - 1; i++)
      expectUniformError(await login(fresh(), account.email, 'a wrong password here'), 401);
    expect((await login(fresh(), account.email, account.password)).statusCode).toBe(200);
  });

  it('limits an address over all the accounts it tries, and no other address', async () => {
    const account = await anotherAccount();
    const guesser = fresh();
    for (let i = 0; i < PER_ADDRESS; i++)
      expectUniformError(await login(guesser, `guess-${i}@example.test`, 'a wrong password here'), 401);
    const limited = await login(guesser, account.email, account.password);
    expectUniformError(limited, 429, 'too_many_requests');
    expect(retryAfter(limited)).toBeGreaterThan(0);
    expect(guesser.sessionToken).toBeUndefined();
    expect((await login(fresh(), account.email, account.password)).statusCode).toBe(200);
  });

  it('counts a wrong current password at a password change as a failed sign-in', async () => {
    const account = await anotherAccount();
    const browser = fresh();
    expect((await login(browser, account.email, account.password)).statusCode).toBe(200);
    for (let i = 0; i < PER_ACCOUNT; i++) {
      const wrong = await browser.send('POST', `${AUTH}/password`, {
        current_password: `wrong current ${i}`,
        new_password: 'a brand new passphrase',
      });
      expect(expectUniformError(wrong, 400, 'validation_failed').details).toEqual([
        { field: 'current_password', message: 'current_password is wrong' },
      ]);
    }
    const limited = await browser.send('POST', `${AUTH}/password`, {
      current_password: account.password,
      new_password: 'a brand new passphrase',
    });
    expectUniformError(limited, 429, 'too_many_requests');
    expectUniformError(await login(fresh(), account.email, account.password), 429);
  });

  it('stores neither emails nor addresses, and sweeps failures older than the window', async () => {
    const subjects = await harness.sql.query<Array<{ subject: string }>>(
      'SELECT DISTINCT subject FROM tenancy.sign_in_failures',
    );
    expect(subjects.length).toBeGreaterThan(0);
    for (const { subject } of subjects) expect(subject).toMatch(/^[0-9a-f]{64}$/);
    const recent = await harness.count('tenancy.sign_in_failures');
    await harness.sql.query(
      `INSERT INTO tenancy.sign_in_failures (subject, failed_at)
       SELECT 'old-' || n, now() - interval '2 minutes' FROM generate_series(1, 1200) AS n`,
    );
    await harness.service.app.get(SessionSweep).run();
    expect(await harness.count('tenancy.sign_in_failures')).toBe(recent);
  });

  it('refuses bad sign-in input with 400 before counting anything', async () => {
    const failures = await harness.count('tenancy.sign_in_failures');
    const bodies: unknown[] = [
      {},
      { email: owner.email },
      { password: 'something long enough' },
      { email: 'not an email', password: 'x' },
      { email: owner.email, password: '' },
      { email: owner.email, password: 42 },
      { email: ['a@b.test'], password: 'x' },
      { email: owner.email, password: 'x'.repeat(1025) },
      { email: owner.email, password: 'x', remember: true },
      '[]',
      'null',
      '{',
    ];
    for (const body of bodies) {
      const response = await fresh().send('POST', `${AUTH}/login`, body);
      expect([JSON.stringify(body), response.statusCode]).toEqual([JSON.stringify(body), 400]);
      expectUniformError(response, 400);
    }
    expect(await harness.count('tenancy.sign_in_failures')).toBe(failures);
  });
});

/** With no TRUST_PROXY, which is the default, no client chooses its own address by X-Forwarded-For. */
describe('sign-in limits without a listed proxy', () => {
  const PRIVATE_CLIENT = '10.20.30.40';
  let harness: ServiceHarness;

  beforeAll(async () => {
    harness = await startIdentity({
      TRUST_PROXY: '',
      SIGN_IN_MAX_FAILURES_PER_ACCOUNT: '100',
      SIGN_IN_MAX_FAILURES_PER_ADDRESS: String(PER_ADDRESS),
    });
  });

  afterAll(() => harness.close());

  /** A sign-in from a client on a private network that names another address each time. */
  const loginFrom = (email: string, password: string, forwardedFor: string) =>
    harness.fastify.inject({
      method: 'POST',
      url: `${AUTH}/login`,
      remoteAddress: PRIVATE_CLIENT,
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL, 'x-forwarded-for': forwardedFor },
      payload: JSON.stringify({ email, password }),
    });

  it('limits the connection’s own address however X-Forwarded-For rotates, and audits that address', async () => {
    const owner = person('Olga');
    const { user } = await setUpFirstOwner(new Browser(harness, '192.0.2.200'), owner);
    const statuses: number[] = [];
    for (let i = 0; i < PER_ADDRESS + 3; i++)
      statuses.push((await loginFrom(owner.email, `guess ${i} is wrong`, `198.51.100.${i + 1}`)).statusCode);
    expect(statuses).toEqual([...Array<number>(PER_ADDRESS).fill(401), 429, 429, 429]);

    const failures = await eventually(async () => {
      const entries = (await readAuditEntries(harness, 'tenancy', user.id)).filter(
        (entry) => entry.action === 'user.sign_in_failed',
      );
      return entries.length === PER_ADDRESS && entries;
    });
    expect(new Set(failures.map((entry) => entry.address))).toEqual(new Set([PRIVATE_CLIENT]));
  });
});
