import { type Condition } from '@governance/contracts';
import { FRAMEWORKS } from '@governance/frameworks';
import { checkCondition, compileConditionSet, conditionSteps, RULE_COST } from '@governance/policy-rules';

/*
 * How well a rule set's worst-case steps (libs/policy-rules/src/rule-cost.ts) track the time it takes on a
 * record made to defeat re2js's DFA cache, for the rule sets the budget was calibrated with
 * (docs/decisions/0007-policy-rule-cost-budget.md). `node -r @swc-node/register bench/rule-cost.bench.ts`
 */

const leaf = (field: string, value: string): Condition => ({ field, op: 'matches', value });
const hostilePattern = '[ab]{99}'.repeat(20) + '[^ab]';

const sets: Record<string, Condition[]> = {
  'framework templates': FRAMEWORKS.flatMap((framework) =>
    framework.controls.flatMap((control) => (control.runtime_policy ? [control.runtime_policy.rules] : [])),
  ),
  'PII and secrets pack (12 patterns)': [
    {
      any: [
        leaf('labels.prompt', '\\d{3}-\\d{2}-\\d{4}'),
        leaf('labels.prompt', '[\\w.+-]+@[\\w-]+\\.[\\w.]+'),
        leaf('labels.prompt', '\\d{4}[ -]?\\d{4}[ -]?\\d{4}[ -]?\\d{4}'),
        leaf('labels.prompt', 'AKIA[0-9A-Z]{16}'),
        leaf('labels.prompt', 'sk-[A-Za-z0-9]{20,}'),
        leaf('labels.prompt', '[A-Z]{2}\\d{2}[A-Z0-9]{11,30}'),
        leaf('labels.prompt', '\\+?\\d{1,3}[ .-]?\\(?\\d{3}\\)?[ .-]?\\d{3}[ .-]?\\d{4}'),
        leaf('labels.prompt', 'eyJ[\\w-]+\\.[\\w-]+\\.[\\w-]+'),
        leaf('labels.response', '(?:password|secret|api[_-]?key)\\s*[:=]'),
        leaf('observed_endpoint', '^https?://(?:10|127|192\\.168|172\\.(?:1[6-9]|2\\d|3[01]))\\.'),
        leaf('observed_endpoint', '\\.(?:ru|cn|kp)(?:[:/]|$)'),
        leaf('model', '^(?:gpt-4|claude-3|llama-3)'),
      ],
    },
  ],
  'counted repeats on the endpoint, 12 leaves (just under the budget)': Array.from(
    { length: 12 },
    (_, index) => leaf('observed_endpoint', `${index % 2 === 0 ? 'a' : 'b'}[ab]{99}[^ab]`),
  ),
  'hostile: 100 leaves of [ab]{99}×20[^ab]': [
    { any: Array.from({ length: 100 }, () => leaf('observed_endpoint', hostilePattern)) },
  ],
};

function randomText(length: number, alphabet: string): string {
  let text = '';
  for (let i = 0; i < length; i++) text += alphabet[Math.floor(Math.random() * alphabet.length)];
  return text;
}

/** Records whose texts fill every field to its limit: a/b text (the DFA's worst) and ordinary text. */
function records(alphabet: string, count: number): Parameters<ReturnType<typeof compileConditionSet>>[0][] {
  return Array.from({ length: count }, () => ({
    metrics: { latency_ms: 1 },
    model: randomText(256, alphabet),
    observed_endpoint: randomText(2048, alphabet),
    labels: { prompt: randomText(1024, alphabet), response: randomText(1024, alphabet) },
  }));
}

const maxMs = Number(process.env['BENCH_MAX_MS'] ?? 20_000);
for (const [name, conditions] of Object.entries(sets)) {
  const checked = conditions.map((condition) => checkCondition(condition));
  const steps = checked.reduce((sum, condition) => sum + conditionSteps(condition), 0);
  const match = compileConditionSet(checked);
  const matched = new Uint8Array(checked.length);
  let worstNs = 0;
  for (const alphabet of ['ab', 'abcdefghijklmnopqrstuvwxyz0123456789 .-@/:']) {
    const started = performance.now();
    let tested = 0;
    for (const record of records(alphabet, 20)) {
      match(record, matched);
      tested++;
      if (performance.now() - started > maxMs) break;
    }
    worstNs = Math.max(worstNs, ((performance.now() - started) * 1e6) / tested);
  }
  console.log(
    `${name}: ${steps.toLocaleString('en')} steps per record (${((steps / RULE_COST.maxStepsPerRecord) * 100).toFixed(1)}% of the budget); ` +
      `worst ${(worstNs / 1e6).toFixed(3)} ms per record, ${(worstNs / Math.max(steps, 1)).toFixed(1)} ns per step`,
  );
}
