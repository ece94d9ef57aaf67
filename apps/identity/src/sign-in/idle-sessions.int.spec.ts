import { readOutbox, type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError, sessionIdOf } from './testing/browser';
import { type Person, person, setUpFirstOwner, startIdentity } from './testing/identity';
import { SessionSweep } from './session-sweep';
import { type MeResponse, type SessionListResponse } from './sign-in.dto';

const IDLE_TIMEOUT_MS = 3_000;

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Sessions end after SESSION_IDLE_TIMEOUT_MS without activity (`/auth/me`). These tests wait out a 3 s
 * timeout, the rule under test; a session meant to be active is used just before it is checked, so a slow
 * machine cannot make it idle. The backstop sweep runs hourly here: what ends a session is the wake at
 * its deadline.
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

  const endedAt = async (sessionId: string) => {
    const [row] = await harness.sql.query<Array<{ ended_at: Date | null; end_reason: string | null }>>(
      'SELECT ended_at, end_reason FROM tenancy.sessions WHERE id = $1',
      [sessionId],
    );
    return row;
  };

  it('refuses a session past its idle deadline at once, and ends and announces it at that deadline', async () => {
    const idle = await signedIn();
    const idleId = sessionIdOf(idle.sessionToken!);
    const [row] = await harness.sql.query<Array<{ deadline: Date }>>(
      "SELECT last_seen_at + $2 * interval '1 millisecond' AS deadline FROM tenancy.sessions WHERE id = $1",
      [idleId, IDLE_TIMEOUT_MS],
    );
    const deadline = row!.deadline;
    // The rule under test: the deadline passes, with the backstop interval an hour away.
    await wait(deadline.getTime() - Date.now() + 50);
    expectUniformError(await idle.send('GET', `${AUTH}/me`), 401, 'unauthorized');
    const active = await signedIn();
    const activeId = sessionIdOf(active.sessionToken!);
    const listed = (await active.send('GET', `${AUTH}/sessions`)).json<SessionListResponse>().data;
    expect(listed.map((session) => session.id)).toEqual([activeId]);

    await wait(1_000);
    const ended = await endedAt(idleId);
    expect(ended).toEqual({ ended_at: expect.any(Date), end_reason: 'idle' });
    // Ended by the wake at its deadline, not by the hourly sweep nor by the test.
    expect(ended!.ended_at!.getTime() - deadline.getTime()).toBeLessThan(1_000);
    const announced = await readOutbox(harness, 'tenancy', 'session.ended');
    expect(announced.map((entry) => entry.record.details['session_id'])).toContain(idleId);
    expect(await endedAt(activeId)).toEqual({ ended_at: null, end_reason: null });
  });

  it('moves the deadline at each /auth/me, so a session in use outlives the timeout', async () => {
    const browser = await signedIn();
    const sessionId = sessionIdOf(browser.sessionToken!);
    // As if signed in half a timeout ago.
    await harness.sql.query(
      "UPDATE tenancy.sessions SET last_seen_at = now() - $2 * interval '1 millisecond' WHERE id = $1",
      [sessionId, IDLE_TIMEOUT_MS / 2],
    );
    const before = Date.now();
    const response = await browser.send('GET', `${AUTH}/me`);
    expect(response.statusCode).toBe(200);
    const { session } = response.json<MeResponse>();
    expect(Date.parse(session.last_seen_at)).toBeGreaterThanOrEqual(before - 100);
    expect(Date.parse(session.idle_expires_at) - Date.parse(session.last_seen_at)).toBe(IDLE_TIMEOUT_MS);

    // More than a timeout after the sign-in, yet within one of its last use.
    await wait(IDLE_TIMEOUT_MS * 0.7);
    expect((await browser.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
    await harness.service.app.get(SessionSweep).run();
    expect(await endedAt(sessionId)).toEqual({ ended_at: null, end_reason: null });
  });
});
