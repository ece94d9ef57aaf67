import { EMPTY_SSO_FORM, ssoFormFrom, ssoRequest } from './sso-form';

describe('ssoRequest', () => {
  const form = {
    ...EMPTY_SSO_FORM,
    issuer: ' https://login.acme.example ',
    clientId: 'console',
    clientSecret: 's3cret',
    domains: 'Acme.example, acme.co.uk  acme.example',
    endpointHosts: 'OAuth2.googleapis.com,www.googleapis.com',
  };

  it('splits and lower-cases the domains and endpoint hosts, once each', () => {
    expect(ssoRequest(form)).toEqual({
      ok: true,
      body: {
        issuer: 'https://login.acme.example',
        client_id: 'console',
        client_secret: 's3cret',
        allowed_email_domains: ['acme.example', 'acme.co.uk'],
        endpoint_hosts: ['oauth2.googleapis.com', 'www.googleapis.com'],
        role_claim: null,
        role_mapping: null,
        default_role: 'viewer',
        enabled: true,
      },
    });
  });

  it('keeps the stored secret when none is typed', () => {
    const request = ssoRequest({ ...form, clientSecret: '' });
    expect(request.ok && 'client_secret' in request.body).toBe(false);
  });

  it('maps claim values to roles, drops empty rows, and needs the claim', () => {
    const mapping = [
      { claim: 'gov-admins', role: 'admin' as const },
      { claim: ' ', role: 'editor' as const },
    ];
    expect(ssoRequest({ ...form, mapping })).toMatchObject({ ok: false, field: 'role_claim' });
    expect(ssoRequest({ ...form, mapping, roleClaim: 'groups' })).toMatchObject({
      ok: true,
      body: { role_claim: 'groups', role_mapping: { 'gov-admins': 'admin' } },
    });
  });
});

describe('ssoFormFrom', () => {
  it('fills the form from the stored configuration, without its secret', () => {
    expect(
      ssoFormFrom({
        organization_id: 'org_1',
        issuer: 'https://login.acme.example',
        client_id: 'console',
        allowed_email_domains: ['acme.example', 'acme.co.uk'],
        domain_verification: [],
        endpoint_hosts: ['oauth2.googleapis.com'],
        role_claim: 'groups',
        role_mapping: { auditors: 'auditor' },
        default_role: 'viewer',
        enabled: false,
        redirect_uri: 'https://governance.acme.example/api/service/auth/sso/callback',
        created_at: '2026-11-01T00:00:00.000Z',
        updated_at: '2026-11-01T00:00:00.000Z',
      }),
    ).toEqual({
      issuer: 'https://login.acme.example',
      clientId: 'console',
      clientSecret: '',
      domains: 'acme.example, acme.co.uk',
      endpointHosts: 'oauth2.googleapis.com',
      roleClaim: 'groups',
      mapping: [{ claim: 'auditors', role: 'auditor' }],
      defaultRole: 'viewer',
      enabled: false,
    });
    expect(ssoFormFrom(null)).toBe(EMPTY_SSO_FORM);
  });
});
