import { readOutbox, type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError, sessionIdOf } from './testing/browser';
import { type Person, person, setUpFirstOwner, startIdentity } from './testing/identity';
import { SessionSweep } from './session-sweep';
import { type MeResponse, type SessionListResponse } from './sign-in.dto';

const IDLE_TIMEOUT_MS = 1_500;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sessions end after SESSION_IDLE_TIMEOUT_MS without activity (`/auth/me`). These tests wait out a 1.5 s
 * timeout: the passing of time is the rule under test. The sweep runs hourly here, and is called by hand.
 */
describe('idle sessions', () => {
  let harness: ServiceHarness;
  let owner: Person;

  beforeAll(async () => {
    harness = await startIdentity({
      SESSION_IDLE_TIMEOUT_MS: String(IDLE_TIMEOUT_MS),
      SESSION_SWEEP_INTERVAL_MS: String(60 * 60 * 1000),
    });
    owner = person('Ada');
    await setUpFirstOwner(new Browser(harness), owner);
  });

  afterAll(() => harness.close());

  const signedIn = async () => {
    const browser = new Browser(harness);
    const response = await browser.send('POST', `${AUTH}/login`, {
      email: owner.email,
      password: owner.password,
    });
    expect(response.statusCode).toBe(200);
    return browser;
  };

  it('refuses a session past its idle deadline at once, and the sweep ends it and announces it', async () => {
    const idle = await signedIn();
    const active = await signedIn();
    const idleId = sessionIdOf(idle.sessionToken!);
    await wait(IDLE_TIMEOUT_MS * 0.6);
    expect((await active.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
    await wait(IDLE_TIMEOUT_MS * 0.6);

    // Past its deadline: refused before any sweep, and no longer listed.
    expectUniformError(await idle.send('GET', `${AUTH}/me`), 401, 'unauthorized');
    const listed = (await active.send('GET', `${AUTH}/sessions`)).json<SessionListResponse>().data;
    expect(listed.map((session) => session.id)).not.toContain(idleId);
    const [open] = await harness.sql.query<Array<{ ended_at: Date | null }>>(
      'SELECT ended_at FROM tenancy.sessions WHERE id = $1',
      [idleId],
    );
    expect(open?.ended_at).toBeNull();

    expect(await harness.service.app.get(SessionSweep).sweep()).toBeGreaterThanOrEqual(1);
    const [ended] = await harness.sql.query<Array<{ end_reason: string }>>(
      'SELECT end_reason FROM tenancy.sessions WHERE id = $1 AND ended_at IS NOT NULL',
      [idleId],
    );
    expect(ended?.end_reason).toBe('idle');
    const announced = await readOutbox(harness, 'tenancy', 'session.ended');
    expect(announced.map((entry) => entry.record.details['session_id'])).toContain(idleId);
    // Active within its timeout: moved along, not swept.
    expect((await active.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
  });

  it('moves the deadline at each /auth/me, so a session in use outlives the timeout', async () => {
    const browser = await signedIn();
    const first = (await browser.send('GET', `${AUTH}/me`)).json<MeResponse>().session;
    for (let round = 0; round < 3; round++) {
      await wait(IDLE_TIMEOUT_MS * 0.6);
      const response = await browser.send('GET', `${AUTH}/me`);
      expect(response.statusCode).toBe(200);
      const { session } = response.json<MeResponse>();
      expect(Date.parse(session.idle_expires_at) - Date.parse(session.last_seen_at)).toBe(IDLE_TIMEOUT_MS);
      expect(Date.parse(session.idle_expires_at)).toBeGreaterThan(Date.parse(first.idle_expires_at));
    }
    await harness.service.app.get(SessionSweep).sweep();
    expect((await browser.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
  });
});
