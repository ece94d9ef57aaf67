import { type EnvReader } from '@governance/platform';

export interface KafkaConfig {
  brokers: string[];
  clientId: string;
  /** How long a fetch waits for new records; kafkajs's default of 5 s makes an idle consumer slow to react. */
  maxWaitMs: number;
  idempotentProducer: boolean;
  ssl: boolean;
  /** A consumer silent this long leaves its group; after an outage the group re-forms no sooner. */
  sessionTimeoutMs: number;
}

export interface MessagingConfig {
  /** Unset means: the Postgres event log is the bus. */
  kafka: KafkaConfig | undefined;
  eventLogPollIntervalMs: number;
  outboxPollIntervalMs: number;
  outboxBatchSize: number;
  outboxRetentionMs: number;
  inboxRetentionMs: number;
  /** How long a write whose result other services need waits for its events to reach the bus. */
  publishWaitTimeoutMs: number;
  /** How long a replica miss waits for its consumer group to catch up with the bus before answering. */
  replicaCatchUpTimeoutMs: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function readMessagingConfig(env: EnvReader, service: string): MessagingConfig {
  const brokers = env.optionalString('KAFKA_BROKERS');
  const kafka: KafkaConfig | undefined = brokers
    ? {
        brokers: brokers
          .split(',')
          .map((broker) => broker.trim())
          .filter(Boolean),
        clientId: env.string('KAFKA_CLIENT_ID', `governance-${service}`),
        maxWaitMs: env.int('KAFKA_MAX_WAIT_MS', 100, { min: 10, max: 10_000 }),
        idempotentProducer: env.bool('KAFKA_IDEMPOTENT_PRODUCER', false),
        ssl: env.bool('KAFKA_SSL', false),
        sessionTimeoutMs: env.int('KAFKA_SESSION_TIMEOUT_MS', 30_000, { min: 3_000, max: 300_000 }),
      }
    : undefined;
  return {
    kafka,
    eventLogPollIntervalMs: env.int('EVENT_LOG_POLL_INTERVAL_MS', 100, { min: 5, max: 60_000 }),
    outboxPollIntervalMs: env.int('OUTBOX_POLL_INTERVAL_MS', 100, { min: 5, max: 60_000 }),
    outboxBatchSize: env.int('OUTBOX_BATCH_SIZE', 500, { min: 1, max: 10_000 }),
    outboxRetentionMs: env.int('OUTBOX_RETENTION_MS', 7 * DAY_MS, { min: 0 }),
    inboxRetentionMs: env.int('INBOX_RETENTION_MS', 7 * DAY_MS, { min: 60_000 }),
    publishWaitTimeoutMs: env.int('PUBLISH_WAIT_TIMEOUT_MS', 5_000, { min: 0, max: 60_000 }),
    replicaCatchUpTimeoutMs: env.int('REPLICA_CATCH_UP_TIMEOUT_MS', 2_000, { min: 0, max: 60_000 }),
  };
}
