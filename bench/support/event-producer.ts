import { newUuidV7, type PublicEventRecord, type PublicEventType } from '@governance/contracts';
import {
  createKafka,
  type EventTransport,
  type KafkaConfig,
  KafkaEventTransport,
  messagingTablesSql,
  OutboxRelay,
  PostgresLogTransport,
  publicEventMessage,
  UnitOfWork,
} from '@governance/messaging';
import { createLogger } from '@governance/platform';
import { DataSource } from 'typeorm';
import { samplePayload } from '../../apps/webhooks/src/webhooks/sample-events';
import { monotonicMs } from './receiver';

/** The schema of the producing service's outbox, beside the services' own in the bench database. */
const SCHEMA = 'bench_producer';

export interface BenchProducer {
  /**
   * Commits one public event of `organizationId` in its own transaction (outbox row only), as a service's
   * UnitOfWork does, and resolves just after the commit with the event's id and the commit's instant
   * (monotonic ms, comparable with the receiver's arrivals).
   */
  commit(organizationId: string, event: PublicEventType): Promise<{ eventId: string; committedAtMs: number }>;
  /** The bus the relay publishes to, for announcing organizations as identity does. */
  transport: EventTransport;
  close(): Promise<void>;
}

/**
 * A producing service as the platform builds one: its own schema with an outbox, a UnitOfWork that
 * commits events there, and an OutboxRelay moving them to the bus. On the Postgres event log the relay
 * moves them by SQL in the log's database, as in the embedded deployment; on Kafka it publishes them with
 * the platform's producer (idempotence off: the mock cluster has no controller).
 */
export async function startBenchProducer(
  databaseUrl: string,
  kafkaBrokers: string | undefined,
  poolSize = 10,
): Promise<BenchProducer> {
  const logger = createLogger('bench-producer', 'error');
  const dataSource = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: poolSize } });
  await dataSource.initialize();
  await dataSource.query(`CREATE SCHEMA IF NOT EXISTS ${SCHEMA}`);
  for (const statement of messagingTablesSql(SCHEMA)) await dataSource.query(statement);
  let transport: EventTransport;
  if (kafkaBrokers) {
    const config: KafkaConfig = {
      brokers: kafkaBrokers.split(','),
      clientId: 'bench-producer',
      maxWaitMs: 100,
      idempotentProducer: false,
      ssl: false,
      sessionTimeoutMs: 6_000,
    };
    transport = new KafkaEventTransport(createKafka(config, logger), config);
  } else transport = new PostgresLogTransport(dataSource);
  // The platform's defaults (libs/messaging/src/messaging-config.ts).
  const relay = new OutboxRelay(
    dataSource,
    transport,
    {
      service: 'bench-producer',
      schema: SCHEMA,
      batchSize: 500,
      pollIntervalMs: 100,
    },
    logger,
  );
  relay.start();
  const unitOfWork = new UnitOfWork(dataSource, SCHEMA, 'bench-producer');
  return {
    transport,
    commit: async (organizationId, event) => {
      const payload = samplePayload(event);
      const record = { id: newUuidV7(), organization_id: organizationId, ...payload } as PublicEventRecord;
      await unitOfWork.run(async ({ publish }) => {
        publish(publicEventMessage(record));
        return Promise.resolve();
      });
      return { eventId: record.id, committedAtMs: monotonicMs() };
    },
    close: async () => {
      await relay.close();
      await transport.close();
      await dataSource.destroy();
    },
  };
}
