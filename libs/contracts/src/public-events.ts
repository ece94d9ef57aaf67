import {
  boolean,
  count,
  type DetailsOf,
  id,
  type JsonSchema,
  number,
  object,
  pattern,
  text,
  timestamp,
  typed,
} from './json-schema';
import type { Severity } from './severity';

/** The six event types of the published interface, in the order the spec lists them. */
export const PUBLIC_EVENT_TYPES = [
  'finding.created',
  'assessment.complete',
  'policy.violated',
  'drift.detected',
  'probe.disconnected',
  'system.registered',
] as const;
export type PublicEventType = (typeof PUBLIC_EVENT_TYPES)[number];

/** The details of each event type, as consumers receive them. */
export const PUBLIC_DETAILS_SCHEMAS = {
  'finding.created': object({
    finding_id: id('fnd'),
    title: text,
    description: text,
    control: pattern('^[A-Z0-9_]+:.+$'),
    framework: text,
    system_name: text,
    assessment_id: id('asmnt'),
    remediation_id: id('rem'),
  }),
  'assessment.complete': object({
    assessment_id: id('asmnt'),
    verdict: text,
    score: typed<number>({ type: 'number', minimum: 0, maximum: 1 }),
    findings_count: count,
    high_findings: count,
    medium_findings: count,
    framework: text,
    report_url: typed<string>({ type: 'string', format: 'uri' }),
  }),
  'policy.violated': object({
    violation_id: id('vio'),
    policy_id: id('pol'),
    policy_name: text,
    enforcement_mode: text,
    action_taken: text,
    probe_id: id('prb'),
    input_hash: pattern('^sha256:[0-9a-f]{64}$'),
    context: text,
  }),
  'drift.detected': object({
    drift_id: id('dft'),
    system_name: text,
    drift_score: number,
    baseline_score: number,
    /** drift_score - baseline_score */
    delta: number,
    detection_layer: text,
    description: text,
    recommended_action: text,
  }),
  'probe.disconnected': object({
    probe_id: id('prb'),
    probe_name: text,
    last_seen_at: timestamp,
    silence_duration_seconds: count,
    environment: text,
  }),
  'system.registered': object({
    system_name: text,
    registration_source: text,
    discovery_method: text,
    host: text,
    runtime: text,
    declared: boolean,
  }),
} satisfies Record<PublicEventType, JsonSchema>;

export type PublicEventDetails = DetailsOf<typeof PUBLIC_DETAILS_SCHEMAS>;
export type FindingCreatedDetails = PublicEventDetails['finding.created'];
export type AssessmentCompleteDetails = PublicEventDetails['assessment.complete'];
export type PolicyViolatedDetails = PublicEventDetails['policy.violated'];
export type DriftDetectedDetails = PublicEventDetails['drift.detected'];
export type ProbeDisconnectedDetails = PublicEventDetails['probe.disconnected'];

/** The common payload: what a webhook delivery carries, byte for byte. */
export interface EventPayload<T extends PublicEventType = PublicEventType> {
  event: T;
  /** ISO 8601 UTC */
  timestamp: string;
  severity: Severity;
  /** null for organization-level events */
  system_id: string | null;
  details: PublicEventDetails[T];
}

/** The value of a record on a public Kafka topic: the common payload plus its identity and tenant. */
export type PublicEventRecord<T extends PublicEventType = PublicEventType> = {
  id: string;
  organization_id: string;
} & EventPayload<T>;

/** Field order of the common payload; serializers keep it so every consumer sees the same bytes. */
export function toEventPayload<T extends PublicEventType>(record: PublicEventRecord<T>): EventPayload<T> {
  return {
    event: record.event,
    timestamp: record.timestamp,
    severity: record.severity,
    system_id: record.system_id,
    details: record.details,
  };
}

/**
 * A record as a row of a table of events, in the column order `(organization_id, event_id, event,
 * severity, system_id, occurred_at, details)` that the read models' activity and incident tables share.
 */
export function eventRow(record: PublicEventRecord): unknown[] {
  const { organization_id, id, event, severity, system_id, timestamp, details } = record;
  return [organization_id, id, event, severity, system_id, timestamp, JSON.stringify(details)];
}
