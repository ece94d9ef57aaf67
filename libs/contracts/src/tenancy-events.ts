import { type InternalEventRecord } from './internal-event';
import { details, type DetailsOf, id, nonEmpty, oneOf, pattern, text } from './json-schema';

/** Plans an organization can be on; the published interface names the last three as webhook plans. */
export const PLANS = ['free', 'professional', 'federal', 'embedded'] as const;
export type Plan = (typeof PLANS)[number];
export const WEBHOOK_PLANS: readonly Plan[] = ['professional', 'federal', 'embedded'];

/** A person's role in one organization (docs/security/roles.md says what each may do). */
export const ROLES = ['owner', 'admin', 'editor', 'viewer', 'auditor'] as const;
export type Role = (typeof ROLES)[number];

/** What an API key may do: `full` as an admin, `read_only` as a viewer, `probe` the probe endpoints only. */
export const KEY_SCOPES = ['full', 'read_only', 'probe'] as const;
export type KeyScope = (typeof KEY_SCOPES)[number];

const sha256Hex = pattern('^[0-9a-f]{64}$');

export const TENANCY_DETAILS_SCHEMAS = {
  'organization.created': details({ name: text, plan: oneOf(PLANS) }),
  /** Renamed (or its plan changed): replicas keep the name and plan as they are now. */
  'organization.updated': details({ name: text, plan: oneOf(PLANS) }),
  'api_key.created': details(
    {
      key_id: nonEmpty,
      /** Lowercase hex SHA-256 of the key's secret part; the key itself never leaves the identity service. */
      secret_sha256: sha256Hex,
    },
    /** Absent on keys issued before scopes existed, which are `full`. */
    { scope: oneOf(KEY_SCOPES) },
  ),
  'api_key.revoked': details({ key_id: nonEmpty }),
  /** A person signed in; the cookie holds `ses_<id body>_<secret>`, and only the secret's digest travels. */
  'session.started': details(
    { session_id: id('ses'), user_id: id('usr'), secret_sha256: sha256Hex },
    /** Started through this organization's SSO: the session acts in it only. Absent: in all of the person's. */
    { bound_organization_id: id('org') },
  ),
  /** Signed out, expired after inactivity, ended by its owner, or the person was removed everywhere. */
  'session.ended': details({ session_id: id('ses'), user_id: id('usr') }),
  'member.added': details({ user_id: id('usr'), role: oneOf(ROLES) }),
  'member.role_changed': details({ user_id: id('usr'), role: oneOf(ROLES) }),
  'member.removed': details({ user_id: id('usr') }),
};
export type TenancyEventDetails = DetailsOf<typeof TENANCY_DETAILS_SCHEMAS>;
export type OrganizationCreatedDetails = TenancyEventDetails['organization.created'];
export type ApiKeyCreatedDetails = TenancyEventDetails['api_key.created'];

/** Internal events of the identity service, published on INTERNAL_TOPICS.tenancy. */
export type TenancyEventRecord = InternalEventRecord<TenancyEventDetails>;
