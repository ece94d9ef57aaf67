import { randomBytes } from 'node:crypto';
import { createKafka, type KafkaConfig, KafkaEventTransport } from '@governance/messaging';
import { createLogger } from '@governance/platform';
import {
  announceOrganization,
  createTestDatabase,
  openDataSource,
  eventually,
  startKafkaMockCluster,
  startServiceProcess,
  startWebhookReceiver,
  type KafkaMockCluster,
  type ServiceProcess,
  type TestDatabase,
  type WebhookReceiver,
} from '@governance/testing';
import { type Consumer } from 'kafkajs';
import { type DataSource } from 'typeorm';

const TRACE_ID = 'a3ce929d0e0e47364bf92f3577b34da6';
const CALLER_SPAN_ID = '53995c3f42cd8ad8';
const REGISTERED_TOPIC = 'governance.system.registered';

function jsonLines(output: string): Array<Record<string, unknown>> {
  return output
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/**
 * Built processes on one Kafka (mock) cluster: a request with a `traceparent` registers a system, and
 * the same trace id is in the systems request's log line, on the Kafka record's `traceparent` header,
 * on the webhook delivery row and in the log line of the attempt the webhooks dispatcher makes.
 */
describe('trace context from an HTTP request to a webhook attempt', () => {
  let cluster: KafkaMockCluster;
  let database: TestDatabase;
  let sql: DataSource;
  let bus: KafkaEventTransport;
  let reader: Consumer;
  let receiver: WebhookReceiver;
  let systems: ServiceProcess;
  let webhooks: ServiceProcess;
  const headersSeen: Array<Record<string, string>> = [];

  beforeAll(async () => {
    [cluster, database] = await Promise.all([startKafkaMockCluster(), createTestDatabase()]);
    sql = await openDataSource(database, 2);
    const config: KafkaConfig = {
      brokers: cluster.bootstrapServers.split(','),
      clientId: 'trace-e2e',
      maxWaitMs: 100,
      idempotentProducer: false,
      ssl: false,
      sessionTimeoutMs: 6_000,
    };
    const kafka = createKafka(config, createLogger('trace-e2e', 'error'));
    bus = new KafkaEventTransport(kafka, config);
    reader = kafka.consumer({
      groupId: 'trace-e2e-reader',
      maxWaitTimeInMs: 100,
      allowAutoTopicCreation: true,
    });
    await reader.connect();
    await reader.subscribe({ topics: [REGISTERED_TOPIC], fromBeginning: true });
    await reader.run({
      eachMessage: async ({ message }) => {
        headersSeen.push(
          Object.fromEntries(
            Object.entries(message.headers ?? {}).map(([name, value]) => [name, String(value)]),
          ),
        );
      },
    });
    receiver = await startWebhookReceiver();
    const shared = {
      DATABASE_URL: database.url,
      KAFKA_BROKERS: cluster.bootstrapServers,
      KAFKA_MAX_WAIT_MS: '100',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      OUTBOX_POLL_INTERVAL_MS: '20',
      LOG_LEVEL: 'info',
    };
    [systems, webhooks] = await Promise.all([
      startServiceProcess('systems', shared, 60_000),
      startServiceProcess(
        'webhooks',
        {
          ...shared,
          SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
          WEBHOOK_ALLOW_HTTP: 'true',
          WEBHOOK_DISPATCH_POLL_MS: '100',
        },
        60_000,
      ),
    ]);
  }, 120_000);

  afterAll(async () => {
    await systems?.stop('SIGKILL');
    await webhooks?.stop('SIGKILL');
    await reader?.disconnect();
    await bus?.close();
    await receiver?.close();
    await cluster?.stop();
    await sql?.destroy();
    await database?.drop();
  });

  it('keeps the caller trace id end to end, without adding a header to the delivery', async () => {
    const org = await announceOrganization(bus, 'professional');
    const auth = { authorization: `Bearer ${org.apiKey}`, 'content-type': 'application/json' };
    const subscribed = await fetch(`${webhooks.baseUrl}/v1/webhooks`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ url: receiver.url, events: ['system.registered'] }),
    });
    expect(subscribed.status).toBe(201);
    const registered = await eventually(
      async () => {
        const response = await fetch(`${systems.baseUrl}/api/service/systems`, {
          method: 'POST',
          headers: { ...auth, traceparent: `00-${TRACE_ID}-${CALLER_SPAN_ID}-01`, tracestate: 'caller=1' },
          body: JSON.stringify({ name: 'Traced Bot', risk_tier: 'minimal' }),
        });
        return response.status === 201 && ((await response.json()) as { id: string });
      },
      30_000,
      'the system to be registered',
    );

    const [delivered] = await receiver.waitFor(1, 30_000);
    expect(Object.keys(delivered!.headers)).not.toContain('traceparent');
    expect(Object.keys(delivered!.headers)).not.toContain('tracestate');

    const requestLine = jsonLines(systems.output()).find(
      (line) => line.msg === 'request' && line.route === '/api/service/systems' && line.status === 201,
    );
    expect(requestLine?.trace_id).toBe(TRACE_ID);

    const header = await eventually(
      async () => headersSeen.find((headers) => headers['event-id'] !== undefined && headers.traceparent),
      10_000,
      'the record on the public topic',
    );
    expect(header.traceparent).toMatch(new RegExp(`^00-${TRACE_ID}-[0-9a-f]{16}-01$`));
    expect(header.tracestate).toBe('caller=1');
    expect(header['organization-id']).toBe(org.id);

    const [delivery] = await eventually(
      async () => {
        const rows = await sql.query<Array<{ id: string; trace_parent: string }>>(
          "SELECT id, trace_parent FROM webhooks.deliveries WHERE outcome = 'succeeded'",
        );
        return rows.length > 0 && rows;
      },
      15_000,
      'the delivery to be recorded',
    );
    expect(delivery!.trace_parent).toContain(TRACE_ID);
    const attemptLine = await eventually(
      async () =>
        jsonLines(webhooks.output()).find(
          (line) => line.msg === 'delivery attempt' && line.delivery_id === delivery!.id,
        ),
      10_000,
      'the attempt log line',
    );
    expect(attemptLine).toMatchObject({ trace_id: TRACE_ID, outcome: 'succeeded', attempt: 1 });
    expect(registered.id).toBeDefined();
  }, 120_000);
});
