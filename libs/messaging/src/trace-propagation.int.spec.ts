import 'reflect-metadata';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { Payload } from '@nestjs/microservices';
import { newId, newUuidV7 } from '@governance/contracts';
import { createServiceDataSource } from '@governance/persistence';
import {
  createLogger,
  extractTraceContext,
  inSpan,
  renderMetrics,
  SpanKind,
  startTracing,
} from '@governance/platform';
import { createEventLog, createTestDatabase, eventually, type TestDatabase } from '@governance/testing';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { type DataSource } from 'typeorm';
import { type ConsumedEvent } from './consumed-event';
import { DeadLetterRepository, deadLetterTablesSql } from './dead-letters';
import { ConsumeEvent, EventBusServer } from './event-bus.server';
import { messagingTablesSql } from './messaging-tables';
import { OutboxRelay } from './outbox-relay';
import { publicEventMessage } from './outbox-message';
import { PostgresLogEventSource, PostgresLogTransport } from './postgres-event-log';
import { UnitOfWork } from './unit-of-work';

const SCHEMA = 'trace_spec';
const REGISTERED = 'governance.system.registered';
const DISCONNECTED = 'governance.probe.disconnected';
const TRACE_ID = '0af7651916cd43dd8448eb211c80319c';
const CALLER_SPAN_ID = 'b7ad6b7169203331';

const exporter = new InMemorySpanExporter();
let unitOfWork: UnitOfWork;
const received: ConsumedEvent[] = [];

function registered(organizationId: string) {
  return publicEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'system.registered',
    timestamp: new Date().toISOString(),
    severity: 'INFO',
    system_id: newId('system'),
    details: {
      system_name: 'Support Bot',
      registration_source: 'api',
      discovery_method: 'manual',
      host: '',
      runtime: '',
      declared: true,
    },
  });
}

/** Reacts to a registration by appending another event, as a service's consumer would. */
@Controller()
class ChainConsumer {
  @ConsumeEvent(REGISTERED, 'chain')
  async onRegistered(@Payload() event: ConsumedEvent): Promise<void> {
    received.push(event);
    await unitOfWork.runOnce(event, async (tx) => {
      tx.publish(
        publicEventMessage({
          id: newUuidV7(),
          organization_id: event.key,
          event: 'probe.disconnected',
          timestamp: new Date().toISOString(),
          severity: 'HIGH',
          system_id: newId('system'),
          details: {
            probe_id: newId('probe'),
            probe_name: 'probe-1',
            last_seen_at: new Date().toISOString(),
            silence_duration_seconds: 60,
            environment: 'production',
          },
        }),
      );
    });
  }

  @ConsumeEvent(DISCONNECTED, 'tail')
  onDisconnected(@Payload() event: ConsumedEvent): void {
    received.push(event);
  }
}

@Module({ controllers: [ChainConsumer] })
class ChainModule {}

/**
 * The trace context of the work that appends an event travels with it through the outbox and the
 * Postgres event log; the consumer handles it in a child span, so what the handler appends carries
 * the same trace onward.
 */
describe('trace context through the outbox and the bus', () => {
  let database: TestDatabase;
  let dataSource: DataSource;
  let relay: OutboxRelay;
  let app: INestMicroservice;

  beforeAll(async () => {
    startTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    database = await createTestDatabase();
    dataSource = createServiceDataSource({
      url: database.url,
      schema: SCHEMA,
      migrations: [],
      poolSize: 6,
      applicationName: 'trace-propagation-int-spec',
    });
    await dataSource.initialize();
    await dataSource.query(`CREATE SCHEMA ${SCHEMA}`);
    for (const statement of [...messagingTablesSql(SCHEMA), ...deadLetterTablesSql(SCHEMA)])
      await dataSource.query(statement);
    await createEventLog(dataSource);
    const logger = createLogger('trace-spec', 'error');
    unitOfWork = new UnitOfWork(dataSource, SCHEMA, 'trace-spec');
    relay = new OutboxRelay(
      dataSource,
      new PostgresLogTransport(dataSource),
      {
        service: 'trace-spec',
        schema: SCHEMA,
        batchSize: 100,
        pollIntervalMs: 20,
      },
      logger,
    );
    relay.start();
    const source = new PostgresLogEventSource(
      dataSource,
      { pollIntervalMs: 20, batchSize: 50, retryDelayMs: 100 },
      logger,
    );
    app = await NestFactory.createMicroservice(ChainModule, {
      strategy: new EventBusServer('trace-spec', source, logger, {
        deadLetters: new DeadLetterRepository(dataSource, SCHEMA),
        maxHandlerAttempts: 3,
        retryBackoffMs: 10,
      }),
      logger: false,
    });
    await app.listen();
  });

  afterAll(async () => {
    await app?.close();
    await relay?.close();
    await dataSource?.destroy();
    await database?.drop();
  });

  it('keeps one trace from the appending request to the consumer and to the events it appends', async () => {
    const message = registered(newId('organization'));
    const caller = extractTraceContext({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01` });
    await inSpan('POST /systems', caller, { kind: SpanKind.SERVER }, async () => {
      await unitOfWork.run(async (tx) => tx.publish(message));
    });

    const [stored] = await dataSource.query<Array<{ headers: Record<string, string> }>>(
      `SELECT headers FROM ${SCHEMA}.outbox WHERE event_id = $1`,
      [message.eventId],
    );
    const requestSpan = exporter.getFinishedSpans().find((span) => span.name === 'POST /systems');
    expect(stored?.headers).toMatchObject({
      ...message.headers,
      traceparent: `00-${TRACE_ID}-${requestSpan?.spanContext().spanId}-01`,
    });

    const tail = await eventually(
      async () => received.find((event) => event.topic === DISCONNECTED),
      15_000,
      'the event appended by the consumer to be consumed in turn',
    );
    const first = received.find((event) => event.eventId === message.eventId);
    expect(first?.headers.traceparent).toBe(stored?.headers.traceparent);
    expect(tail.headers.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-`));

    await eventually(
      async () => exporter.getFinishedSpans().filter((span) => span.name.endsWith(' process')).length >= 2,
      5_000,
      'both consumer spans to end',
    );
    const spans = exporter.getFinishedSpans();
    const chain = spans.find((span) => span.name === `${REGISTERED} process`);
    const tailSpan = spans.find((span) => span.name === `${DISCONNECTED} process`);
    expect(chain?.kind).toBe(SpanKind.CONSUMER);
    expect(chain?.spanContext().traceId).toBe(TRACE_ID);
    expect(chain?.parentSpanContext?.spanId).toBe(requestSpan?.spanContext().spanId);
    expect(chain?.attributes['messaging.consumer.group.name']).toBe('trace-spec.chain');
    expect(tailSpan?.spanContext().traceId).toBe(TRACE_ID);
    expect(tailSpan?.parentSpanContext?.spanId).toBe(chain?.spanContext().spanId);
  });

  it('counts appended events by type and reports event log consumer lag', async () => {
    const metrics = (await renderMetrics()).body;
    expect(metrics).toMatch(
      /events_appended_total\{service="trace-spec",event_type="system.registered"\} [1-9]/,
    );
    expect(metrics).toMatch(
      /events_appended_total\{service="trace-spec",event_type="probe.disconnected"\} [1-9]/,
    );
    expect(metrics).toMatch(
      new RegExp(
        `consumer_lag\\{service="trace-spec",consumer_group="trace-spec.chain",topic="${REGISTERED}",partition="0"\\} 0`,
      ),
    );
  });
});
