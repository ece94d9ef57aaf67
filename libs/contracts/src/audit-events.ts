import { type InternalEventRecord } from './internal-event';
import {
  details,
  type DetailsOf,
  nonEmpty,
  nullableText,
  objectAs,
  oneOf,
  text,
  timestamp,
} from './json-schema';

/** Who made a change: a person (session), an API key, or a service acting on its own (discovery, schedules). */
export const ACTOR_TYPES = ['user', 'api_key', 'service'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];

/** A JSON object summarising a record before or after a change; secrets never enter it. */
export type AuditSnapshot = Record<string, unknown> | null;
const snapshot = { ...objectAs<Record<string, unknown>>(), type: ['object', 'null'] } as ReturnType<
  typeof objectAs<AuditSnapshot>
>;

export const AUDIT_DETAILS_SCHEMAS = {
  /** One change, written in the change's own transaction; identity chains it into the audit trail. */
  'audit.recorded': details({
    actor_type: oneOf(ACTOR_TYPES),
    /** `usr_…`, `key_…`, or the service's name. */
    actor_id: nonEmpty,
    /** The service that made the change. */
    service: nonEmpty,
    /** `<target type>.<verb>`, such as `system.registered` or `member.role_changed`. */
    action: nonEmpty,
    target_type: nonEmpty,
    target_id: text,
    address: nullableText,
    user_agent: nullableText,
    before: snapshot,
    after: snapshot,
  }),
  /** A key was used since the last report; identity keeps the latest as the key's `last_used_at`. */
  'api_key.used': details({ key_id: nonEmpty, used_at: timestamp }),
};
export type AuditEventDetails = DetailsOf<typeof AUDIT_DETAILS_SCHEMAS>;
export type AuditRecordedDetails = AuditEventDetails['audit.recorded'];

/** Events on INTERNAL_TOPICS.audit, which every service produces and identity consumes. */
export type AuditEventRecord = InternalEventRecord<AuditEventDetails>;
