export {
  type MessagingConfig,
  type KafkaConfig,
  type ConsumerConfig,
  readMessagingConfig,
} from './messaging-config';
export {
  type OutboxMessage,
  publicEventMessage,
  tenancyEventMessage,
  systemsEventMessage,
  probeEventMessage,
  telemetryEventMessage,
  policyEventMessage,
} from './outbox-message';
export {
  type ConsumedEvent,
  type EventSource,
  type Subscription,
  EVENT_SOURCE,
  parsePayload,
} from './consumed-event';
export { type EventTransport, type OutboxMover, EVENT_TRANSPORT } from './event-transport';
export { UnitOfWork, type Transaction, type RunOptions } from './unit-of-work';
export { type Projection, type ProjectedRecord, project, projectEach } from './projection';
export {
  ReplicaCatchUp,
  type ReplicaCatchUpOptions,
  type ConsumerProgress,
  type Positions,
  EventLogProgress,
  KafkaProgress,
} from './replica-catch-up';
export { OutboxRelay } from './outbox-relay';
export {
  ConsumeEvent,
  type ConsumeEventOptions,
  type ConsumerPolicy,
  EventBusServer,
} from './event-bus.server';
export { classifyFailure, type FailureKind } from './consumer-failure';
export { checkRecordContract, type ContractCheck } from './record-contract';
export {
  type DeadLetter,
  type DeadLetterReason,
  DeadLetterRepository,
  DeadLetters1764700000000,
} from './dead-letters';
export { MessagingModule, type MessagingOptions, connectEventBus } from './messaging.module';
export { messagingTablesSql, dropMessagingTablesSql } from './messaging-tables';
export { EventLog1764800000000, PostgresLogTransport, PostgresLogEventSource } from './postgres-event-log';
export { createKafka, KafkaEventTransport, KafkaEventSource } from './kafka';
export {
  LeasedJobWorker,
  type LeasedJob,
  type LeasedJobQueue,
  type LeasedJobSettings,
  type JobOutcome,
} from './leased-job-worker';
