import {
  claimAt,
  clientSecretProblem,
  displayName,
  EMAIL_DOMAIN,
  emailDomain,
  endpointHostProblem,
  issuerProblem,
  mappedRole,
  membershipDecision,
  type RoleRule,
  ssoConfigurationProblems,
  verifiedEmail,
} from './sso-rules';

describe('issuerProblem', () => {
  it('accepts https issuers, with or without a path', () => {
    expect(issuerProblem('https://login.acme.com', false)).toBeUndefined();
    expect(issuerProblem('https://acme.okta.com/oauth2/default', false)).toBeUndefined();
  });

  it('accepts http only when allowed', () => {
    expect(issuerProblem('http://127.0.0.1:4000', false)).toBe('issuer must be an https URL');
    expect(issuerProblem('http://127.0.0.1:4000', true)).toBeUndefined();
  });

  it('refuses what is not a plain issuer URL', () => {
    expect(issuerProblem('login.acme.com', false)).toBe('issuer must be a URL');
    expect(issuerProblem('ftp://acme.com', true)).toBe('issuer must be an http or https URL');
    expect(issuerProblem('https://user:pw@acme.com', false)).toBe('issuer must not contain credentials');
    expect(issuerProblem('https://acme.com/?x=1', false)).toBe('issuer must not have a query or a fragment');
    expect(issuerProblem('https://acme.com/#x', false)).toBe('issuer must not have a query or a fragment');
  });
});

describe('clientSecretProblem', () => {
  const stored = { issuer: 'https://acme.okta.com' };

  it('needs a secret the first time', () => {
    expect(clientSecretProblem({ issuer: stored.issuer }, undefined)).toBe(
      'client_secret is required to configure SSO',
    );
    expect(clientSecretProblem({ issuer: stored.issuer, client_secret: 's' }, undefined)).toBeUndefined();
  });

  it('keeps the stored secret for the same issuer', () => {
    expect(clientSecretProblem({ issuer: stored.issuer }, stored)).toBeUndefined();
    expect(clientSecretProblem({ issuer: stored.issuer, client_secret: null }, stored)).toBeUndefined();
  });

  it('needs the secret again for a new issuer', () => {
    expect(clientSecretProblem({ issuer: 'https://evil.example' }, stored)).toMatch(
      /^client_secret is required when the issuer changes/,
    );
    expect(
      clientSecretProblem({ issuer: 'https://evil.example', client_secret: 's' }, stored),
    ).toBeUndefined();
  });
});

describe('endpointHostProblem', () => {
  const hosts = new Set(['acme.okta.com']);

  it('accepts endpoints on the issuer host, and documents without a userinfo endpoint', () => {
    expect(
      endpointHostProblem(
        { token_endpoint: 'https://acme.okta.com/v1/token', jwks_uri: 'https://acme.okta.com/v1/keys' },
        hosts,
      ),
    ).toBeUndefined();
  });

  it('names the first endpoint elsewhere, or that is no URL', () => {
    expect(
      endpointHostProblem(
        { token_endpoint: 'https://acme.okta.com/t', userinfo_endpoint: 'https://evil.example/u' },
        hosts,
      ),
    ).toBe("userinfo_endpoint is on evil.example, neither the issuer's host nor an allowed one");
    expect(endpointHostProblem({ jwks_uri: 'keys' }, hosts)).toBe('jwks_uri is not a URL');
  });

  it('accepts hosts an admin allowed', () => {
    expect(
      endpointHostProblem(
        { token_endpoint: 'https://oauth2.googleapis.com/token' },
        new Set(['accounts.google.com', 'oauth2.googleapis.com']),
      ),
    ).toBeUndefined();
  });
});

describe('EMAIL_DOMAIN', () => {
  it.each(['acme.com', 'eu.acme.co.uk', 'a-b.io', 'x1.example'])('accepts %s', (domain) => {
    expect(EMAIL_DOMAIN.test(domain)).toBe(true);
  });

  it.each(['Acme.com', 'acme', '-acme.com', 'acme-.com', 'acme..com', '@acme.com', 'acme.com.', 'ac me.com'])(
    'refuses %s',
    (domain) => expect(EMAIL_DOMAIN.test(domain)).toBe(false),
  );
});

describe('emailDomain', () => {
  it('is the lower-cased part after the last @', () => {
    expect(emailDomain('Pat@ACME.com')).toBe('acme.com');
    expect(emailDomain('"a@b"@acme.com')).toBe('acme.com');
    expect(emailDomain('nobody')).toBeUndefined();
    expect(emailDomain('@acme.com')).toBeUndefined();
    expect(emailDomain('pat@')).toBeUndefined();
  });
});

describe('claimAt', () => {
  it('reads a claim or a dotted path into nested claims', () => {
    const claims = { groups: ['a'], realm_access: { roles: ['b'] }, flat: 'c' };
    expect(claimAt(claims, 'groups')).toEqual(['a']);
    expect(claimAt(claims, 'realm_access.roles')).toEqual(['b']);
    expect(claimAt(claims, 'flat.deeper')).toBeUndefined();
    expect(claimAt(claims, 'missing.roles')).toBeUndefined();
  });
});

describe('mappedRole', () => {
  const mapping = {
    'gov-admins': 'admin',
    'gov-auditors': 'auditor',
    staff: 'viewer',
    eng: 'editor',
  } as const;

  it('maps a string claim', () => {
    expect(mappedRole('gov-auditors', mapping)).toBe('auditor');
  });

  it('takes the strongest role among a list of groups', () => {
    expect(mappedRole(['staff', 'gov-auditors', 'eng'], mapping)).toBe('editor');
    expect(mappedRole(['staff', 'gov-admins'], mapping)).toBe('admin');
  });

  it('is undefined when nothing maps, or the claim is of another type', () => {
    expect(mappedRole(['other'], mapping)).toBeUndefined();
    expect(mappedRole(undefined, mapping)).toBeUndefined();
    expect(mappedRole(42, mapping)).toBeUndefined();
    expect(mappedRole([42, { staff: true }], mapping)).toBeUndefined();
  });

  it('ignores inherited names such as constructor', () => {
    expect(mappedRole(['constructor', '__proto__', 'toString'], mapping)).toBeUndefined();
  });
});

describe('verifiedEmail', () => {
  const domains = ['acme.com'];

  it('accepts a verified email in an allowed domain, whatever its case', () => {
    expect(verifiedEmail({ email: 'Pat@Acme.com', email_verified: true }, domains)).toEqual({
      email: 'Pat@Acme.com',
    });
    expect(verifiedEmail({ email: 'pat@acme.com', email_verified: 'true' }, domains)).toEqual({
      email: 'pat@acme.com',
    });
  });

  it('refuses a missing, unverified or foreign email', () => {
    expect(verifiedEmail({ email_verified: true }, domains)).toEqual({ failure: 'sso_email_missing' });
    expect(verifiedEmail({ email: 'pat@acme.com' }, domains)).toEqual({ failure: 'sso_email_unverified' });
    expect(verifiedEmail({ email: 'pat@acme.com', email_verified: false }, domains)).toEqual({
      failure: 'sso_email_unverified',
    });
    expect(verifiedEmail({ email: 'pat@evil.com', email_verified: true }, domains)).toEqual({
      failure: 'sso_domain_not_allowed',
    });
    expect(verifiedEmail({ email: 'pat@sub.acme.com', email_verified: true }, domains)).toEqual({
      failure: 'sso_domain_not_allowed',
    });
  });
});

describe('membershipDecision', () => {
  const rule: RoleRule = {
    roleClaim: 'groups',
    roleMapping: { 'gov-admins': 'admin', 'gov-auditors': 'auditor' },
    defaultRole: 'viewer',
  };
  const newcomer = { exists: false, role: undefined };

  it('adds a new person with the mapped role, else the default role', () => {
    expect(membershipDecision(newcomer, { groups: ['gov-admins'] }, rule)).toEqual({
      action: 'add',
      role: 'admin',
    });
    expect(membershipDecision(newcomer, { groups: ['other'] }, rule)).toEqual({
      action: 'add',
      role: 'viewer',
    });
    expect(membershipDecision(newcomer, {}, { ...rule, roleClaim: null })).toEqual({
      action: 'add',
      role: 'viewer',
    });
  });

  it('refuses an existing account that is not a member', () => {
    expect(membershipDecision({ exists: true, role: undefined }, { groups: ['gov-admins'] }, rule)).toEqual({
      action: 'refuse',
      failure: 'sso_account_not_member',
    });
  });

  it("follows a member's mapped claim, and keeps the role when nothing maps", () => {
    const member = { exists: true, role: 'viewer' as const };
    expect(membershipDecision(member, { groups: ['gov-auditors'] }, rule)).toEqual({
      action: 'change',
      from: 'viewer',
      to: 'auditor',
    });
    expect(membershipDecision({ exists: true, role: 'admin' }, { groups: ['gov-auditors'] }, rule)).toEqual({
      action: 'change',
      from: 'admin',
      to: 'auditor',
    });
    expect(membershipDecision(member, { groups: ['other'] }, rule)).toEqual({ action: 'keep' });
    expect(membershipDecision({ exists: true, role: 'auditor' }, { groups: ['gov-auditors'] }, rule)).toEqual(
      {
        action: 'keep',
      },
    );
  });

  it('never changes an owner', () => {
    expect(membershipDecision({ exists: true, role: 'owner' }, { groups: ['gov-auditors'] }, rule)).toEqual({
      action: 'keep',
    });
  });
});

describe('displayName', () => {
  it('prefers name, then given and family names, then the local part of the email', () => {
    expect(displayName({ name: ' Pat Doe ' }, 'pat@acme.com')).toBe('Pat Doe');
    expect(displayName({ given_name: 'Pat', family_name: 'Doe' }, 'pat@acme.com')).toBe('Pat Doe');
    expect(displayName({ name: 7 }, 'pat@acme.com')).toBe('pat');
  });
});

describe('ssoConfigurationProblems', () => {
  const valid = { issuer: 'https://login.acme.com', role_claim: 'groups', role_mapping: { admins: 'admin' } };

  it('accepts a valid configuration, with or without a mapping', () => {
    expect(ssoConfigurationProblems(valid, false)).toEqual([]);
    expect(ssoConfigurationProblems({ issuer: 'https://login.acme.com' }, false)).toEqual([]);
    expect(ssoConfigurationProblems({ ...valid, role_mapping: null }, false)).toEqual([]);
  });

  it('lists every problem by field', () => {
    expect(
      ssoConfigurationProblems(
        {
          issuer: 'http://login.acme.com',
          role_claim: null,
          role_mapping: { admins: 'owner', '': 'viewer' },
        },
        false,
      ),
    ).toEqual([
      { field: 'issuer', message: 'issuer must be an https URL' },
      {
        field: 'role_mapping.admins',
        message: 'a mapped role must be one of: admin, editor, viewer, auditor',
      },
      { field: 'role_mapping.', message: 'a claim value has 1 to 200 characters' },
      { field: 'role_claim', message: 'role_claim is required with a role_mapping' },
    ]);
  });

  it('bounds the mapping', () => {
    const mapping = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`g${i}`, 'viewer']));
    expect(ssoConfigurationProblems({ ...valid, role_mapping: mapping }, false)).toEqual([
      { field: 'role_mapping', message: 'role_mapping has at most 100 entries' },
    ]);
  });
});
