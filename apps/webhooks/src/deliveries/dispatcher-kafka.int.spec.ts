import {
  startKafkaMockCluster,
  startWebhookReceiver,
  type KafkaMockCluster,
  type WebhookReceiver,
} from '@governance/testing';
import { eventually, SYSTEM_REGISTERED, WebhooksHarness } from '../testing/webhooks-harness';

/** The distributed wiring: identity and public events arrive over the Kafka protocol, from a mock cluster. */
describe('dispatcher on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: WebhooksHarness;
  let receiver: WebhookReceiver;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 3 });
    harness = await WebhooksHarness.start({ kafkaBrokers: cluster.bootstrapServers });
    receiver = await startWebhookReceiver({ secret: (hookId) => secrets.get(hookId) });
  }, 60_000);

  afterAll(async () => {
    await receiver.close();
    await harness.close();
    await cluster.stop();
  });

  it('learns tenants and delivers public events consumed from Kafka, and keeps going after a broker outage', async () => {
    const org = await harness.createOrganization('professional');
    const created = await harness.request('POST', '/v1/webhooks', org.apiKey, {
      url: receiver.url,
      events: ['system.registered'],
    });
    expect(created.statusCode).toBe(201);
    const webhook = created.json<{ id: string; signing_secret: string }>();
    secrets.set(webhook.id, webhook.signing_secret);

    const first = await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    const [delivered] = await receiver.waitFor(1, 20_000);
    expect(delivered!.verdict).toBe('ok');
    expect(JSON.parse(delivered!.rawBody.toString('utf8'))).toMatchObject({
      event: 'system.registered',
      timestamp: first.timestamp,
    });
    for (const broker of [1, 2, 3]) await cluster.setBrokerDown(broker);
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    for (const broker of [1, 2, 3]) await cluster.setBrokerUp(broker);
    const second = await harness.publish(org.id, 'system.registered', SYSTEM_REGISTERED);
    const received = await receiver.waitFor(2, 30_000);
    expect(JSON.parse(received[1]!.rawBody.toString('utf8'))).toMatchObject({ timestamp: second.timestamp });

    const log = await eventually(
      async () => {
        const response = await harness.request('GET', `/v1/webhooks/${webhook.id}/deliveries`, org.apiKey);
        const data = response.json<{ data: Array<{ outcome: string }> }>().data;
        return data.length === 2 && data.every((entry) => entry.outcome === 'succeeded') && data;
      },
      20_000,
      'both deliveries',
    );
    expect(log).toHaveLength(2);
  }, 90_000);
});
