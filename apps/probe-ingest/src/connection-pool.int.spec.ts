import { newId } from '@governance/contracts';
import { type OutboxMessage } from '@governance/messaging';
import { recordOf } from '@governance/testing';
import {
  eventually,
  policyCreated,
  ProbeIngestHarness,
  telemetryReceived,
  type TestOrganization,
} from './testing/probe-ingest-harness';

const RECORDS_PER_GROUP = 600;

/**
 * On the event log a consumer batch holds a connection for its checkpoint while its handler takes another
 * from the same pool. Five groups busy at once on a small pool must neither wait for each other for ever
 * nor leave HTTP without a connection.
 */
describe.each([2, 3, 5])('probe-ingest on the event log with DATABASE_POOL_SIZE=%i', (poolSize) => {
  let harness: ProbeIngestHarness;
  let organization: TestOrganization;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({
      // Telemetry commits must leave the pool a connection, so a pool of two takes one at a time.
      env: { DATABASE_POOL_SIZE: String(poolSize), PROBE_TELEMETRY_COMMIT_CONCURRENCY: '1' },
    });
    organization = await harness.createOrganization();
    // The key is known before the groups get busy, so the request below needs no catch-up.
    const known = await harness.request(
      'GET',
      `/api/service/probe/probes/${newId('probe')}`,
      organization.apiKey,
    );
    expect(known.statusCode).toBe(404);
  });

  afterAll(() => harness.close());

  it('keeps every consumer group moving and answers HTTP while all five groups are busy', async () => {
    const records: OutboxMessage[] = [];
    for (let index = 0; index < RECORDS_PER_GROUP; index += 1)
      records.push(
        recordOf.organizationCreated(newId('organization')),
        recordOf.systemCreated(organization.id),
        policyCreated(organization.id),
        // Read by two groups: violations and drift.
        telemetryReceived(organization.id),
      );
    await harness.publishMessages(records);
    const last = records.slice(-4);

    const started = Date.now();
    const reply = await harness.request(
      'GET',
      `/api/service/probe/probes/${newId('probe')}`,
      organization.apiKey,
    );
    expect(reply.statusCode).toBe(404);
    expect(Date.now() - started).toBeLessThan(2_000);

    const groups = ['tenant-replica', 'system-replica', 'policy-replica', 'violations', 'drift'];
    await eventually(
      async () => {
        const [row] = await harness.sql.query<Array<{ groups: number }>>(
          `SELECT count(DISTINCT consumer_group)::int AS groups FROM probe_ingest.processed_events
           WHERE consumer_group = ANY($1::text[]) AND event_id = ANY($2::uuid[])`,
          [groups.map((consumer) => `probe-ingest.${consumer}`), last.map((record) => record.eventId)],
        );
        return row?.groups === groups.length;
      },
      30_000,
      'every group to handle its last record',
    );
  });
});
