import { type PutSsoConfigurationDto, type SsoConfigurationResponse, type SsoDiscoveryResponse } from './sso.dto';

/* Examples of SSO; the request and response types check them. */

const put = {
  issuer: 'https://acme.okta.com/oauth2/default',
  client_id: '0oa1b2c3d4e5f6g7h8i9',
  client_secret: 'kJ8v-example-client-secret-2Qz',
  allowed_email_domains: ['acme.com'],
  role_claim: 'groups',
  role_mapping: { 'governance-admins': 'admin', 'governance-auditors': 'auditor' },
  default_role: 'viewer',
  enabled: true,
} satisfies PutSsoConfigurationDto;

const { client_secret: _secret, ...shown } = put;

export const examples = {
  put,
  configuration: {
    organization_id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    ...shown,
    redirect_uri: 'https://governance.acme.com/api/service/auth/sso/callback',
    created_at: '2026-11-22T09:30:00.000Z',
    updated_at: '2026-11-22T09:30:00.000Z',
  } satisfies SsoConfigurationResponse,
  discovery: { sso: true, organization_name: 'Acme Insurance' } satisfies SsoDiscoveryResponse,
};
