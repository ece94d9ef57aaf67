import { readOutbox, type ServiceHarness } from '@governance/testing';
import { AUTH, Browser, expectUniformError, PUBLIC_URL } from './testing/browser';
import {
  ADMIN_TOKEN,
  createOrganizationFor,
  type Person,
  person,
  setUpFirstOwner,
  startIdentity,
} from './testing/identity';
import { linkToken, MailSink } from './testing/mail-sink';

/** Password policy, change, and reset by an emailed link, with the mail caught by a real SMTP server. */
describe('passwords', () => {
  let sink: MailSink;
  let harness: ServiceHarness;
  let owner: Person;

  beforeAll(async () => {
    sink = await MailSink.start();
    // The reset limit has its own suite (password-reset-limits.int.spec.ts); this one asks more often.
    harness = await startIdentity({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Governance <no-reply@console.test>',
      PASSWORD_RESET_MAX_PER_ACCOUNT: '50',
    });
    owner = person('Ada');
    await setUpFirstOwner(new Browser(harness), owner);
  });

  afterAll(async () => {
    await harness.close();
    await sink.close();
  });

  const login = (browser: Browser, email: string, password: string) =>
    browser.send('POST', `${AUTH}/login`, { email, password });

  const signedIn = async (who: Person) => {
    const browser = new Browser(harness);
    expect((await login(browser, who.email, who.password)).statusCode).toBe(200);
    return browser;
  };

  const resetLinks = () => harness.count("tenancy.one_time_links WHERE purpose = 'password_reset'");

  describe('change', () => {
    it('refuses new passwords the policy refuses, naming the problem, and changes nothing', async () => {
      const browser = await signedIn(owner);
      const cases: Array<[string, string]> = [
        ['short pass', 'A password needs at least 12 characters'],
        ['password1234', 'This password is among the most common ones; choose another'],
        [owner.email, 'A password cannot be the email address'],
        ['x'.repeat(257), 'new_password has at most 256 characters'],
      ];
      for (const [next, message] of cases) {
        const response = await browser.send('POST', `${AUTH}/password`, {
          current_password: owner.password,
          new_password: next,
        });
        expect(expectUniformError(response, 400, 'validation_failed').details).toEqual([
          { field: 'new_password', message },
        ]);
      }
      expect((await login(new Browser(harness), owner.email, owner.password)).statusCode).toBe(200);
    });

    it('changes it, ends the other sessions everywhere, and keeps this one', async () => {
      const someone = person('Grace');
      const created = await createOrganizationFor(harness, someone.email);
      await sink.next(); // the owner link's mail
      const here = new Browser(harness);
      await here.send('POST', `${AUTH}/setup`, { token: created.token, ...someone });
      const elsewhere = await signedIn(someone);
      const next = 'an entirely new passphrase';
      const response = await here.send('POST', `${AUTH}/password`, {
        current_password: someone.password,
        new_password: next,
      });
      expect(response.statusCode).toBe(204);
      expect((await here.send('GET', `${AUTH}/me`)).statusCode).toBe(200);
      expectUniformError(await elsewhere.send('GET', `${AUTH}/me`), 401);
      expectUniformError(await login(new Browser(harness), someone.email, someone.password), 401);
      expect((await login(new Browser(harness), someone.email, next)).statusCode).toBe(200);
      const audits = await readOutbox(harness, 'tenancy', 'audit.recorded');
      expect(
        audits.some(
          (audit) =>
            audit.record.organization_id === created.id &&
            audit.record.details['action'] === 'user.password_changed',
        ),
      ).toBe(true);
    });
  });

  describe('reset', () => {
    it('answers an unknown email as a known one, and mails only the known one a link', async () => {
      const links = await resetLinks();
      const unknown = await new Browser(harness).send('POST', `${AUTH}/password-reset`, {
        email: 'nobody@example.test',
      });
      const known = await new Browser(harness).send('POST', `${AUTH}/password-reset`, { email: owner.email });
      expect([unknown.statusCode, known.statusCode]).toEqual([202, 202]);
      expect(unknown.body).toBe(known.body);
      // The link is made and mailed after the answer; the mail is the sign that both are done.
      const mail = await sink.next();
      expect(await resetLinks()).toBe(links + 1);
      expect(mail.to).toEqual([owner.email]);
      expect(mail.text).toContain('Subject: Reset your password');
      expect(mail.text).toContain(`${PUBLIC_URL}/reset-password?token=`);
      expect(sink.pending).toBe(0);
    });

    it('sets a new password with the emailed link once, ending every session, then the link is used up', async () => {
      const session = await signedIn(owner);
      await new Browser(harness).send('POST', `${AUTH}/password-reset`, { email: owner.email.toUpperCase() });
      const token = linkToken(await sink.next(), '/reset-password');

      const weak = await new Browser(harness).send('POST', `${AUTH}/password-reset/confirm`, {
        token,
        new_password: 'too short',
      });
      expect(expectUniformError(weak, 400, 'validation_failed').details).toEqual([
        { field: 'new_password', message: 'A password needs at least 12 characters' },
      ]);
      expect((await session.send('GET', `${AUTH}/me`)).statusCode).toBe(200);

      const next = 'the reset passphrase of ada';
      const reset = await new Browser(harness).send('POST', `${AUTH}/password-reset/confirm`, {
        token,
        new_password: next,
      });
      expect(reset.statusCode).toBe(204);
      expectUniformError(await session.send('GET', `${AUTH}/me`), 401);
      expectUniformError(await login(new Browser(harness), owner.email, owner.password), 401);
      expect((await login(new Browser(harness), owner.email, next)).statusCode).toBe(200);
      owner = { ...owner, password: next };

      const again = await new Browser(harness).send('POST', `${AUTH}/password-reset/confirm`, {
        token,
        new_password: 'yet another passphrase',
      });
      expect(expectUniformError(again, 410, 'link_invalid').details).toEqual({ reason: 'used' });
      expect((await login(new Browser(harness), owner.email, next)).statusCode).toBe(200);
    });

    it('uses up every open reset link of the person at once', async () => {
      for (let i = 0; i < 2; i++)
        await new Browser(harness).send('POST', `${AUTH}/password-reset`, { email: owner.email });
      const first = linkToken(await sink.next(), '/reset-password');
      const second = linkToken(await sink.next(), '/reset-password');
      const next = 'one more reset passphrase';
      const confirm = (token: string) =>
        new Browser(harness).send('POST', `${AUTH}/password-reset/confirm`, { token, new_password: next });
      expect((await confirm(second)).statusCode).toBe(204);
      owner = { ...owner, password: next };
      expect(expectUniformError(await confirm(first), 410, 'link_invalid').details).toEqual({
        reason: 'used',
      });
    });

    it('refuses an expired link and an unknown token', async () => {
      await new Browser(harness).send('POST', `${AUTH}/password-reset`, { email: owner.email });
      const token = linkToken(await sink.next(), '/reset-password');
      await harness.sql.query(
        `UPDATE tenancy.one_time_links SET expires_at = now() - interval '1 second'
         WHERE purpose = 'password_reset' AND used_at IS NULL`,
      );
      const body = (t: string) => ({ token: t, new_password: 'a fine new passphrase' });
      const expired = await new Browser(harness).send('POST', `${AUTH}/password-reset/confirm`, body(token));
      expect(expectUniformError(expired, 410, 'link_invalid').details).toEqual({ reason: 'expired' });
      const unknown = await new Browser(harness).send('POST', `${AUTH}/password-reset/confirm`, body('nope'));
      expect(expectUniformError(unknown, 410, 'link_invalid').details).toEqual({ reason: 'unknown' });
      expect((await login(new Browser(harness), owner.email, owner.password)).statusCode).toBe(200);
    });

    it('refuses a reset request sent by a page of another site', async () => {
      const links = await resetLinks();
      const foreign = new Browser(harness, '203.0.113.9', 'https://evil.example');
      const response = await foreign.send('POST', `${AUTH}/password-reset`, { email: owner.email });
      expectUniformError(response, 403, 'csrf_rejected');
      expect(await resetLinks()).toBe(links);
    });
  });

  describe('owner links by mail', () => {
    it('mails the owner setup link the admin API returns', async () => {
      const someone = person('Linus');
      const response = await harness.request('POST', '/admin/v1/organizations', ADMIN_TOKEN, {
        name: 'Initech',
        plan: 'free',
        owner_email: someone.email,
      });
      expect(response.statusCode).toBe(201);
      const mail = await sink.next();
      expect(mail.to).toEqual([someone.email]);
      expect(mail.text).toContain('Subject: You are the owner of Initech');
      expect(mail.text).toContain(response.json<{ owner_setup_url: string }>().owner_setup_url);
    });
  });
});
