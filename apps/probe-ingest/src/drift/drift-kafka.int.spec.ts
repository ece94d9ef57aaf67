import { type PublicEventRecord } from '@governance/contracts';
import { type KafkaMockCluster, startKafkaMockCluster } from '@governance/testing';
import { scoreRecords, seededRng } from './testing/synthetic-stream';
import {
  outboxRecords,
  ProbeIngestHarness,
  processed,
  seedProbe,
  telemetryMessage,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

/** The distributed wiring: telemetry.received arrives over the Kafka protocol, from a mock cluster. */
describe('drift detection and shadow discovery on Kafka', () => {
  let cluster: KafkaMockCluster;
  let harness: ProbeIngestHarness;
  let org: TestOrganization;

  beforeAll(async () => {
    cluster = await startKafkaMockCluster({ brokers: 1 });
    harness = await ProbeIngestHarness.start({ kafkaBrokers: cluster.bootstrapServers });
    org = await harness.createOrganization();
  }, 60_000);

  afterAll(async () => {
    await harness.close();
    await cluster.stop();
  });

  it('detects drift once and discovers an AI API host once from batches consumed from Kafka', async () => {
    const probe = await seedProbe(harness, org.id, { name: 'Kafka Bot' }, { host: 'k-1.internal' });
    const rng = seededRng(42);
    const batches = [
      scoreRecords(rng, 500, 0),
      scoreRecords(rng, 200, 0),
      scoreRecords(rng, 200, 3).map((r) => ({ ...r, observed_endpoint: 'api.groq.com' })),
      scoreRecords(rng, 200, 3).map((r) => ({ ...r, observed_endpoint: 'api.groq.com' })),
    ];
    await harness.publishMessages(batches.map((records) => telemetryMessage(org.id, probe, records)));
    await processed(harness, 'drift', batches.length);

    const drifts = await outboxRecords<PublicEventRecord<'drift.detected'>>(
      harness,
      'drift.detected',
      org.id,
    );
    expect(drifts).toHaveLength(1);
    expect(drifts[0]).toMatchObject({
      severity: 'HIGH',
      system_id: probe.systemId,
      details: { system_name: 'Kafka Bot', detection_layer: 'output' },
    });
    const requests = await outboxRecords(harness, 'system.registration_requested', org.id);
    expect(requests).toEqual([
      expect.objectContaining({
        details: expect.objectContaining({
          name: 'Groq API use seen from k-1.internal',
          discovery_method: 'observed_endpoint',
          host: 'api.groq.com',
          vendor: 'Groq',
        }),
      }),
    ]);
  });
});
