import { newId, newUuidV7, type SystemSnapshot, type SystemStatus } from '@governance/contracts';
import { systemsEventMessage } from '@governance/messaging';
import { systemSnapshot } from '@governance/testing';
import {
  ASSESS_PATH,
  AssessHarness,
  eventually,
  type TestOrganization,
  upload,
} from '../testing/assess-harness';

/** A retired system keeps its record and its past assessments, but no new document is assessed for it. */
describe('assessing a retired system', () => {
  let harness: AssessHarness;
  let org: TestOrganization;
  let system: SystemSnapshot;

  /** Announces the system as the systems service does after a change, and waits for the replica to hold it. */
  async function announce(event: 'system.created' | 'system.updated', status: SystemStatus): Promise<void> {
    // Strictly later than the previous snapshot, or the replica would keep the older one.
    const updatedAt = new Date(Math.max(Date.now(), Date.parse(system.updated_at) + 1)).toISOString();
    system = { ...system, status, updated_at: updatedAt };
    await harness.publishMessages([
      systemsEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event,
        timestamp: updatedAt,
        details: system,
      }),
    ]);
    await eventually(
      async () => {
        const rows = await harness.sql.query<Array<{ status: string }>>(
          'SELECT status FROM assess.systems WHERE system_id = $1 AND updated_at = $2',
          [system.system_id, updatedAt],
        );
        return rows[0]?.status === status;
      },
      15_000,
      `the replica to hold ${system.system_id} as ${status}`,
    );
  }

  const submit = () =>
    harness.request('POST', `${ASSESS_PATH}/document`, org.apiKey, {
      system_id: system.system_id,
      framework: 'ISO_42001',
      document: { title: 'AI policy', content: 'Our AI policy is approved by top management.' },
    });

  beforeAll(async () => {
    harness = await AssessHarness.start();
    org = await harness.createOrganization('free');
    const createdAt = new Date(Date.now() - 60_000).toISOString();
    system = systemSnapshot({
      name: `Claims triage ${newId('system').slice(-6)}`,
      risk_tier: 'high',
      created_at: createdAt,
      updated_at: createdAt,
    });
    await announce('system.created', 'active');
  }, 120_000);

  afterAll(() => harness.close());

  it('answers 409 with the uniform body for JSON and upload submissions, and writes nothing', async () => {
    await announce('system.updated', 'retired');
    const before = [await harness.count('assess.assessments'), await harness.count('assess.outbox')];

    const json = await submit();
    const uploaded = await upload(
      harness,
      org.apiKey,
      { system_id: system.system_id, framework: 'ISO_42001' },
      [
        {
          filename: 'policy.md',
          contentType: 'text/markdown',
          data: Buffer.from('# AI policy\n\nApproved.'),
        },
      ],
    );
    for (const response of [json, uploaded]) {
      expect(response.statusCode).toBe(409);
      expect(response.json()).toEqual({
        error: {
          code: 'conflict',
          message: `system ${system.system_id} is retired`,
          details: [{ field: 'system_id', message: expect.any(String) }],
        },
      });
    }
    expect([await harness.count('assess.assessments'), await harness.count('assess.outbox')]).toEqual(before);
  });

  it('assesses the system again once it is set active', async () => {
    await announce('system.updated', 'active');
    const response = await submit();
    expect(response.statusCode).toBe(202);
    expect(response.json()).toEqual({ id: expect.stringMatching(/^asmnt_/), status: 'queued' });
  });

  it('keeps the newer retirement when an older active snapshot arrives late', async () => {
    await announce('system.updated', 'retired');
    const retiredAt = system.updated_at;
    await harness.publishMessages([
      systemsEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'system.updated',
        timestamp: system.created_at,
        details: { ...system, status: 'active', updated_at: system.created_at },
      }),
    ]);
    // The late snapshot is consumed before a newer marker event is: wait for that marker.
    const marker = { ...system, system_id: newId('system'), name: `Marker ${newId('system').slice(-6)}` };
    await harness.publishMessages([
      systemsEventMessage({
        id: newUuidV7(),
        organization_id: org.id,
        event: 'system.created',
        timestamp: retiredAt,
        details: marker,
      }),
    ]);
    await eventually(
      async () =>
        (
          await harness.sql.query<unknown[]>('SELECT 1 FROM assess.systems WHERE system_id = $1', [
            marker.system_id,
          ])
        ).length > 0,
      15_000,
      'the marker system',
    );
    expect((await submit()).statusCode).toBe(409);
  });
});
