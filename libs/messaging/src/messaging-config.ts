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

/** How consumers retry failing records and keep the ones they set aside. */
export interface ConsumerConfig {
  /** Tries of a handler failing with a permanent error before its record is set aside. */
  maxHandlerAttempts: number;
  /** The wait before a handler's second try; it doubles for each further one. */
  retryBackoffMs: number;
  deadLetterRetentionMs: number;
}

export interface MessagingConfig {
  /** Unset means: the Postgres event log is the bus. */
  kafka: KafkaConfig | undefined;
  eventLogPollIntervalMs: number;
  outboxPollIntervalMs: number;
  outboxBatchSize: number;
  outboxRetentionMs: number;
  inboxRetentionMs: number;
  consumers: ConsumerConfig;
  /** Guards the dead-letter admin API; unset, that API refuses every request. */
  adminToken: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function readMessagingConfig(env: EnvReader, service: string): MessagingConfig {
  const adminToken = env.optionalString('ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 16)
    env.invalid('ADMIN_TOKEN must be at least 16 characters');
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
    consumers: {
      maxHandlerAttempts: env.int('CONSUMER_MAX_HANDLER_ATTEMPTS', 3, { min: 1, max: 100 }),
      retryBackoffMs: env.int('CONSUMER_RETRY_BACKOFF_MS', 200, { min: 0, max: 60_000 }),
      deadLetterRetentionMs: env.int('DEAD_LETTER_RETENTION_MS', 30 * DAY_MS, { min: 60_000 }),
    },
    adminToken,
  };
}
