export { SEVERITIES, type Severity } from './severity';
export { ID_PREFIXES, newId, isId, newUuidV7, isUuid } from './ids';
export {
  PUBLIC_EVENT_TYPES,
  type PublicEventType,
  type FindingCreatedDetails,
  type AssessmentCompleteDetails,
  type PolicyViolatedDetails,
  type DriftDetectedDetails,
  type ProbeDisconnectedDetails,
  type PublicEventDetails,
  type EventPayload,
  type PublicEventRecord,
  toEventPayload,
  eventRow,
} from './public-events';
export {
  type PublicTopic,
  publicTopicFor,
  PUBLIC_TOPICS,
  INTERNAL_TOPICS,
  SYSTEMS_REGISTRATION_GROUP,
  EVENT_HEADERS,
  SCHEMA_VERSION,
} from './topics';
export {
  PLANS,
  type Plan,
  WEBHOOK_PLANS,
  type OrganizationCreatedDetails,
  type ApiKeyCreatedDetails,
  type TenancyEventRecord,
  type TenancyEventDetails,
  ROLES,
  type Role,
  KEY_SCOPES,
  type KeyScope,
} from './tenancy-events';
export {
  ACTOR_TYPES,
  type ActorType,
  type AuditSnapshot,
  type AuditRecordedDetails,
  type AuditEventRecord,
} from './audit-events';
export {
  RISK_TIERS,
  type RiskTier,
  SYSTEM_STATUSES,
  type SystemStatus,
  REGISTRATION_SOURCES,
  DISCOVERY_METHODS,
  type SystemSnapshot,
  type SystemsEventRecord,
} from './systems-events';
export {
  PROBE_STATUSES,
  type ProbeStatus,
  type ProbeConnection,
  type ProbeRegisteredDetails,
  type ProbeHeartbeatDetails,
  type ProbeConnectionChangedDetails,
  type SystemRegistrationRequestedDetails,
  type ProbeEventDetails,
  type ProbeEventType,
  type ProbeEventRecord,
  type TelemetryRecord,
  type TelemetryReceivedDetails,
  type TelemetryEventRecord,
  TELEMETRY_TEXT_LIMITS,
} from './probe-events';
export {
  CONDITION_OPS,
  type ConditionOp,
  CONDITION_FIELD_PREFIXES,
  CONDITION_FIELDS,
  type FieldCondition,
  type Condition,
  ENFORCEMENT_MODES,
  type EnforcementMode,
  POLICY_STATUSES,
  type PolicyStatus,
  type PolicyScope,
  type PolicySnapshot,
  type PolicyEventRecord,
} from './policy-events';
export { type JsonSchema } from './json-schema';
export { eventPayloadSchema, PUBLIC_EVENT_SCHEMAS } from './event-schemas';
export { PUBLIC_EVENT_EXAMPLES, PUBLIC_EVENT_LABELS, PUBLIC_EVENT_TRIGGERS } from './public-event-examples';
export { TOPIC_RECORD_SCHEMAS } from './internal-event-schemas';
export { type Topic, type TopicRecord } from './topic-records';
export { canonicalJson } from './canonical-json';
