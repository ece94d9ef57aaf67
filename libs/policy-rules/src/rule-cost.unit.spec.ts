import { type Condition } from '@governance/contracts';
import { FRAMEWORKS } from '@governance/frameworks';
import { RE2JS } from 're2js';
import { checkCondition, validateCondition } from './condition';
import { conditionSteps, RULE_COST } from './rule-cost';
import { compilePattern } from './safe-pattern';

const matches = (field: string, value: string): Condition => ({ field, op: 'matches', value });
const steps = (condition: Condition): number => conditionSteps(checkCondition(condition));
/** The hostile pattern: within every pattern limit, 1,982 states. */
const HOSTILE = '[ab]{99}'.repeat(20) + '[^ab]';

describe('rule cost', () => {
  it('prices a matches leaf at (states + overhead) × the longest text its field holds', () => {
    const states = compilePattern('abc').states;
    expect(states).toBe(4);
    expect(steps(matches('model', 'abc'))).toBe((states + RULE_COST.patternOverhead) * 256);
    expect(steps(matches('labels.prompt', 'abc'))).toBe((states + RULE_COST.patternOverhead) * 1_024);
    expect(steps(matches('observed_endpoint', 'abc'))).toBe((states + RULE_COST.patternOverhead) * 2_048);
  });

  it('prices a pattern anchored at the start by the most it can read, else by the whole text', () => {
    const { states, scannedLength } = compilePattern('^gpt-4');
    expect({ states, scannedLength }).toEqual({ states: 7, scannedLength: 6 });
    expect(steps(matches('model', '^gpt-4'))).toBe((7 + RULE_COST.patternOverhead) * 6);
    expect(compilePattern('^a[ab]{99}c|^(?:x|y)').scannedLength).toBe(102);
    expect(compilePattern('^a.*c').scannedLength).toBe(Infinity);
    expect(compilePattern('^a|b').scannedLength).toBe(Infinity);
    expect(compilePattern('a{3}').scannedLength).toBe(Infinity);
    expect(steps(matches('observed_endpoint', '^a.*c'))).toBe((compilePattern('^a.*c').states + 50) * 2_048);
  });

  it.each([
    'abc',
    'a[ab]{20}[^ab]',
    '\\d{3}-\\d{2}-\\d{4}',
    '\\w{0,99}@',
    '(?:sk|pk)_[A-Za-z0-9]{20,}',
    HOSTILE,
  ])('counts about the states re2js compiles %s to', (pattern) => {
    // re2js's program adds a fail and a match instruction to the states the parser counts.
    const program = (RE2JS.compile(pattern) as unknown as { re2Input: { prog: { inst: unknown[] } } })
      .re2Input.prog.inst.length;
    expect(Math.abs(compilePattern(pattern).states - program)).toBeLessThanOrEqual(2);
  });

  it('prices a substring search by its text, other leaves at a step, and combinators at the sum', () => {
    expect(steps({ field: 'observed_endpoint', op: 'contains', value: 'x' })).toBe(2_048 / 4);
    expect(steps({ field: 'metrics.latency_ms', op: 'gt', value: 1 })).toBe(1);
    expect(steps({ field: 'labels.env', op: 'in', value: ['a', 'b'] })).toBe(1);
    expect(steps({ field: 'model', op: 'exists' })).toBe(1);
    const leaf = matches('model', 'gpt');
    expect(
      steps({ any: [leaf, { not: leaf }, { all: [leaf, { field: 'model', op: 'eq', value: 'x' }] }] }),
    ).toBe(3 * steps(leaf) + 1);
  });

  it('lets every framework template and a realistic pack of PII and secret patterns through', () => {
    for (const framework of FRAMEWORKS)
      for (const control of framework.controls)
        if (control.runtime_policy) expect(validateCondition(control.runtime_policy.rules)).toEqual([]);
    const pack: Condition = {
      any: [
        matches('labels.prompt', '\\d{3}-\\d{2}-\\d{4}'),
        matches('labels.prompt', '[\\w.+-]+@[\\w-]+\\.[\\w.]+'),
        matches('labels.prompt', '\\d{4}[ -]?\\d{4}[ -]?\\d{4}[ -]?\\d{4}'),
        matches('labels.prompt', 'AKIA[0-9A-Z]{16}'),
        matches('labels.prompt', 'sk-[A-Za-z0-9]{20,}'),
        matches('labels.prompt', '[A-Z]{2}\\d{2}[A-Z0-9]{11,30}'),
        matches('labels.prompt', 'eyJ[\\w-]+\\.[\\w-]+\\.[\\w-]+'),
        matches('labels.response', '(?:password|secret|api[_-]?key)\\s*[:=]'),
        matches('observed_endpoint', '^https?://(?:10|127|192\\.168|172\\.(?:1[6-9]|2\\d|3[01]))\\.'),
        matches('model', '^(?:gpt-4|claude-3|llama-3)'),
      ],
    };
    expect(validateCondition(pack)).toEqual([]);
    expect(steps(pack)).toBeLessThan(RULE_COST.maxStepsPerRecord / 3);
  });

  it('refuses the hostile rule set of issue 27, naming the whole and its costliest leaves', () => {
    const hostile: Condition = {
      any: Array.from({ length: 100 }, () => matches('observed_endpoint', HOSTILE)),
    };
    const problems = validateCondition(hostile);
    expect(problems[0]).toEqual({
      field: 'rules',
      message: expect.stringMatching(
        /^the rules may cost up to 416,153,600 steps per telemetry record, over the budget of 4,000,000/,
      ),
    });
    expect(problems.slice(1, 3)).toEqual([
      { field: 'rules.any[0]', message: 'may cost up to 4,161,536 steps per record (104% of the budget)' },
      { field: 'rules.any[1]', message: 'may cost up to 4,161,536 steps per record (104% of the budget)' },
    ]);
    expect(problems).toHaveLength(50);
  });

  it('names only as many of the costliest leaves as must go for the rest to fit', () => {
    const costly = matches('observed_endpoint', 'a[ab]{99}[^ab]');
    const cheap = matches('model', 'gpt');
    const perLeaf = steps(costly);
    const fitting = Math.floor(RULE_COST.maxStepsPerRecord / perLeaf);
    expect(validateCondition({ any: Array.from({ length: fitting }, () => costly) })).toEqual([]);
    const problems = validateCondition({
      all: [cheap, ...Array.from({ length: fitting + 2 }, () => costly)],
    });
    expect(problems.map((problem) => problem.field)).toEqual(['rules', 'rules.all[1]', 'rules.all[2]']);
  });

  it('leaves invalid rules to their own problems', () => {
    expect(
      validateCondition({ any: [matches('model', '(a'), matches('observed_endpoint', HOSTILE)] }),
    ).toEqual([{ field: 'rules.any[0].value', message: expect.stringContaining('pattern refused') }]);
  });
});
