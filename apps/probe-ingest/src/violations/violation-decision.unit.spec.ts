import {
  canonicalJson,
  type Condition,
  type EnforcementMode,
  type TelemetryReceivedDetails,
  type TelemetryRecord,
} from '@governance/contracts';
import { checkCondition } from '@governance/policy-rules';
import {
  evaluateBatch,
  evaluationPlace,
  type EvaluatedPolicy,
  findViolations,
  INLINE_MAX_STEPS,
  inputHashOf,
  recordHash,
  violationDetails,
  MODE_OUTCOMES,
  policySet,
  violationKey,
} from './violation-decision';

const PROBE = 'prb_01ARZ3NDEKTSV4RRFFQ69G5FAV';
const SYSTEM = 'sys_01ARZ3NDEKTSV4RRFFQ69G5FAA';
const OTHER_SYSTEM = 'sys_01ARZ3NDEKTSV4RRFFQ69G5FBB';
const TOXIC: Condition = { field: 'metrics.toxicity', op: 'gt', value: 0.8 };

function policy(id: string, overrides: Partial<Omit<EvaluatedPolicy, 'checked'>> = {}): EvaluatedPolicy {
  const rules = overrides.rules ?? TOXIC;
  return {
    policy_id: id,
    name: `Policy ${id}`,
    enforcement_mode: 'BLOCK',
    version: 1,
    scope: { allSystems: true, systemIds: [] },
    ...overrides,
    rules,
    checked: checkCondition(rules),
  };
}

const record = (overrides: Partial<TelemetryRecord> = {}): TelemetryRecord => ({
  timestamp: '2026-11-22T10:00:00.000Z',
  metrics: { toxicity: 0.9 },
  ...overrides,
});

const batch = (records: TelemetryRecord[]): TelemetryReceivedDetails => ({
  probe_id: PROBE,
  system_id: SYSTEM,
  received_at: '2026-11-22T10:00:01.000Z',
  records,
});

const P1 = 'pol_01ARZ3NDEKTSV4RRFFQ69G5F01';
const P2 = 'pol_01ARZ3NDEKTSV4RRFFQ69G5F02';

describe('severity and action from the enforcement mode', () => {
  it.each<[EnforcementMode, string, string]>([
    ['BLOCK', 'CRITICAL', 'blocked'],
    ['WARN', 'HIGH', 'warned'],
  ])('%s is %s and %s', (mode, severity, action) => {
    expect(MODE_OUTCOMES[mode]).toEqual({ severity, action });
  });
});

describe('record identity', () => {
  it('hashes the canonical record, whatever the key order, without the probe enforcement', () => {
    const a = record({ labels: { b: '2', a: '1' }, metrics: { y: 1, x: 2 } });
    const b: TelemetryRecord = {
      metrics: { x: 2, y: 1 },
      labels: { a: '1', b: '2' },
      timestamp: a.timestamp,
      enforcement: [{ policy_id: P1, action: 'blocked' }],
    };
    expect(canonicalJson(a)).toBe(
      '{"labels":{"a":"1","b":"2"},"metrics":{"x":2,"y":1},"timestamp":"2026-11-22T10:00:00.000Z"}',
    );
    expect(recordHash(a)).toMatch(/^[0-9a-f]{64}$/);
    expect(recordHash(b)).toBe(recordHash(a));
    expect(recordHash(record({ timestamp: '2026-11-22T10:00:00.001Z' }))).not.toBe(recordHash(record()));
  });

  it("uses the record's input_hash, or sha256: of the record hash", () => {
    const hash = recordHash(record());
    expect(inputHashOf(record(), hash)).toBe(`sha256:${hash}`);
    const given = `sha256:${'ab'.repeat(32)}`;
    expect(inputHashOf(record({ input_hash: given }), hash)).toBe(given);
  });

  it('keys a violation by policy, probe and record', () => {
    expect(violationKey(P1, PROBE, 'h')).toBe(`${P1}/${PROBE}/h`);
  });
});

describe('findViolations', () => {
  it('flags a matching record once per matching policy, and not a record within the rules', () => {
    const found = findViolations(
      batch([record(), record({ metrics: { toxicity: 0.1 } })]),
      policySet([policy(P1), policy(P2, { rules: { field: 'model', op: 'exists' } })]),
    );
    expect(found).toHaveLength(1);
    expect(found[0]).toMatchObject({
      policy: { policy_id: P1 },
      probeId: PROBE,
      systemId: SYSTEM,
      detectedBy: 'service',
      probeAction: null,
      context: 'metrics.toxicity gt 0.8 (was 0.9)',
      recordedAt: '2026-11-22T10:00:00.000Z',
    });
  });

  it("evaluates a record against its own system's policies, else the batch's", () => {
    const onlyOther = policy(P1, { scope: { allSystems: false, systemIds: [OTHER_SYSTEM] } });
    expect(findViolations(batch([record()]), policySet([onlyOther]))).toEqual([]);
    const found = findViolations(batch([record({ system_id: OTHER_SYSTEM })]), policySet([onlyOther]));
    expect(found.map((candidate) => candidate.systemId)).toEqual([OTHER_SYSTEM]);
  });

  it('counts what the probe enforced as a violation, and a record both flagged once', () => {
    const calm = { metrics: { toxicity: 0.1 } };
    const found = findViolations(
      batch([
        record({ ...calm, enforcement: [{ policy_id: P1, action: 'warned' }] }),
        record({ enforcement: [{ policy_id: P1, action: 'blocked' }] }),
      ]),
      policySet([policy(P1)]),
    );
    expect(
      found.map(({ detectedBy, probeAction, context }) => ({ detectedBy, probeAction, context })),
    ).toEqual([
      { detectedBy: 'probe', probeAction: 'warned', context: 'enforced by the probe (warned)' },
      {
        detectedBy: 'both',
        probeAction: 'blocked',
        context: 'metrics.toxicity gt 0.8 (was 0.9); also enforced by the probe (blocked)',
      },
    ]);
  });

  it('ignores what the probe reports for a policy that is not active here or not in scope', () => {
    const outOfScope = policy(P1, { scope: { allSystems: false, systemIds: [OTHER_SYSTEM] } });
    const reported = record({
      metrics: { toxicity: 0.1 },
      enforcement: [
        { policy_id: P1, action: 'blocked' },
        { policy_id: P2, action: 'blocked' },
      ],
    });
    expect(findViolations(batch([reported]), policySet([outOfScope]))).toEqual([]);
  });

  it('keeps one violation for a record repeated in the batch', () => {
    expect(findViolations(batch([record(), record()]), policySet([policy(P1)]))).toHaveLength(1);
  });
});

describe('violationDetails', () => {
  it('maps the published fields, with the action from the mode', () => {
    const [candidate] = findViolations(
      batch([
        record({
          input_hash: `sha256:${'0f'.repeat(32)}`,
          enforcement: [{ policy_id: P1, action: 'blocked' }],
        }),
      ]),
      policySet([policy(P1, { enforcement_mode: 'WARN', name: 'No toxic output' })]),
    );
    expect(violationDetails(candidate!, 'vio_01ARZ3NDEKTSV4RRFFQ69G5FAV')).toEqual({
      violation_id: 'vio_01ARZ3NDEKTSV4RRFFQ69G5FAV',
      policy_id: P1,
      policy_name: 'No toxic output',
      enforcement_mode: 'WARN',
      action_taken: 'warned',
      probe_id: PROBE,
      input_hash: `sha256:${'0f'.repeat(32)}`,
      context: 'metrics.toxicity gt 0.8 (was 0.9); also enforced by the probe (blocked)',
    });
  });
});

describe('evaluation with a time budget', () => {
  it('stops between records when told, and says how many it evaluated and what each added', () => {
    const set = policySet([policy(P1)]);
    const records = [
      record(),
      record({ metrics: { toxicity: 0.1 } }),
      record({ metrics: { toxicity: 0.95 } }),
    ];
    const seen: Array<[number, number]> = [];
    let asked = 0;
    const result = evaluateBatch(
      batch(records),
      set,
      () => ++asked > 2,
      (evaluated, added) => seen.push([evaluated, added.length]),
    );
    expect(result.evaluated).toBe(2);
    expect(result.candidates).toHaveLength(1);
    expect(seen).toEqual([
      [1, 1],
      [2, 0],
    ]);
    expect(evaluateBatch(batch(records), set)).toMatchObject({ evaluated: 3 });
  });

  it('evaluates cheap rule sets inline and costly ones in the worker, by their worst case over the batch', () => {
    const cheap = policySet([
      policy(P1),
      policy(P2, { rules: { field: 'model', op: 'matches', value: '^gpt-4' } }),
    ]);
    expect(cheap.steps).toBe(1 + (7 + 50) * 6);
    expect(evaluationPlace(cheap, 1_000)).toBe('inline');
    const costly = policySet([
      policy(P1, { rules: { field: 'observed_endpoint', op: 'matches', value: 'a[ab]{99}c' } }),
    ]);
    expect(evaluationPlace(costly, 1)).toBe('inline');
    expect(evaluationPlace(costly, Math.floor(INLINE_MAX_STEPS / costly.steps) + 1)).toBe('worker');
  });
});
