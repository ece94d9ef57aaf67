import { INTERNAL_TOPICS, publicTopicFor } from '@governance/contracts';
import { type ConsumedEvent, createKafka, KafkaEventSource, type Subscription } from '@governance/messaging';
import { createLogger } from '@governance/platform';
import { type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import {
  eventually,
  ProbeIngestHarness,
  publishSystemsEvent,
  registerProbe,
  sendTelemetry,
  systemSnapshot,
  telemetryRecord,
} from '../testing/probe-ingest-harness';
import { publicRecordErrors } from '../testing/public-event-schema';

/** The distributed wiring: tenants and systems arrive from Kafka, telemetry and disconnections leave on it. */
describe('probe ingest on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: ProbeIngestHarness;
  let reader: Subscription;
  const received: ConsumedEvent[] = [];

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 3 });
    harness = await ProbeIngestHarness.start({
      kafkaBrokers: cluster.bootstrapServers,
      env: { PROBE_SILENCE_MS: '2000', PROBE_SILENCE_SWEEP_MS: '100' },
    });
    const config = {
      brokers: cluster.bootstrapServers.split(','),
      clientId: 'probe-ingest-test-reader',
      maxWaitMs: 100,
      idempotentProducer: false,
      ssl: false,
      sessionTimeoutMs: 6_000,
    };
    const source = new KafkaEventSource(createKafka(config, createLogger('test-reader', 'error')), config);
    reader = await source.subscribe(
      'probe-ingest-test-reader',
      [INTERNAL_TOPICS.telemetry, publicTopicFor('probe.disconnected')],
      async (event) => {
        received.push(event);
      },
    );
  }, 60_000);

  afterAll(async () => {
    await reader.close();
    await harness.close();
    await cluster.stop();
  });

  it('publishes telemetry.received and probe.disconnected to their topics', async () => {
    const org = await harness.createOrganization();
    const snapshot = systemSnapshot({ name: 'Kafka Bot' });
    await publishSystemsEvent(harness, org.id, { event: 'system.created', details: snapshot });
    const probe = await registerProbe(harness, org, { system_id: snapshot.system_id, environment: 'prod' });
    const records = [telemetryRecord(), telemetryRecord({ metrics: { latency_ms: 7 } })];
    expect((await sendTelemetry(harness, org, probe.probe_id, records)).statusCode).toBe(202);

    const telemetry = await eventually(
      async () => received.find((event) => event.topic === INTERNAL_TOPICS.telemetry),
      30_000,
      'telemetry.received on Kafka',
    );
    expect(telemetry.key).toBe(org.id);
    expect(telemetry.headers).toMatchObject({
      'event-type': 'telemetry.received',
      'organization-id': org.id,
    });
    expect(JSON.parse(telemetry.payload)).toMatchObject({
      event: 'telemetry.received',
      organization_id: org.id,
      details: { probe_id: probe.probe_id, system_id: snapshot.system_id, records },
    });

    const disconnected = await eventually(
      async () => received.find((event) => event.topic === 'governance.probe.disconnected'),
      30_000,
      'probe.disconnected on Kafka',
    );
    const record: unknown = JSON.parse(disconnected.payload);
    expect(record).toMatchObject({
      event: 'probe.disconnected',
      severity: 'HIGH',
      system_id: snapshot.system_id,
      details: { probe_id: probe.probe_id, probe_name: probe.probe_name, environment: 'prod' },
    });
    expect(publicRecordErrors('probe.disconnected', record)).toEqual([]);
  }, 90_000);

  it('answers 503 and stores nothing while no broker takes the batch, then 202 once one is back', async () => {
    const org = await harness.createOrganization();
    const probe = await registerProbe(harness, org);
    const marked = (marker: number) => [telemetryRecord({ metrics: { marker } })];
    const markersOnKafka = () =>
      received
        .filter((event) => event.topic === INTERNAL_TOPICS.telemetry && event.key === org.id)
        .map(
          (event) =>
            (JSON.parse(event.payload) as { details: { records: Array<{ metrics: { marker: number } }> } })
              .details.records[0]!.metrics.marker,
        );
    for (const broker of [1, 2, 3]) await cluster.setBrokerDown(broker);
    try {
      const refused = await sendTelemetry(harness, org, probe.probe_id, marked(1));
      expect(refused.statusCode).toBe(503);
      expect(refused.json()).toMatchObject({ error: { code: 'service_unavailable' } });
    } finally {
      for (const broker of [1, 2, 3]) await cluster.setBrokerUp(broker);
    }
    expect((await sendTelemetry(harness, org, probe.probe_id, marked(2))).statusCode).toBe(202);
    // One organization's batches share a partition, in order: once the second is read, the first would have been.
    await eventually(async () => markersOnKafka().includes(2), 30_000, 'the accepted batch on Kafka');
    expect(markersOnKafka()).toEqual([2]);
  }, 90_000);
});
