import { type Condition, type TelemetryRecord } from '@governance/contracts';
import { RULE_COST, conditionSteps, checkCondition, validateCondition } from '@governance/policy-rules';
import { measureProcessLoad } from '@governance/testing';
import { announcePolicy, policySnapshot } from '../policy-sync/testing/policy-test-support';
import {
  eventually,
  outboxRecords,
  ProbeIngestHarness,
  processed,
  registerProbe,
  sendTelemetry,
  type TestOrganization,
} from '../testing/probe-ingest-harness';

const BUDGET_MS = 1_000;
const matches = (value: string): Condition => ({ field: 'observed_endpoint', op: 'matches', value });

/** Text of a and b only: the patterns below never settle on it, and re2js's DFA cache gives up on them. */
function abText(length: number): string {
  let text = '';
  for (let i = 0; i < length; i++) text += Math.random() < 0.5 ? 'a' : 'b';
  return text;
}
const record = (endpoint: string): TelemetryRecord => ({
  timestamp: new Date().toISOString(),
  metrics: { latency_ms: 80 },
  observed_endpoint: endpoint,
});

/**
 * Issue 27 C: a costly rule set is evaluated in a worker with a time budget per batch, so telemetry
 * against it never holds the event loop, and what the budget left out is counted.
 */
describe('policy evaluation cost', () => {
  let harness: ProbeIngestHarness;
  let batches = 0;

  beforeAll(async () => {
    harness = await ProbeIngestHarness.start({
      env: { PROBE_SILENCE_MS: '600000', POLICY_EVAL_BUDGET_MS: String(BUDGET_MS) },
    });
  });

  afterAll(() => harness.close());

  async function metric(name: string, labels: string): Promise<number> {
    const response = await harness.fastify.inject({ method: 'GET', url: '/metrics' });
    const line = response.body
      .split('\n')
      .find((text) => text.startsWith(`${name}{`) && text.includes(labels));
    return line === undefined ? 0 : Number(line.split(' ').at(-1));
  }

  /**
   * Posts `records` through the API and waits until the violations consumer has evaluated them, asking
   * `/health/live` every 50 ms meanwhile; the slowest answer, the POST's time, and the process's memory.
   */
  async function postAndWatch(org: TestOrganization, rules: Condition, records: TelemetryRecord[]) {
    await announcePolicy(harness, org.id, policySnapshot({ name: 'Costly patterns', rules }));
    const probe = await registerProbe(harness, org);
    const liveAnswers: number[] = [];
    let postMs = 0;
    let evaluationMs = 0;
    const load = await measureProcessLoad(async () => {
      let waiting = true;
      const probing = (async () => {
        while (waiting) {
          const asked = performance.now();
          const live = await harness.fastify.inject({ method: 'GET', url: '/health/live' });
          expect(live.statusCode).toBe(200);
          liveAnswers.push(performance.now() - asked);
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      })();
      const posted = performance.now();
      const response = await sendTelemetry(harness, org, probe.probe_id, records);
      postMs = performance.now() - posted;
      expect(response.statusCode).toBe(202);
      await processed(harness, 'violations', ++batches);
      evaluationMs = performance.now() - posted;
      waiting = false;
      await probing;
    });
    return { slowestLiveMs: Math.max(...liveAnswers), postMs, evaluationMs, load };
  }

  it('evaluates a hostile rule set stored before the budget existed in a worker, skipping what the time budget left', async () => {
    // The reproduction: 100 leaves within every pattern limit, and 8 records of 2 KB.
    const hostile: Condition = {
      any: Array.from({ length: 100 }, () => matches('[ab]{99}'.repeat(20) + '[^ab]')),
    };
    expect(validateCondition(hostile)[0]?.field).toBe('rules');
    const org = await harness.createOrganization();
    const skippedBefore = await metric('probe_policy_records_skipped_total', 'reason="time_budget"');

    const watched = await postAndWatch(
      org,
      hostile,
      Array.from({ length: 8 }, () => record(abText(2_048))),
    );

    expect(watched.postMs).toBeLessThan(1_000);
    expect(watched.slowestLiveMs).toBeLessThan(1_000);
    // One record takes seconds: the budget ends the batch, and the worker is cut off a little later.
    expect(watched.evaluationMs).toBeLessThan(BUDGET_MS + 5_000);
    expect((await metric('probe_policy_records_skipped_total', 'reason="time_budget"')) - skippedBefore).toBe(
      8,
    );
    // The worker's heap is bounded; the process gains no more than the worker and its batch.
    expect(watched.load.addedMb).toBeLessThan(300);
    console.log(
      `hostile rules: slowest /health/live ${Math.round(watched.slowestLiveMs)} ms, POST ${Math.round(watched.postMs)} ms, ` +
        `evaluated or skipped in ${Math.round(watched.evaluationMs)} ms, process +${watched.load.addedMb} MB ` +
        `(from ${watched.load.startMb} MB, tree peak ${watched.load.treePeakMb} MB)`,
    );
  });

  it('keeps the event loop free on a rule set just under the cost budget, and records what it evaluated', async () => {
    const rules: Condition = {
      any: Array.from({ length: 12 }, (_, index) => matches(`${index % 2 === 0 ? 'a' : 'b'}[ab]{99}[^ab]`)),
    };
    expect(validateCondition(rules)).toEqual([]);
    expect(conditionSteps(checkCondition(rules))).toBeGreaterThan(RULE_COST.maxStepsPerRecord * 0.9);
    const org = await harness.createOrganization();
    const workerBefore = await metric('probe_policy_evaluations_total', 'where="worker"');
    // The first record violates the rules (a, 99 of a or b, then c); the other 199 make re2js work hardest:
    // inline, they would hold the event loop for seconds (16–37 ms a record, decisions/0007).
    const records = [record(`a${abText(99)}c`), ...Array.from({ length: 199 }, () => record(abText(2_048)))];

    const watched = await postAndWatch(org, rules, records);

    expect(watched.postMs).toBeLessThan(1_000);
    expect(watched.slowestLiveMs).toBeLessThan(1_000);
    expect(watched.evaluationMs).toBeLessThan(BUDGET_MS + 5_000);
    expect((await metric('probe_policy_evaluations_total', 'where="worker"')) - workerBefore).toBe(1);
    const violations = await eventually(
      async () => {
        const found = await outboxRecords(harness, 'policy.violated', org.id);
        return found.length > 0 && found;
      },
      10_000,
      'the violation of the first record',
    );
    expect(violations).toHaveLength(1);
    console.log(
      `rules just under the budget, 200 records of 2 KB: slowest /health/live ${Math.round(watched.slowestLiveMs)} ms, ` +
        `POST ${Math.round(watched.postMs)} ms, evaluated in ${Math.round(watched.evaluationMs)} ms, process +${watched.load.addedMb} MB`,
    );
  });
});
