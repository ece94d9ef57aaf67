import { type InternalEventRecord } from './internal-event';
import { details, type DetailsOf, nonEmpty, oneOf, pattern, text } from './json-schema';

/** Plans an organization can be on; the published interface names the last three as webhook plans. */
export const PLANS = ['free', 'professional', 'federal', 'embedded'] as const;
export type Plan = (typeof PLANS)[number];
export const WEBHOOK_PLANS: readonly Plan[] = ['professional', 'federal', 'embedded'];

export const TENANCY_DETAILS_SCHEMAS = {
  'organization.created': details({ name: text, plan: oneOf(PLANS) }),
  'api_key.created': details({
    key_id: nonEmpty,
    /** Lowercase hex SHA-256 of the key's secret part; the key itself never leaves the tenancy service. */
    secret_sha256: pattern('^[0-9a-f]{64}$'),
  }),
};
export type TenancyEventDetails = DetailsOf<typeof TENANCY_DETAILS_SCHEMAS>;
export type OrganizationCreatedDetails = TenancyEventDetails['organization.created'];
export type ApiKeyCreatedDetails = TenancyEventDetails['api_key.created'];

/** Internal events of the tenancy service, published on INTERNAL_TOPICS.tenancy. */
export type TenancyEventRecord = InternalEventRecord<TenancyEventDetails>;
