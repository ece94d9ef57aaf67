import { EnvReader } from '@governance/platform';
import { readMessagingConfig } from './messaging-config';

const read = (env: NodeJS.ProcessEnv) => {
  const reader = new EnvReader(env);
  const config = readMessagingConfig(reader, 'spec');
  reader.assertValid();
  return config;
};

describe('readMessagingConfig: consumers and dead letters', () => {
  it('tries a failing handler 3 times from 200 ms and keeps dead letters 30 days by default', () => {
    expect(read({}).consumers).toEqual({
      maxHandlerAttempts: 3,
      retryBackoffMs: 200,
      deadLetterRetentionMs: 30 * 24 * 60 * 60 * 1000,
    });
    expect(read({}).adminToken).toBeUndefined();
  });

  it('takes the settings and the admin token from the environment', () => {
    const config = read({
      CONSUMER_MAX_HANDLER_ATTEMPTS: '5',
      CONSUMER_RETRY_BACKOFF_MS: '50',
      DEAD_LETTER_RETENTION_MS: '86400000',
      ADMIN_TOKEN: 'a-long-enough-admin-token',
    });
    expect(config.consumers).toEqual({
      maxHandlerAttempts: 5,
      retryBackoffMs: 50,
      deadLetterRetentionMs: 86_400_000,
    });
    expect(config.adminToken).toBe('a-long-enough-admin-token');
  });

  it('refuses no attempts at all and a short admin token', () => {
    expect(() => read({ CONSUMER_MAX_HANDLER_ATTEMPTS: '0' })).toThrow(
      /CONSUMER_MAX_HANDLER_ATTEMPTS must be at least 1/,
    );
    expect(() => read({ ADMIN_TOKEN: 'short' })).toThrow(/ADMIN_TOKEN must be at least 16 characters/);
  });
});

describe('readMessagingConfig: Kafka consumers', () => {
  const brokers = { KAFKA_BROKERS: 'b1:9092, b2:9092' };

  it('handles four partitions side by side by default, and as many as KAFKA_PARTITIONS_CONSUMED_CONCURRENTLY says', () => {
    expect(read(brokers).kafka?.partitionsConsumedConcurrently).toBe(4);
    expect(
      read({ ...brokers, KAFKA_PARTITIONS_CONSUMED_CONCURRENTLY: '1' }).kafka?.partitionsConsumedConcurrently,
    ).toBe(1);
    expect(() => read({ ...brokers, KAFKA_PARTITIONS_CONSUMED_CONCURRENTLY: '0' })).toThrow(
      /KAFKA_PARTITIONS_CONSUMED_CONCURRENTLY must be at least 1/,
    );
  });
});

describe('readMessagingConfig: the Postgres event log', () => {
  it('reads 2,000 events per consumer batch by default, as many as EVENT_LOG_BATCH_SIZE says, at least 1', () => {
    expect(read({}).eventLogBatchSize).toBe(2_000);
    expect(read({ EVENT_LOG_BATCH_SIZE: '50' }).eventLogBatchSize).toBe(50);
    expect(() => read({ EVENT_LOG_BATCH_SIZE: '0' })).toThrow(/EVENT_LOG_BATCH_SIZE must be at least 1/);
  });
});
