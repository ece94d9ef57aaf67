import { sleep } from '@governance/platform';
import { type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError } from './testing/browser';
import { type Person, person, setUpFirstOwner, startIdentity } from './testing/identity';
import { MailSink } from './testing/mail-sink';

const PER_ACCOUNT = 3;
const PER_ADDRESS = 6;

/** Reset requests each send an email: they are limited, and tell nothing of the account by their time. */
describe('password reset requests', () => {
  let sink: MailSink;
  let harness: ServiceHarness;
  let owner: Person;
  let nextAddress = 1;
  const fresh = () => new Browser(harness, `198.18.0.${nextAddress++}`);
  const requestReset = (browser: Browser, email: string) =>
    browser.send('POST', `${AUTH}/password-reset`, { email });

  beforeAll(async () => {
    sink = await MailSink.start();
    harness = await startIdentity({
      SMTP_URL: sink.url,
      PASSWORD_RESET_MAX_PER_ACCOUNT: String(PER_ACCOUNT),
      PASSWORD_RESET_MAX_PER_ADDRESS: String(PER_ADDRESS),
    });
    owner = person('Ada');
    await setUpFirstOwner(fresh(), owner);
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  it('limits one email, known or not, so 30 requests do not send 30 emails', async () => {
    const unknown = 'nobody-at-all@example.test';
    const statuses = { known: [] as number[], unknown: [] as number[] };
    for (let i = 0; i < 30; i++) {
      statuses.known.push((await requestReset(fresh(), owner.email)).statusCode);
      statuses.unknown.push((await requestReset(fresh(), unknown)).statusCode);
    }
    const expected = [...Array<number>(PER_ACCOUNT).fill(202), ...Array<number>(30 - PER_ACCOUNT).fill(429)];
    expect(statuses).toEqual({ known: expected, unknown: expected });
    const limited = await requestReset(fresh(), owner.email.toUpperCase());
    expectUniformError(limited, 429, 'too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The mails of the requests let through, and no more.
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await sink.next()).to).toEqual([owner.email]);
    await sleep(300);
    expect(sink.pending).toBe(0);
  });

  it('limits one address over all the emails it asks for', async () => {
    const asker = fresh();
    for (let i = 0; i < PER_ADDRESS; i++)
      expect((await requestReset(asker, `someone-${i}@example.test`)).statusCode).toBe(202);
    expectUniformError(await requestReset(asker, 'someone-else@example.test'), 429, 'too_many_requests');
  });
});

describe('password reset timing', () => {
  const SAMPLES = 40;
  /** What writing a reset link costs in this test: whatever a known email does on the request path shows. */
  const LINK_WRITE_MS = 40;
  let sink: MailSink;
  let harness: ServiceHarness;
  const known: Person[] = [];

  beforeAll(async () => {
    sink = await MailSink.start();
    harness = await startIdentity({
      SMTP_URL: sink.url,
      PASSWORD_RESET_MAX_PER_ACCOUNT: '1000',
      PASSWORD_RESET_MAX_PER_ADDRESS: '1000',
    });
    known.push(person('Ada'));
    await setUpFirstOwner(new Browser(harness, '198.18.1.1'), known[0]!);
    // A slow database, for the links alone: a millisecond's difference would drown in a busy machine's noise.
    await harness.sql.query(`
      CREATE FUNCTION tenancy.slow_link_write() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN PERFORM pg_sleep(${LINK_WRITE_MS / 1000}); RETURN NEW; END $$;
      CREATE TRIGGER slow_link_write BEFORE INSERT ON tenancy.one_time_links
        FOR EACH ROW EXECUTE FUNCTION tenancy.slow_link_write();`);
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return sorted[Math.floor(sorted.length / 2)]!;
  };

  it('answers a known email in the time of an unknown one', async () => {
    const browser = new Browser(harness, '198.18.1.2');
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await browser.send('POST', `${AUTH}/password-reset`, { email });
      const elapsed = performance.now() - started;
      expect(response.statusCode).toBe(202);
      return elapsed;
    };
    for (let i = 0; i < 5; i++) await timed(`warm-up-${i}@example.test`);
    const differences: number[] = [];
    const medians = { known: [] as number[], unknown: [] as number[] };
    /** Times one request, then lets its work after the answer (a known email's mail) finish. */
    const sample = async (kind: 'known' | 'unknown', i: number) => {
      const ms = await timed(kind === 'known' ? known[0]!.email : `unknown-${i}@example.test`);
      if (kind === 'known') await sink.next();
      await sleep(20);
      medians[kind].push(ms);
      return ms;
    };
    // In pairs, so a busy moment of the machine falls on both alike, in alternating order, so whatever one
    // leaves behind weighs on each kind equally.
    for (let i = 0; i < SAMPLES; i++) {
      const first = i % 2 === 0 ? 'known' : 'unknown';
      const firstMs = await sample(first, i);
      const secondMs = await sample(first === 'known' ? 'unknown' : 'known', i);
      differences.push(first === 'known' ? firstMs - secondMs : secondMs - firstMs);
    }
    const gap = median(differences);
    process.stdout.write(
      `password reset: median ${median(medians.known).toFixed(2)} ms known, ` +
        `${median(medians.unknown).toFixed(2)} ms unknown, paired gap ${gap.toFixed(2)} ms\n`,
    );
    // With the link written before the answer, the known email is LINK_WRITE_MS slower, every time.
    expect(Math.abs(gap)).toBeLessThan(LINK_WRITE_MS / 4);
  });
});
