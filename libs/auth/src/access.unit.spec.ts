import { chooseMembership, csrfProblem, type CsrfInput } from './access';
import { type Membership } from './credential-directory';

const member = (organizationId: string): Membership => ({
  organizationId,
  plan: 'professional',
  role: 'editor',
});

describe('chooseMembership', () => {
  it('takes the organization named in the header when the person belongs to it', () => {
    expect(chooseMembership([member('org_a'), member('org_b')], 'org_b')).toEqual({
      membership: member('org_b'),
    });
  });

  it('refuses an organization the person does not belong to', () => {
    expect(chooseMembership([member('org_a')], 'org_b')).toEqual({ problem: 'not_a_member' });
  });

  it('takes the only membership when none is named, and asks to choose among several', () => {
    expect(chooseMembership([member('org_a')])).toEqual({ membership: member('org_a') });
    expect(chooseMembership([member('org_a'), member('org_b')])).toEqual({ problem: 'choose_organization' });
    expect(chooseMembership([])).toEqual({ problem: 'no_membership' });
  });

  it('keeps a session bound by an SSO sign-in to its organization, whatever else the person belongs to', () => {
    const both = [member('org_a'), member('org_b')];
    expect(chooseMembership(both, undefined, 'org_a')).toEqual({ membership: member('org_a') });
    expect(chooseMembership(both, 'org_a', 'org_a')).toEqual({ membership: member('org_a') });
    expect(chooseMembership(both, 'org_b', 'org_a')).toEqual({ problem: 'bound_elsewhere' });
    // No longer a member where it is bound: it acts nowhere.
    expect(chooseMembership([member('org_b')], undefined, 'org_a')).toEqual({ problem: 'no_membership' });
    expect(chooseMembership([member('org_b')], 'org_a', 'org_a')).toEqual({ problem: 'not_a_member' });
  });
});

describe('csrfProblem', () => {
  const valid: CsrfInput = {
    method: 'POST',
    origin: 'http://localhost:8080',
    host: 'localhost:8080',
    allowedOrigins: [],
    cookieToken: 'token-1',
    headerToken: 'token-1',
  };

  it('lets safe methods through whatever they carry', () => {
    for (const method of ['GET', 'HEAD', 'OPTIONS'])
      expect(csrfProblem({ ...valid, method, origin: undefined, headerToken: undefined })).toBeUndefined();
  });

  it('accepts a same-origin request that repeats the token', () => {
    expect(csrfProblem(valid)).toBeUndefined();
    for (const method of ['PATCH', 'PUT', 'DELETE'])
      expect(csrfProblem({ ...valid, method })).toBeUndefined();
  });

  it('compares hosts with their default ports left out, as origins are', () => {
    expect(csrfProblem({ ...valid, origin: 'http://localhost', host: 'localhost:80' })).toBeUndefined();
    expect(csrfProblem({ ...valid, origin: 'https://localhost', host: 'localhost:80' })).toBeDefined();
  });

  it("accepts the public URL's origin behind a proxy that changes the host", () => {
    expect(
      csrfProblem({
        ...valid,
        origin: 'https://governance.acme.com',
        host: 'identity:8080',
        allowedOrigins: ['https://governance.acme.com'],
      }),
    ).toBeUndefined();
  });

  it('refuses a missing, foreign or malformed Origin', () => {
    expect(csrfProblem({ ...valid, origin: undefined })).toMatch(/Origin/);
    expect(csrfProblem({ ...valid, origin: 'https://evil.example' })).toMatch(/evil\.example/);
    expect(csrfProblem({ ...valid, origin: 'http://localhost:8081' })).toBeDefined();
    expect(csrfProblem({ ...valid, origin: 'null' })).toBeDefined();
  });

  it('refuses a missing or different token', () => {
    expect(csrfProblem({ ...valid, headerToken: undefined })).toMatch(/X-Service-CSRF/);
    expect(csrfProblem({ ...valid, cookieToken: undefined })).toMatch(/X-Service-CSRF/);
    expect(csrfProblem({ ...valid, headerToken: 'token-2' })).toMatch(/X-Service-CSRF/);
    expect(csrfProblem({ ...valid, headerToken: 'token-10' })).toBeDefined();
  });
});
