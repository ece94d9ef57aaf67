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

export function isPublicEventType(value: unknown): value is PublicEventType {
  return typeof value === 'string' && (PUBLIC_EVENT_TYPES as readonly string[]).includes(value);
}

export interface FindingCreatedDetails {
  finding_id: string;
  title: string;
  description: string;
  /** `<FRAMEWORK_KEY>:<control_id>` */
  control: string;
  framework: string;
  system_name: string;
  assessment_id: string;
  remediation_id: string;
}

export interface AssessmentCompleteDetails {
  assessment_id: string;
  verdict: string;
  /** A fraction between 0 and 1. */
  score: number;
  findings_count: number;
  high_findings: number;
  medium_findings: number;
  framework: string;
  report_url: string;
}

export interface PolicyViolatedDetails {
  violation_id: string;
  policy_id: string;
  policy_name: string;
  enforcement_mode: string;
  action_taken: string;
  probe_id: string;
  /** `sha256:<hex>` */
  input_hash: string;
  context: string;
}

export interface DriftDetectedDetails {
  drift_id: string;
  system_name: string;
  drift_score: number;
  baseline_score: number;
  /** drift_score - baseline_score */
  delta: number;
  detection_layer: string;
  description: string;
  recommended_action: string;
}

export interface ProbeDisconnectedDetails {
  probe_id: string;
  probe_name: string;
  last_seen_at: string;
  silence_duration_seconds: number;
  environment: string;
}

export interface SystemRegisteredDetails {
  system_name: string;
  registration_source: string;
  discovery_method: string;
  host: string;
  runtime: string;
  declared: boolean;
}

export interface PublicEventDetails {
  'finding.created': FindingCreatedDetails;
  'assessment.complete': AssessmentCompleteDetails;
  'policy.violated': PolicyViolatedDetails;
  'drift.detected': DriftDetectedDetails;
  'probe.disconnected': ProbeDisconnectedDetails;
  'system.registered': SystemRegisteredDetails;
}

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
