export { type MessagingConfig, type KafkaConfig, readMessagingConfig } from './messaging-config';
export {
  type OutboxMessage,
  publicEventMessage,
  tenancyEventMessage,
  auditEventMessage,
  systemsEventMessage,
  probeEventMessage,
  telemetryEventMessage,
  policyEventMessage,
} from './outbox-message';
export { type ConsumedEvent, type Subscription, parsePayload } from './consumed-event';
export { type EventTransport } from './event-transport';
export { UnitOfWork, type Transaction, type AuditEntry } from './unit-of-work';
export { auditChanges, auditFields } from './audit-summary';
export { type Projection, type ProjectedRecord, project, projectEach } from './projection';
export { ReplicaCatchUp } from './replica-catch-up';
export { OutboxRelay } from './outbox-relay';
export { MessagingRetention, type MessagingRetentionOptions } from './messaging-retention';
export { DirectPublisher } from './direct-publisher';
export { ConsumeEvent, EventBusServer } from './event-bus.server';
export { checkRecordContract } from './record-contract';
export { DeadLetters1764700000000 } from './dead-letters';
export { MessagingModule, connectEventBus } from './messaging.module';
export { messagingTablesSql, dropMessagingTablesSql } from './messaging-tables';
export { EventLog1764800000000, PostgresLogTransport } from './postgres-event-log';
export { createKafka, KafkaEventTransport, KafkaEventSource } from './kafka';
export { LeasedJobWorker, type LeasedJobSettings, type JobOutcome } from './leased-job-worker';
