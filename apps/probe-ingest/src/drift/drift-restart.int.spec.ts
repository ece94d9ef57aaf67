import { createTestDatabase, type TestDatabase } from '@governance/testing';
import { scoreRecords, seededRng } from './testing/synthetic-stream';
import {
  outboxRecords,
  ProbeIngestHarness,
  processed,
  seedProbe,
  telemetryMessage,
} from '../testing/probe-ingest-harness';

describe('drift state across a restart', () => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await createTestDatabase();
  });

  afterAll(() => database.drop());

  it('keeps the baseline, window counts and alert in Postgres, so a restarted service carries on', async () => {
    const rng = seededRng(5);
    const first = await ProbeIngestHarness.start({ database });
    const org = await first.createOrganization();
    const probe = await seedProbe(first, org.id, { name: 'Durable Bot' });
    // A baseline and half a drifted window before the restart, the other half after it.
    await first.publishMessages([
      telemetryMessage(org.id, probe, scoreRecords(rng, 500, 0)),
      telemetryMessage(org.id, probe, scoreRecords(rng, 100, 3)),
    ]);
    await processed(first, 'drift', 2);
    await first.close();

    const second = await ProbeIngestHarness.start({ database });
    try {
      await second.publishMessages([telemetryMessage(org.id, probe, scoreRecords(rng, 100, 3))]);
      await processed(second, 'drift', 3);
      const drifts = await outboxRecords(second, 'drift.detected', org.id);
      expect(drifts).toEqual([expect.objectContaining({ severity: 'HIGH', system_id: probe.systemId })]);
    } finally {
      await second.close();
    }
  });
});
