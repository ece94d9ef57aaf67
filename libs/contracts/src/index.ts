export { SEVERITIES, type Severity } from './severity';
export { ID_PREFIXES, type IdKind, newId, isId, newUuidV7, isUuid } from './ids';
export {
  PUBLIC_EVENT_TYPES,
  type PublicEventType,
  type FindingCreatedDetails,
  type AssessmentCompleteDetails,
  type PolicyViolatedDetails,
  type DriftDetectedDetails,
  type ProbeDisconnectedDetails,
  type SystemRegisteredDetails,
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
  type TenancyEventDetails,
  type TenancyEventType,
  type TenancyEventRecord,
} from './tenancy-events';
export { type InternalEventRecord } from './internal-event';
export {
  RISK_TIERS,
  type RiskTier,
  SYSTEM_STATUSES,
  type SystemStatus,
  REGISTRATION_SOURCES,
  type RegistrationSource,
  DISCOVERY_METHODS,
  type DiscoveryMethod,
  type SystemSnapshot,
  type SystemRegistrationMergedDetails,
  type SystemsEventDetails,
  type SystemsEventType,
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
  type TelemetryEventDetails,
  type TelemetryEventRecord,
} from './probe-events';
export {
  CONDITION_OPS,
  type ConditionOp,
  CONDITION_FIELD_PREFIXES,
  CONDITION_FIELDS,
  type ConditionValue,
  type FieldCondition,
  type Condition,
  ENFORCEMENT_MODES,
  type EnforcementMode,
  POLICY_STATUSES,
  type PolicyStatus,
  type PolicyScope,
  type PolicySnapshot,
  type PolicyEventDetails,
  type PolicyEventType,
  type PolicyEventRecord,
} from './policy-events';
export { type JsonSchema } from './json-schema';
export { eventPayloadSchema, eventRecordSchema, PUBLIC_EVENT_SCHEMAS } from './event-schemas';
export { INTERNAL_TOPIC_SCHEMAS, TOPIC_RECORD_SCHEMAS } from './internal-event-schemas';
export { type TopicRecords, type Topic, type TopicRecord } from './topic-records';
