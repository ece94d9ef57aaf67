import { type InternalEventRecord } from './internal-event';

/** Plans an organization can be on; the published interface names the last three as webhook plans. */
export const PLANS = ['free', 'professional', 'federal', 'embedded'] as const;
export type Plan = (typeof PLANS)[number];
export const WEBHOOK_PLANS: readonly Plan[] = ['professional', 'federal', 'embedded'];

export interface OrganizationCreatedDetails {
  name: string;
  plan: Plan;
}

export interface ApiKeyCreatedDetails {
  key_id: string;
  /** Lowercase hex SHA-256 of the key's secret part; the key itself never leaves the tenancy service. */
  secret_sha256: string;
}

export interface TenancyEventDetails {
  'organization.created': OrganizationCreatedDetails;
  'api_key.created': ApiKeyCreatedDetails;
}
export type TenancyEventType = keyof TenancyEventDetails;

/** Internal events of the tenancy service, published on INTERNAL_TOPICS.tenancy. */
export type TenancyEventRecord = InternalEventRecord<TenancyEventDetails>;
