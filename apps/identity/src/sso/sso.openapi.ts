import {
  type PutSsoConfigurationDto,
  type SsoConfigurationResponse,
  type SsoDiscoveryResponse,
} from './sso.dto';

/* Examples of SSO; the request and response types check them. */

/** What the answer shows: everything but the client secret. */
const shown = {
  issuer: 'https://acme.okta.com/oauth2/default',
  client_id: '0oa1b2c3d4e5f6g7h8i9',
  allowed_email_domains: ['acme.com'],
  role_claim: 'groups',
  role_mapping: { 'governance-admins': 'admin', 'governance-auditors': 'auditor' },
  default_role: 'viewer',
  enabled: true,
} as const;

export const examples = {
  put: {
    ...shown,
    allowed_email_domains: [...shown.allowed_email_domains],
    client_secret: 'kJ8v-example-client-secret-2Qz',
  } satisfies PutSsoConfigurationDto,
  configuration: {
    organization_id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    ...shown,
    allowed_email_domains: [...shown.allowed_email_domains],
    domain_verification: [
      {
        domain: 'acme.com',
        verified: true,
        verified_at: '2026-11-22T09:41:00.000Z',
        txt_record: {
          name: '_governance-challenge.acme.com',
          value: 'governance-domain-verification=5f0c9e2b7d4a41e8a3c6b1f09d2e7a4c58b3d6e1',
        },
      },
    ],
    endpoint_hosts: [],
    redirect_uri: 'https://governance.acme.com/api/service/auth/sso/callback',
    created_at: '2026-11-22T09:30:00.000Z',
    updated_at: '2026-11-22T09:30:00.000Z',
  } satisfies SsoConfigurationResponse,
  discovery: { sso: true, organization_name: 'Acme Insurance' } satisfies SsoDiscoveryResponse,
};
