import { type PublicEventRecord, type TelemetryRecord } from '@governance/contracts';
import { announcePolicy, policySnapshot } from '../policy-sync/testing/policy-test-support';
import { publicRecordErrors } from '../testing/public-event-schema';
import {
  eventually,
  outboxRecords,
  ProbeIngestHarness,
  processed,
  registerProbe,
  seedProbe,
  sendTelemetry,
  telemetryMessage,
  type TestOrganization,
} from '../testing/probe-ingest-harness';
import { recordHash } from './violation-decision';

type ViolatedRecord = PublicEventRecord<'policy.violated'>;

const TOXIC = (toxicity: number, overrides: Partial<TelemetryRecord> = {}): TelemetryRecord => ({
  timestamp: new Date().toISOString(),
  metrics: { toxicity, latency_ms: 80 },
  ...overrides,
});

describe('policy violations in telemetry', () => {
  let harness: ProbeIngestHarness;
  let sent = 0;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({ env: { PROBE_SILENCE_MS: '600000' } });
  });

  afterAll(() => harness.close());

  /** An organization with a system, its probe, and one active BLOCK policy on toxicity. */
  async function setUp(mode: 'BLOCK' | 'WARN' = 'BLOCK') {
    const org = await harness.createOrganization();
    const probe = await seedProbe(harness, org.id, { name: 'Chat Bot' });
    const policy = await announcePolicy(
      harness,
      org.id,
      policySnapshot({ name: `No toxic output (${mode})`, enforcement_mode: mode }),
    );
    return { org, probe, policy };
  }

  async function send(
    org: TestOrganization,
    probe: { systemId: string; probeId: string },
    ...batches: TelemetryRecord[][]
  ) {
    await harness.publishMessages(batches.map((records) => telemetryMessage(org.id, probe, records)));
    sent += batches.length;
    await processed(harness, 'violations', sent);
  }

  const violations = (org: TestOrganization) =>
    outboxRecords<ViolatedRecord>(harness, 'policy.violated', org.id);
  const rows = (org: TestOrganization) =>
    harness.sql.query<Array<Record<string, unknown>>>(
      `SELECT violation_id, policy_id, policy_version, probe_id, system_id, record_hash, input_hash, enforcement_mode,
         action_taken, severity, detected_by, probe_action, context
       FROM probe_ingest.violations WHERE organization_id = $1 ORDER BY created_at, detected_by, violation_id`,
      [org.id],
    );

  it('records a matching record as one violation and announces it, CRITICAL for BLOCK; a calm record as none', async () => {
    const { org, probe, policy } = await setUp('BLOCK');
    const toxic = TOXIC(0.93);
    await send(org, probe, [toxic, TOXIC(0.2)]);

    const events = await violations(org);
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(publicRecordErrors('policy.violated', event)).toEqual([]);
    const hash = recordHash(toxic);
    expect(event).toEqual({
      id: expect.any(String),
      organization_id: org.id,
      event: 'policy.violated',
      timestamp: expect.any(String),
      severity: 'CRITICAL',
      system_id: probe.systemId,
      details: {
        violation_id: expect.stringMatching(/^vio_[0-9A-Z]{26}$/),
        policy_id: policy.policy_id,
        policy_name: 'No toxic output (BLOCK)',
        enforcement_mode: 'BLOCK',
        action_taken: 'blocked',
        probe_id: probe.probeId,
        input_hash: `sha256:${hash}`,
        context: 'metrics.toxicity gt 0.8 (was 0.93)',
      },
    });
    expect(await rows(org)).toEqual([
      {
        violation_id: event!.details.violation_id,
        policy_id: policy.policy_id,
        policy_version: 1,
        probe_id: probe.probeId,
        system_id: probe.systemId,
        record_hash: hash,
        input_hash: `sha256:${hash}`,
        enforcement_mode: 'BLOCK',
        action_taken: 'blocked',
        severity: 'CRITICAL',
        detected_by: 'service',
        probe_action: null,
        context: 'metrics.toxicity gt 0.8 (was 0.93)',
      },
    ]);
  });

  it('announces a WARN policy as HIGH and warned, with the input_hash the probe sent', async () => {
    const { org, probe } = await setUp('WARN');
    const inputHash = `sha256:${'ab'.repeat(32)}`;
    await send(org, probe, [TOXIC(0.85, { input_hash: inputHash })]);
    const [event] = await violations(org);
    expect(event).toMatchObject({
      severity: 'HIGH',
      details: { enforcement_mode: 'WARN', action_taken: 'warned', input_hash: inputHash },
    });
  });

  it('counts what the probe enforced, and a record both flagged once', async () => {
    const { org, probe, policy } = await setUp('BLOCK');
    const enforcement = [{ policy_id: policy.policy_id, action: 'blocked' as const }];
    await send(org, probe, [TOXIC(0.1, { enforcement }), TOXIC(0.99, { enforcement })]);
    const stored = await rows(org);
    expect(stored.map((row) => [row.detected_by, row.probe_action, row.context])).toEqual([
      ['both', 'blocked', 'metrics.toxicity gt 0.8 (was 0.99); also enforced by the probe (blocked)'],
      ['probe', 'blocked', 'enforced by the probe (blocked)'],
    ]);
    const events = await violations(org);
    expect(events.map((event) => [event.severity, event.details.action_taken])).toEqual([
      ['CRITICAL', 'blocked'],
      ['CRITICAL', 'blocked'],
    ]);
  });

  it('announces nothing twice: a redelivered event, a batch sent again, or the record later flagged by the probe', async () => {
    const { org, probe, policy } = await setUp('BLOCK');
    const toxic = TOXIC(0.9);
    const message = telemetryMessage(org.id, probe, [toxic]);
    await harness.publishMessages([message, message]);
    sent += 1;
    await send(
      org,
      probe,
      [toxic],
      [{ ...toxic, enforcement: [{ policy_id: policy.policy_id, action: 'blocked' }] }],
    );
    expect(await rows(org)).toHaveLength(1);
    expect(await violations(org)).toHaveLength(1);
  });

  it('ignores disabled and out-of-scope policies, and follows a policy to its new version', async () => {
    const { org, probe, policy } = await setUp('BLOCK');
    const elsewhere = await seedProbe(harness, org.id, { name: 'Elsewhere' });
    await announcePolicy(harness, org.id, {
      ...policy,
      scope: { system_ids: [elsewhere.systemId] },
      version: 2,
    });
    await announcePolicy(harness, org.id, policySnapshot({ name: 'Disabled', status: 'disabled' }));
    await send(org, probe, [TOXIC(0.9)]);
    expect(await violations(org)).toEqual([]);

    // A record naming the other system is evaluated against that system's policies.
    await send(org, probe, [TOXIC(0.9, { system_id: elsewhere.systemId })]);
    const [event] = await violations(org);
    expect(event).toMatchObject({ system_id: elsewhere.systemId, details: { policy_id: policy.policy_id } });

    // Version 3 changes the rule: the compiled copy of version 2 is not used any more.
    await announcePolicy(harness, org.id, {
      ...policy,
      scope: { all_systems: true },
      rules: { field: 'model', op: 'eq', value: 'forbidden-model' },
      version: 3,
    });
    await send(org, probe, [TOXIC(0.9), TOXIC(0.1, { model: 'forbidden-model' })]);
    const events = await violations(org);
    expect(events).toHaveLength(2);
    expect(events[1]!.details.context).toBe('model eq "forbidden-model" (was "forbidden-model")');
  });

  it('stops evaluating a deleted policy, even as the probe reports enforcing it, and keeps its violations', async () => {
    const { org, probe, policy } = await setUp('BLOCK');
    await send(org, probe, [TOXIC(0.91)]);
    expect(await violations(org)).toHaveLength(1);

    await announcePolicy(harness, org.id, { ...policy, version: 2 }, 'policy.deleted');
    await send(org, probe, [
      TOXIC(0.92),
      TOXIC(0.1, { enforcement: [{ policy_id: policy.policy_id, action: 'blocked' }] }),
    ]);
    expect(await violations(org)).toHaveLength(1);
    // The violation recorded before the deletion keeps its history.
    expect(await rows(org)).toEqual([
      expect.objectContaining({ policy_id: policy.policy_id, policy_version: 1 }),
    ]);
  });

  it('evaluates a policy announced after the organization’s policies were compiled, in the next batch', async () => {
    const { org, probe } = await setUp('BLOCK');
    const slow = TOXIC(0.1, { metrics: { toxicity: 0.1, latency_ms: 5_000 } });
    await send(org, probe, [slow]);
    expect(await violations(org)).toEqual([]);

    const added = await announcePolicy(
      harness,
      org.id,
      policySnapshot({
        name: 'Slow answers',
        rules: { field: 'metrics.latency_ms', op: 'gt', value: 1_000 },
      }),
    );
    await send(org, probe, [slow]);
    const events = await violations(org);
    expect(events.map((event) => event.details.policy_id)).toEqual([added.policy_id]);
  });

  it('leaves drift detection its own pass over every batch', async () => {
    const { org, probe } = await setUp('BLOCK');
    const before = await harness.sql.query<Array<{ group: string; count: number }>>(
      `SELECT consumer_group AS group, count(*)::int AS count FROM probe_ingest.processed_events GROUP BY consumer_group`,
    );
    const count = (group: string, from = before) => from.find((row) => row.group === group)?.count ?? 0;
    await send(org, probe, [TOXIC(0.9)], [TOXIC(0.1)], [TOXIC(0.95)]);
    await processed(harness, 'drift', count('probe-ingest.drift') + 3);
    const after = await harness.sql.query<Array<{ group: string; count: number }>>(
      `SELECT consumer_group AS group, count(*)::int AS count FROM probe_ingest.processed_events GROUP BY consumer_group`,
    );
    expect(count('probe-ingest.drift', after) - count('probe-ingest.drift')).toBe(3);
    expect(count('probe-ingest.violations', after) - count('probe-ingest.violations')).toBe(3);
    const [state] = await harness.sql.query<Array<{ values: number }>>(
      `SELECT cardinality(baseline_values) AS values FROM probe_ingest.drift_metrics
       WHERE organization_id = $1 AND system_id = $2 AND metric = 'toxicity'`,
      [org.id, probe.systemId],
    );
    expect(state?.values).toBe(3);
    expect(await violations(org)).toHaveLength(2);
  });

  it('evaluates telemetry posted to the API, off the request path', async () => {
    const { org, policy } = await setUp('WARN');
    const registered = await registerProbe(harness, org);
    const response = await sendTelemetry(harness, org, registered.probe_id, [
      TOXIC(0.2, { enforcement: [{ policy_id: policy.policy_id, action: 'warned' }] }),
    ]);
    expect(response.statusCode).toBe(202);
    const [event] = await eventually(
      async () => {
        const found = await violations(org);
        return found.length > 0 && found;
      },
      20_000,
      'policy.violated from posted telemetry',
    );
    expect(event).toMatchObject({
      severity: 'HIGH',
      system_id: registered.system_id,
      details: {
        policy_id: policy.policy_id,
        probe_id: registered.probe_id,
        action_taken: 'warned',
        context: 'enforced by the probe (warned)',
      },
    });
  });
});
