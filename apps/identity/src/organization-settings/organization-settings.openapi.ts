import { type OrganizationSettingsResponse, type UpdateOrganizationDto } from './organization-settings.dto';

/* Examples of the organization's settings; the request and response types check them. */

export const examples = {
  update: { name: 'Acme Insurance Group' } satisfies UpdateOrganizationDto,
  organization: {
    id: 'org_01JD5Y2B7C9D1E3F5G7H9J1K3M',
    name: 'Acme Insurance Group',
    plan: 'professional',
    created_at: '2026-11-22T09:00:00.000Z',
    sso: { enabled: true, issuer: 'https://acme.okta.com/oauth2/default' },
  } satisfies OrganizationSettingsResponse,
};
