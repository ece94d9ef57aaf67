import { type EnvReader } from '@governance/platform';

export interface KafkaConfig {
  brokers: string[];
  clientId: string;
  /** How long a fetch waits for new records; kafkajs's default of 5 s makes an idle consumer slow to react. */
  maxWaitMs: number;
  /**
   * Partitions a consumer handles side by side, each still in order. One at a time, a member that takes
   * over a crashed one's partitions drains their backlog no faster than it handles its own. Unset: 4.
   */
  partitionsConsumedConcurrently?: number;
  idempotentProducer: boolean;
  ssl: boolean;
  /**
   * A consumer silent this long leaves its group: a crashed member's partitions wait this long for
   * another member, and a rebalance waits no longer for it.
   */
  sessionTimeoutMs: number;
  /** Unset: a sixth of the session time-out, at least 500 ms. */
  heartbeatIntervalMs?: number;
  /** How long a rebalance waits for live members to rejoin. Unset: the session time-out plus 4 s. */
  rebalanceTimeoutMs?: number;
  /**
   * kafkajs's retries of one request (producer send, fetch, group join) before the call fails: delays
   * start at `initialMs` and double up to `maxMs`. A consumer that runs out of retries restarts itself.
   * Unset: 100 ms, 1 s, 5 retries.
   */
  retry?: { initialMs: number; maxMs: number; retries: number };
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
  /** Most events a Postgres-log consumer reads into one batch (one transaction of its handler). */
  eventLogBatchSize: number;
  outboxPollIntervalMs: number;
  /** Longest pause of the relay after failed publishes (it doubles from 200 ms). */
  outboxRetryMaxMs: number;
  outboxBatchSize: number;
  outboxRetentionMs: number;
  inboxRetentionMs: number;
  /** How long a write whose result other services need waits for its events to reach the bus. */
  publishWaitTimeoutMs: number;
  /** How long a replica miss waits for its consumer group to catch up with the bus before answering. */
  replicaCatchUpTimeoutMs: number;
  consumers: ConsumerConfig;
  /** Guards the dead-letter admin API; unset, that API refuses every request. */
  adminToken: string | undefined;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export const DEFAULT_PARTITIONS_CONSUMED_CONCURRENTLY = 4;

export function defaultHeartbeatMs(sessionTimeoutMs: number): number {
  return Math.max(500, Math.floor(sessionTimeoutMs / 6));
}

export function readMessagingConfig(env: EnvReader, service: string): MessagingConfig {
  const adminToken = env.optionalString('ADMIN_TOKEN');
  if (adminToken !== undefined && adminToken.length < 16)
    env.invalid('ADMIN_TOKEN must be at least 16 characters');
  const brokers = env.optionalString('KAFKA_BROKERS');
  // 6 s is the least a broker accepts by default (group.min.session.timeout.ms): a SIGKILLed consumer's
  // partitions then move to the other members within seconds instead of half a minute.
  const sessionTimeoutMs = env.int('KAFKA_SESSION_TIMEOUT_MS', 6_000, { min: 3_000, max: 300_000 });
  const kafka: KafkaConfig | undefined = brokers
    ? {
        brokers: brokers
          .split(',')
          .map((broker) => broker.trim())
          .filter(Boolean),
        clientId: env.string('KAFKA_CLIENT_ID', `governance-${service}`),
        maxWaitMs: env.int('KAFKA_MAX_WAIT_MS', 100, { min: 10, max: 10_000 }),
        partitionsConsumedConcurrently: env.int(
          'KAFKA_PARTITIONS_CONSUMED_CONCURRENTLY',
          DEFAULT_PARTITIONS_CONSUMED_CONCURRENTLY,
          { min: 1, max: 64 },
        ),
        idempotentProducer: env.bool('KAFKA_IDEMPOTENT_PRODUCER', false),
        ssl: env.bool('KAFKA_SSL', false),
        sessionTimeoutMs,
        heartbeatIntervalMs: env.int('KAFKA_HEARTBEAT_INTERVAL_MS', defaultHeartbeatMs(sessionTimeoutMs), {
          min: 100,
          max: Math.floor(sessionTimeoutMs / 3),
        }),
        rebalanceTimeoutMs: env.int('KAFKA_REBALANCE_TIMEOUT_MS', sessionTimeoutMs + 4_000, {
          min: 1_000,
          max: 600_000,
        }),
        retry: {
          initialMs: env.int('KAFKA_RETRY_INITIAL_MS', 100, { min: 10, max: 60_000 }),
          maxMs: env.int('KAFKA_RETRY_MAX_MS', 1_000, { min: 10, max: 300_000 }),
          retries: env.int('KAFKA_RETRIES', 5, { min: 0, max: 100 }),
        },
      }
    : undefined;
  // A miss waits only while its group is behind; on Kafka it outwaits a rebalance (a group stops
  // consuming while one runs, and a member that died holds its partitions until its session ends).
  const catchUpDefault = Math.max(10_000, kafka?.rebalanceTimeoutMs ?? 0);
  return {
    kafka,
    eventLogPollIntervalMs: env.int('EVENT_LOG_POLL_INTERVAL_MS', 100, { min: 5, max: 60_000 }),
    eventLogBatchSize: env.int('EVENT_LOG_BATCH_SIZE', 2_000, { min: 1, max: 10_000 }),
    outboxPollIntervalMs: env.int('OUTBOX_POLL_INTERVAL_MS', 100, { min: 5, max: 60_000 }),
    outboxRetryMaxMs: env.int('OUTBOX_RETRY_MAX_MS', 1_000, { min: 10, max: 60_000 }),
    outboxBatchSize: env.int('OUTBOX_BATCH_SIZE', 500, { min: 1, max: 10_000 }),
    outboxRetentionMs: env.int('OUTBOX_RETENTION_MS', 7 * DAY_MS, { min: 0 }),
    inboxRetentionMs: env.int('INBOX_RETENTION_MS', 7 * DAY_MS, { min: 60_000 }),
    publishWaitTimeoutMs: env.int('PUBLISH_WAIT_TIMEOUT_MS', 5_000, { min: 0, max: 60_000 }),
    replicaCatchUpTimeoutMs: env.int('REPLICA_CATCH_UP_TIMEOUT_MS', catchUpDefault, { min: 0, max: 600_000 }),
    consumers: {
      maxHandlerAttempts: env.int('CONSUMER_MAX_HANDLER_ATTEMPTS', 3, { min: 1, max: 100 }),
      retryBackoffMs: env.int('CONSUMER_RETRY_BACKOFF_MS', 200, { min: 0, max: 60_000 }),
      deadLetterRetentionMs: env.int('DEAD_LETTER_RETENTION_MS', 30 * DAY_MS, { min: 60_000 }),
    },
    adminToken,
  };
}
