import type { operations } from '../api/schema';

type SsoSettings = operations['SsoSettings_get']['responses'][200]['content']['application/json'];
type SsoChange = operations['SsoSettings_put']['requestBody']['content']['application/json'];

export type SsoRole = SsoChange['default_role'];
export const SSO_ROLES: readonly SsoRole[] = ['admin', 'editor', 'auditor', 'viewer'];

export interface MappingRow {
  claim: string;
  role: SsoRole;
}

export interface SsoForm {
  issuer: string;
  clientId: string;
  /** Empty keeps the stored secret. */
  clientSecret: string;
  domains: string;
  /** Hosts besides the issuer's for the token, userinfo and JWKS endpoints (Google's, say). */
  endpointHosts: string;
  roleClaim: string;
  mapping: MappingRow[];
  defaultRole: SsoRole;
  enabled: boolean;
}

export const EMPTY_SSO_FORM: SsoForm = {
  issuer: '',
  clientId: '',
  clientSecret: '',
  domains: '',
  endpointHosts: '',
  roleClaim: '',
  mapping: [],
  defaultRole: 'viewer',
  enabled: true,
};

/** The form filled from the stored configuration; the secret is never returned, so it starts empty. */
export function ssoFormFrom(settings: SsoSettings | null): SsoForm {
  if (!settings) return EMPTY_SSO_FORM;
  return {
    issuer: settings.issuer,
    clientId: settings.client_id,
    clientSecret: '',
    domains: settings.allowed_email_domains.join(', '),
    endpointHosts: settings.endpoint_hosts.join(', '),
    roleClaim: settings.role_claim ?? '',
    mapping: Object.entries(settings.role_mapping).map(([claim, role]) => ({ claim, role })),
    defaultRole: settings.default_role,
    enabled: settings.enabled,
  };
}

/**
 * The PUT body: domains split on commas and spaces and lower-cased, empty mapping rows dropped, the secret
 * left out when not typed (the API keeps the stored one). A mapping without a claim is the person's slip.
 */
export function ssoRequest(
  form: SsoForm,
): { ok: true; body: SsoChange } | { ok: false; field: string; message: string } {
  const domains = hostList(form.domains);
  const rows = form.mapping.filter((row) => row.claim.trim());
  const roleClaim = form.roleClaim.trim();
  if (rows.length > 0 && !roleClaim)
    return { ok: false, field: 'role_claim', message: 'Name the claim whose values the mapping reads.' };
  const body: SsoChange = {
    issuer: form.issuer.trim(),
    client_id: form.clientId.trim(),
    allowed_email_domains: domains,
    endpoint_hosts: hostList(form.endpointHosts),
    role_claim: roleClaim || null,
    role_mapping:
      rows.length > 0 ? Object.fromEntries(rows.map((row) => [row.claim.trim(), row.role])) : null,
    default_role: form.defaultRole,
    enabled: form.enabled,
  };
  if (form.clientSecret) body.client_secret = form.clientSecret;
  return { ok: true, body };
}

/** Host names typed separated by commas or spaces, lower-cased, each once. */
function hostList(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,]+/)
        .map((host) => host.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}
