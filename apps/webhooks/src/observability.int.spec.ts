import { newId, newUuidV7 } from '@governance/contracts';
import {
  createKafka,
  type KafkaConfig,
  KafkaEventTransport,
  MessagingRetention,
  messagingTablesSql,
  OutboxRelay,
  publicEventMessage,
  UnitOfWork,
} from '@governance/messaging';
import { createServiceDataSource } from '@governance/persistence';
import { createLogger, extractTraceContext, inSpan, SpanKind, startTracing } from '@governance/platform';
import {
  startKafkaMockCluster,
  startWebhookReceiver,
  type KafkaMockCluster,
  type WebhookReceiver,
} from '@governance/testing';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { type DataSource } from 'typeorm';
import { eventually, SYSTEM_REGISTERED, WebhooksHarness } from './testing/webhooks-harness';

const PRODUCER_SCHEMA = 'metrics_producer';
const TRACE_ID = '5b8efff798038103d269b633813fc60c';
const CALLER_SPAN_ID = 'eee19b7ec3c1b174';
const TOPIC = 'governance.system.registered';
const DAY_MS = 86_400_000;

/** The value of the one sample of `family` whose labels include all of `labels`. */
function sample(metrics: string, family: string, labels: Record<string, string>): number | undefined {
  for (const line of metrics.split('\n')) {
    const match = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!match || match[1] !== family) continue;
    const present = new Map(
      [...match[2]!.matchAll(/([a-z_]+)="([^"]*)"/g)].map((pair): [string, string] => [pair[1]!, pair[2]!]),
    );
    if (Object.entries(labels).every(([name, value]) => present.get(name) === value)) return Number(match[3]);
  }
  return undefined;
}

/**
 * Real traffic through a producing service's outbox, Kafka (the mock cluster) and the webhooks
 * dispatcher, then one scrape of /metrics: every family is there with the values that traffic implies,
 * and the producer's trace reaches the consumer span and the delivery attempt.
 */
describe('metrics and trace context of the delivery path', () => {
  const exporter = new InMemorySpanExporter();
  let cluster: KafkaMockCluster;
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  let producerDb: DataSource;
  let transport: KafkaEventTransport;
  let relay: OutboxRelay;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    startTracing({ spanProcessors: [new SimpleSpanProcessor(exporter)] });
    cluster = await startKafkaMockCluster();
    harness = await WebhooksHarness.start({ kafkaBrokers: cluster.bootstrapServers });
    receiver = await startWebhookReceiver({ secret: (hookId) => secrets.get(hookId) });
    producerDb = createServiceDataSource({
      url: harness.database.url,
      schema: PRODUCER_SCHEMA,
      migrations: [],
      poolSize: 3,
      applicationName: 'metrics-producer',
    });
    await producerDb.initialize();
    await producerDb.query(`CREATE SCHEMA ${PRODUCER_SCHEMA}`);
    for (const statement of messagingTablesSql(PRODUCER_SCHEMA)) await producerDb.query(statement);
    const config: KafkaConfig = {
      brokers: cluster.bootstrapServers.split(','),
      clientId: 'metrics-producer',
      maxWaitMs: 100,
      idempotentProducer: false,
      ssl: false,
      sessionTimeoutMs: 6_000,
    };
    const logger = createLogger('producer', 'error');
    transport = new KafkaEventTransport(createKafka(config, logger), config);
    relay = new OutboxRelay(
      producerDb,
      transport,
      {
        service: 'producer',
        schema: PRODUCER_SCHEMA,
        batchSize: 100,
        pollIntervalMs: 20,
      },
      logger,
    );
    relay.start();
  }, 90_000);

  afterAll(async () => {
    await relay?.close();
    await transport?.close();
    await producerDb?.destroy();
    await receiver?.close();
    await harness?.close();
    await cluster?.stop();
  });

  it('exposes every metric family after real traffic, and carries the trace to the attempt', async () => {
    const org = await harness.createOrganization('professional');
    const created = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: receiver.url,
      events: ['system.registered'],
    });
    expect(created.statusCode).toBe(201);
    const webhook = created.json<{ id: string; signing_secret: string }>();
    secrets.set(webhook.id, webhook.signing_secret);
    expect((await harness.request('GET', `/v1/webhooks/${webhook.id}`, org.apiKey)).statusCode).toBe(200);

    const unitOfWork = new UnitOfWork(producerDb, PRODUCER_SCHEMA, 'producer');
    const caller = extractTraceContext({ traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01` });
    await inSpan('POST /api/service/systems', caller, { kind: SpanKind.SERVER }, () =>
      unitOfWork.run(async (tx) =>
        tx.publish(
          publicEventMessage({
            id: newUuidV7(),
            organization_id: org.id,
            event: 'system.registered',
            timestamp: new Date().toISOString(),
            severity: 'INFO',
            system_id: newId('system'),
            details: SYSTEM_REGISTERED,
          }),
        ),
      ),
    );
    const [delivered] = await receiver.waitFor(1, 30_000);
    expect(delivered!.verdict).toBe('ok');
    expect(Object.keys(delivered!.headers)).not.toContain('traceparent');
    const [delivery] = await eventually(
      async () => {
        const rows = await harness.sql.query<Array<{ outcome: string; trace_parent: string | null }>>(
          "SELECT outcome, trace_parent FROM webhooks.deliveries WHERE outcome = 'succeeded'",
        );
        return rows.length === 1 && rows;
      },
      15_000,
      'the attempt to be recorded',
    );
    expect(delivery!.trace_parent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));

    const consumerSpan = exporter
      .getFinishedSpans()
      .find((span) => span.name === `${TOPIC} process` && span.spanContext().traceId === TRACE_ID);
    expect(consumerSpan?.attributes['messaging.consumer.group.name']).toBe('webhooks.dispatcher');
    expect(delivery!.trace_parent).toContain(consumerSpan!.spanContext().spanId);
    const attemptSpan = await eventually(
      async () => exporter.getFinishedSpans().find((span) => span.name === 'webhook attempt'),
      5_000,
      'the attempt span',
    );
    expect(attemptSpan.spanContext().traceId).toBe(TRACE_ID);
    expect(attemptSpan.parentSpanContext?.spanId).toBe(consumerSpan!.spanContext().spanId);
    expect(attemptSpan.attributes['webhook.attempt.outcome']).toBe('succeeded');

    // The producer's retention job reports its outbox lag (a service runs it at start and every minute).
    await new MessagingRetention(
      producerDb,
      { service: 'producer', schema: PRODUCER_SCHEMA, outboxRetentionMs: DAY_MS, inboxRetentionMs: DAY_MS },
      createLogger('producer', 'error'),
    ).run();
    const scrape = await harness.request('GET', '/metrics');
    expect(scrape.statusCode).toBe(200);
    const metrics = scrape.body;
    const webhooks = { service: 'webhooks' };
    expect(
      sample(metrics, 'http_request_duration_seconds_count', {
        ...webhooks,
        method: 'GET',
        route: '/v1/webhooks/:id',
        status: '200',
      }),
    ).toBeGreaterThanOrEqual(1);
    expect(metrics).not.toContain(`route="/v1/webhooks/${webhook.id}"`);
    expect(
      sample(metrics, 'http_request_duration_seconds_count', { ...webhooks, method: 'POST', status: '201' }),
    ).toBe(1);
    expect(
      sample(metrics, 'events_appended_total', { service: 'producer', event_type: 'system.registered' }),
    ).toBe(1);
    expect(sample(metrics, 'events_published_total', { service: 'producer' })).toBe(1);
    expect(
      sample(metrics, 'outbox_oldest_unpublished_age_seconds', { service: 'producer' }),
    ).toBeGreaterThanOrEqual(0);
    expect(
      sample(metrics, 'events_consumed_total', {
        ...webhooks,
        consumer_group: 'webhooks.dispatcher',
        outcome: 'handled',
      }),
    ).toBe(1);
    expect(
      sample(metrics, 'consumer_lag', { ...webhooks, consumer_group: 'webhooks.dispatcher', topic: TOPIC }),
    ).toBe(0);
    expect(sample(metrics, 'webhook_attempts_total', { ...webhooks, result: 'succeeded' })).toBe(1);
    expect(sample(metrics, 'webhook_deliveries_total', { ...webhooks, outcome: 'succeeded' })).toBe(1);
    expect(sample(metrics, 'webhook_attempt_duration_seconds_count', webhooks)).toBe(1);
  });
});
