import { ROLES, type Role } from '@governance/contracts';
import { type FieldProblem } from '@governance/platform';

/**
 * The roles SSO may grant. Owners are made in the product, never by an identity provider: whoever
 * administers the provider's groups would otherwise make owners.
 */
export const SSO_ROLES = ROLES.filter((role): role is Exclude<Role, 'owner'> => role !== 'owner');
export type SsoRole = (typeof SSO_ROLES)[number];

/** When a person's claim maps to several roles, the first of these wins. */
const ROLE_PRECEDENCE: readonly SsoRole[] = ['admin', 'editor', 'auditor', 'viewer'];

/** A host name in lower case, with at least one dot: `acme.com`, `eu.acme.co.uk`. */
export const EMAIL_DOMAIN =
  /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** A claim's name, or a dotted path into nested claims (`realm_access.roles`). */
export const CLAIM_PATH = /^[A-Za-z0-9_:/-]+(\.[A-Za-z0-9_:/-]+)*$/;

/** Why `issuer` cannot be an SSO issuer, or undefined. Discovery fetches `<issuer>/.well-known/…`. */
export function issuerProblem(issuer: string, allowHttp: boolean): string | undefined {
  if (!URL.canParse(issuer)) return 'issuer must be a URL';
  const url = new URL(issuer);
  if (url.protocol !== 'https:' && !(allowHttp && url.protocol === 'http:'))
    return allowHttp ? 'issuer must be an http or https URL' : 'issuer must be an https URL';
  if (url.username || url.password) return 'issuer must not contain credentials';
  if (url.search || url.hash) return 'issuer must not have a query or a fragment';
  return undefined;
}

/** The endpoints of a discovery document that the identity service itself calls. */
const FETCHED_ENDPOINTS = ['token_endpoint', 'userinfo_endpoint', 'jwks_uri'] as const;

/**
 * Which fetched endpoint of a discovery document is on a host outside `hosts` (the issuer's and those an
 * admin allowed), or undefined: the document would otherwise send the client secret, or the service's
 * requests, wherever it says.
 */
export function endpointHostProblem(
  metadata: Partial<Record<(typeof FETCHED_ENDPOINTS)[number], unknown>>,
  hosts: ReadonlySet<string>,
): string | undefined {
  for (const endpoint of FETCHED_ENDPOINTS) {
    const value = metadata[endpoint];
    if (value === undefined) continue;
    if (typeof value !== 'string' || !URL.canParse(value)) return `${endpoint} is not a URL`;
    const host = new URL(value).hostname;
    if (!hosts.has(host)) return `${endpoint} is on ${host}, neither the issuer's host nor an allowed one`;
  }
  return undefined;
}

/** Where a domain's owner publishes the organization's verification token, and what the record says. */
export const domainChallengeName = (domain: string): string => `_governance-challenge.${domain}`;
export const domainChallengeValue = (token: string): string => `governance-domain-verification=${token}`;

/** Whether the TXT records at the challenge name prove control of the domain for this token. */
export function domainProven(txtRecords: readonly string[], token: string): boolean {
  const expected = domainChallengeValue(token);
  return txtRecords.some((record) => record.trim() === expected);
}

/**
 * Domains of public email providers: their people belong to no one organization, so no organization's SSO
 * may claim them (verified or not, since the provider's own staff could otherwise publish the record).
 */
export const PUBLIC_EMAIL_DOMAINS: ReadonlySet<string> = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'yahoo.com',
  'ymail.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'aol.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
  'gmx.com',
  'gmx.de',
  'gmx.net',
  'web.de',
  'mail.com',
  'zoho.com',
  'yandex.com',
  'yandex.ru',
  'mail.ru',
  'qq.com',
  '163.com',
  '126.com',
  'fastmail.com',
  'tutanota.com',
  'hey.com',
]);

export const ROLE_MAPPING_MAX = 100;
export const CLAIM_VALUE_MAX_LENGTH = 200;

/**
 * What a configuration's fields cannot say on their own: the issuer's scheme (https unless http is
 * allowed), the mapping's entries, and that a mapping needs a claim to read.
 */
export function ssoConfigurationProblems(
  input: {
    issuer: string;
    allowed_email_domains?: readonly string[];
    role_claim?: string | null;
    role_mapping?: Record<string, unknown> | null;
  },
  allowHttpIssuers: boolean,
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const issuer = issuerProblem(input.issuer, allowHttpIssuers);
  if (issuer) problems.push({ field: 'issuer', message: issuer });
  const publicDomains = (input.allowed_email_domains ?? []).filter((domain) =>
    PUBLIC_EMAIL_DOMAINS.has(domain),
  );
  if (publicDomains.length > 0)
    problems.push({
      field: 'allowed_email_domains',
      message: `${publicDomains.join(', ')}: a public email provider's domain belongs to no one organization`,
    });
  const entries = Object.entries(input.role_mapping ?? {});
  if (entries.length > ROLE_MAPPING_MAX)
    problems.push({ field: 'role_mapping', message: `role_mapping has at most ${ROLE_MAPPING_MAX} entries` });
  for (const [value, role] of entries.slice(0, ROLE_MAPPING_MAX + 1)) {
    const field = `role_mapping.${value.slice(0, 50)}`;
    if (value.length === 0 || value.length > CLAIM_VALUE_MAX_LENGTH)
      problems.push({ field, message: `a claim value has 1 to ${CLAIM_VALUE_MAX_LENGTH} characters` });
    if (!(SSO_ROLES as readonly unknown[]).includes(role))
      problems.push({ field, message: `a mapped role must be one of: ${SSO_ROLES.join(', ')}` });
  }
  if (entries.length > 0 && !input.role_claim)
    problems.push({ field: 'role_claim', message: 'role_claim is required with a role_mapping' });
  return problems;
}

/**
 * Why a configuration must carry a client secret, or undefined when the stored one may be kept: the first
 * time, and whenever the issuer changes, since the stored secret was given to one provider and a new
 * issuer would receive it at its token endpoint.
 */
export function clientSecretProblem(
  input: { issuer: string; client_secret?: string | null },
  stored: { issuer: string } | undefined,
): string | undefined {
  if (input.client_secret) return undefined;
  if (!stored) return 'client_secret is required to configure SSO';
  if (stored.issuer !== input.issuer)
    return 'client_secret is required when the issuer changes: the stored secret is not sent to another provider';
  return undefined;
}

/** The domain of an email address, in lower case; undefined when it has none. */
export function emailDomain(email: string): string | undefined {
  const at = email.lastIndexOf('@');
  if (at <= 0 || at === email.length - 1) return undefined;
  return email.slice(at + 1).toLowerCase();
}

/** The value at a claim path (`groups`, `realm_access.roles`), if any. */
export function claimAt(claims: Record<string, unknown>, path: string): unknown {
  let value: unknown = claims;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}

/**
 * The role a claim maps to: a claim is a string or a list of strings (groups); each value that the
 * mapping names gives a role, and the strongest of them wins. Undefined when none maps.
 */
export function mappedRole(claim: unknown, mapping: Readonly<Record<string, SsoRole>>): SsoRole | undefined {
  const values = typeof claim === 'string' ? [claim] : Array.isArray(claim) ? claim : [];
  const roles = new Set<SsoRole>();
  for (const value of values)
    if (typeof value === 'string' && Object.hasOwn(mapping, value)) roles.add(mapping[value]!);
  return ROLE_PRECEDENCE.find((role) => roles.has(role));
}

export type SsoFailure =
  /** The provider answered with an error: the person cancelled, or the provider refused them. */
  | 'sso_denied'
  /** Unknown, already used, or not started in this browser. */
  | 'sso_state_invalid'
  | 'sso_state_expired'
  /** The organization's SSO was removed or disabled while the person was at the provider. */
  | 'sso_not_configured'
  /** The code exchange or the ID token's checks failed. */
  | 'sso_provider_error'
  | 'sso_email_missing'
  | 'sso_email_unverified'
  | 'sso_domain_not_allowed'
  /** The email has an account that is not a member of this organization (see docs/sso.md). */
  | 'sso_account_not_member';

/** The email a provider vouches for, if it is verified and in an allowed domain. */
export function verifiedEmail(
  claims: Record<string, unknown>,
  allowedDomains: readonly string[],
): { email: string } | { failure: SsoFailure } {
  const email = claims['email'];
  if (typeof email !== 'string' || emailDomain(email) === undefined) return { failure: 'sso_email_missing' };
  // Some providers send the flag as a string.
  const verified = claims['email_verified'];
  if (verified !== true && verified !== 'true') return { failure: 'sso_email_unverified' };
  if (!allowedDomains.includes(emailDomain(email)!)) return { failure: 'sso_domain_not_allowed' };
  return { email: email.trim() };
}

export interface RoleRule {
  roleClaim: string | null;
  roleMapping: Readonly<Record<string, SsoRole>>;
  defaultRole: SsoRole;
}

export type MembershipDecision =
  | { action: 'add'; role: SsoRole }
  | { action: 'change'; from: Role; to: SsoRole }
  | { action: 'keep' }
  | { action: 'refuse'; failure: SsoFailure };

/**
 * What a sign-in does to the person's membership. A new person joins with the mapped role, else the
 * default role. An existing account joins only if it is a member already: an organization's provider
 * could otherwise sign in as anyone's account elsewhere. A member's role follows the mapped claim at each
 * sign-in (the provider is the source of truth for roles when a claim is configured); without a mapped
 * value it stays as it is, and an owner stays an owner.
 */
export function membershipDecision(
  person: { exists: boolean; role: Role | undefined },
  claims: Record<string, unknown>,
  rule: RoleRule,
): MembershipDecision {
  const mapped = rule.roleClaim ? mappedRole(claimAt(claims, rule.roleClaim), rule.roleMapping) : undefined;
  if (person.role === undefined)
    return person.exists
      ? { action: 'refuse', failure: 'sso_account_not_member' }
      : { action: 'add', role: mapped ?? rule.defaultRole };
  if (person.role === 'owner' || mapped === undefined || mapped === person.role) return { action: 'keep' };
  return { action: 'change', from: person.role, to: mapped };
}

/** A name for a person the provider created: its `name`, else given and family names, else the email. */
export function displayName(claims: Record<string, unknown>, email: string): string {
  const text = (key: string) => {
    const value = claims[key];
    return typeof value === 'string' ? value.trim() : '';
  };
  const name = text('name') || [text('given_name'), text('family_name')].filter(Boolean).join(' ');
  return (name || email.slice(0, email.lastIndexOf('@'))).slice(0, 200);
}
