export { SEVERITIES, type Severity } from './severity';
export { ID_PREFIXES, type IdKind, newId, isId, newUuidV7, isUuid } from './ids';
export {
  PUBLIC_EVENT_TYPES,
  type PublicEventType,
  isPublicEventType,
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
} from './public-events';
export { publicTopicFor, PUBLIC_TOPICS, INTERNAL_TOPICS, EVENT_HEADERS, SCHEMA_VERSION } from './topics';
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
export {
  type JsonSchema,
  eventPayloadSchema,
  eventRecordSchema,
  PUBLIC_EVENT_SCHEMAS,
} from './event-schemas';
