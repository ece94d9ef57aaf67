import { type FrameworkKey } from './catalog';
import { parseFramework } from './framework-validation';

function validFile(): Record<string, unknown> {
  return {
    key: 'NIST_AI_RMF',
    name: 'NIST AI Risk Management Framework',
    short_name: 'NIST AI RMF',
    version: 'AI RMF 1.0 (NIST AI 100-1)',
    revision: '1.0.0',
    description: 'test',
    source: 'test',
    controls: [
      {
        id: 'GOVERN-1.1',
        title: 'Legal requirements',
        requirement: 'Know the law.',
        severity: 'HIGH',
        remediation: 'Write a register.',
        evidence_cues: [
          { concept: 'law', terms: ['legal requirements', 'regulatory requirements', 'gdpr'], weight: 1 },
          {
            concept: 'register',
            terms: ['compliance register', 'legal register', 'obligations register'],
            weight: 1,
          },
        ],
        runtime_policy: {
          name: 'Toxic output',
          description: 'Flags toxic output.',
          severity: 'HIGH',
          rules: {
            all: [
              { field: 'metrics.toxicity', op: 'gt', value: 0.8 },
              { not: { field: 'labels.human_review', op: 'exists' } },
            ],
          },
        },
      },
    ],
  };
}

function controlOf(file: Record<string, unknown>): Record<string, unknown> {
  return (file.controls as Record<string, unknown>[])[0]!;
}

describe('parseFramework', () => {
  it('refuses a key that published control references could not carry', () => {
    const file = { ...validFile(), key: 'iso_42001' };
    expect(() => parseFramework(file, 'f.json', 'iso_42001' as FrameworkKey)).toThrow(
      /framework.key must be upper case letters, digits and _/,
    );
  });

  it('accepts a well-formed file and returns it typed', () => {
    const parsed = parseFramework(validFile(), 'nist.json', 'NIST_AI_RMF');
    expect(parsed.controls[0]?.id).toBe('GOVERN-1.1');
  });

  it('names the file and the bad field', () => {
    const file = validFile();
    controlOf(file).severity = 'SEVERE';
    expect(() => parseFramework(file, 'data/nist.json', 'NIST_AI_RMF')).toThrow(
      /Invalid framework data in data\/nist\.json:[\s\S]*controls\[0\]\.severity must be one of/,
    );
  });

  it('rejects a file carrying another framework key', () => {
    expect(() => parseFramework(validFile(), 'iso.json', 'ISO_42001')).toThrow(
      /framework\.key must be ISO_42001/,
    );
  });

  it('rejects duplicate control ids', () => {
    const file = validFile();
    file.controls = [controlOf(file), controlOf(file)];
    expect(() => parseFramework(file, 'f.json', 'NIST_AI_RMF')).toThrow(
      /"GOVERN-1\.1" appears more than once/,
    );
  });

  it('rejects cues with too few, duplicated or uppercase terms', () => {
    for (const terms of [
      ['a', 'b'],
      ['risk register', 'risk register', 'risk log'],
      ['Risk Register', 'x', 'y'],
    ]) {
      const file = validFile();
      controlOf(file).evidence_cues = [
        { concept: 'c', terms, weight: 1 },
        { concept: 'd', terms: ['one term', 'two term', 'three term'], weight: 1 },
      ];
      expect(() => parseFramework(file, 'f.json', 'NIST_AI_RMF')).toThrow(/evidence_cues\[0\]\.terms/);
    }
  });

  it('rejects unknown ops, fields outside telemetry and values of the wrong type', () => {
    const cases: [unknown, RegExp][] = [
      [{ field: 'metrics.toxicity', op: 'approx', value: 1 }, /op must be one of/],
      [
        { field: 'system_id', op: 'eq', value: 'x' },
        /field must be model, observed_endpoint, or metrics\.<name>/,
      ],
      [{ field: 'metrics.toxicity', op: 'gt', value: 'high' }, /value must be a finite number for gt/],
      [{ field: 'labels.region', op: 'in', value: 'eu' }, /value must be a list of 1 to 100 values for in/],
      [{ field: 'model', op: 'matches', value: '(' }, /value pattern refused/],
      [{ field: 'model', op: 'exists', value: true }, /must be absent for exists/],
      [{ all: [] }, /non-empty list of conditions/],
      [{ not: { field: 'model', op: 'exists' }, any: [] }, /rules\.not must not sit beside "any"/],
    ];
    for (const [rules, message] of cases) {
      const file = validFile();
      (controlOf(file).runtime_policy as Record<string, unknown>).rules = rules;
      expect(() => parseFramework(file, 'f.json', 'NIST_AI_RMF')).toThrow(message);
    }
  });

  it('accepts the cue flags as booleans, one at a time', () => {
    const cue = (file: Record<string, unknown>): Record<string, unknown> =>
      (controlOf(file).evidence_cues as Record<string, unknown>[])[0]!;
    const flagged = validFile();
    cue(flagged).negation_satisfies = true;
    expect(() => parseFramework(flagged, 'f.json', 'NIST_AI_RMF')).not.toThrow();
    const wrongType = validFile();
    cue(wrongType).scope_condition = 'yes';
    expect(() => parseFramework(wrongType, 'f.json', 'NIST_AI_RMF')).toThrow(
      /evidence_cues\[0\]\.scope_condition must be true or false/,
    );
    const both = validFile();
    Object.assign(cue(both), { negation_satisfies: true, scope_condition: true });
    expect(() => parseFramework(both, 'f.json', 'NIST_AI_RMF')).toThrow(/cannot be both/);
  });

  it('rejects a revision that is not semver', () => {
    const file = validFile();
    file.revision = 'v1';
    expect(() => parseFramework(file, 'f.json', 'NIST_AI_RMF')).toThrow(/revision must be a semver/);
  });
});
