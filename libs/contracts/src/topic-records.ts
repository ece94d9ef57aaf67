import { type AuditEventRecord } from './audit-events';
import { type PolicyEventRecord } from './policy-events';
import { type ProbeEventRecord, type TelemetryEventRecord } from './probe-events';
import { type PublicEventRecord, type PublicEventType } from './public-events';
import { type SystemsEventRecord } from './systems-events';
import { type TenancyEventRecord } from './tenancy-events';
import { type INTERNAL_TOPICS, type PublicTopic } from './topics';

interface InternalRecords {
  tenancy: TenancyEventRecord;
  systems: SystemsEventRecord;
  probes: ProbeEventRecord;
  telemetry: TelemetryEventRecord;
  policies: PolicyEventRecord;
  audit: AuditEventRecord;
}

/** The record each topic carries: the type its contract in TOPIC_RECORD_SCHEMAS validates. */
export type TopicRecords = {
  [K in keyof typeof INTERNAL_TOPICS as (typeof INTERNAL_TOPICS)[K]]: InternalRecords[K];
} & { [T in PublicEventType as PublicTopic<T>]: PublicEventRecord<T> };

export type Topic = keyof TopicRecords;

/** The record of `T`, whose `event` narrows its `details`. */
export type TopicRecord<T extends Topic> = TopicRecords[T];
