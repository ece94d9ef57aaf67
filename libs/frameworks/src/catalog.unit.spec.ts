import { FRAMEWORK_KEYS, type FrameworkKey, FRAMEWORKS, findControl, findFramework } from './catalog';
import { CONDITION_OPS, type Condition, SEVERITIES } from '@governance/contracts';
import { validateCondition } from '@governance/policy-rules';
import { controlRef, type Control, type Framework } from './framework';

/** Terms that would match almost any AI document, so finding them proves nothing. */
const OVER_GENERIC_TERMS = new Set([
  'ai',
  'ai system',
  'ai systems',
  'the system',
  'data',
  'model',
  'models',
  'system',
  'systems',
  'policy',
  'process',
  'procedure',
  'risk',
  'risks',
  'document',
  'documented',
  'documentation',
  'information',
  'use',
  'used',
  'user',
  'users',
  'test',
  'tests',
  'testing',
  'review',
  'reviewed',
  'management',
  'security',
  'quality',
  'performance',
  'monitoring',
  'compliance',
  'training',
  'report',
  'output',
  'outputs',
  'decision',
  'decisions',
  'metrics',
  'owner',
  'objectives',
  'aims',
  'staff',
  'team',
  'version',
  'template',
]);

function framework(key: FrameworkKey): Framework {
  const found = findFramework(key);
  if (!found) throw new Error(`framework ${key} missing`);
  return found;
}

function ids(key: FrameworkKey): string[] {
  return framework(key).controls.map((control) => control.id);
}

function range(prefix: string, from: number, to: number): string[] {
  return Array.from({ length: to - from + 1 }, (_, i) => `${prefix}${from + i}`);
}

function fieldConditions(condition: Condition): { field: string; op: string }[] {
  if ('all' in condition) return condition.all.flatMap(fieldConditions);
  if ('any' in condition) return condition.any.flatMap(fieldConditions);
  if ('not' in condition) return fieldConditions(condition.not);
  return [condition];
}

const allControls: [FrameworkKey, Control][] = FRAMEWORKS.flatMap((fw) =>
  fw.controls.map((control): [FrameworkKey, Control] => [fw.key, control]),
);

describe('framework catalog', () => {
  it('loads the three frameworks, each with name, version, semver revision, description and source', () => {
    expect(FRAMEWORKS.map((fw) => fw.key)).toEqual([...FRAMEWORK_KEYS]);
    expect(framework('EU_AI_ACT').version).toBe('Regulation (EU) 2024/1689');
    expect(framework('NIST_AI_RMF').version).toBe('AI RMF 1.0 (NIST AI 100-1)');
    expect(framework('ISO_42001').version).toBe('ISO/IEC 42001:2023');
    for (const fw of FRAMEWORKS) {
      expect(fw.revision).toMatch(/^\d+\.\d+\.\d+$/);
      for (const text of [fw.name, fw.description, fw.source]) expect(text.trim()).not.toBe('');
    }
  });

  it('finds frameworks and controls by key, and nothing for unknown keys', () => {
    expect(findFramework('NIST_AI_RMF')?.name).toMatch(/NIST/);
    expect(findFramework('SOC2')).toBeUndefined();
    expect(findControl('EU_AI_ACT', 'Art.9(1)')?.severity).toBe('HIGH');
    expect(findControl('EU_AI_ACT', 'Art.999(1)')).toBeUndefined();
    expect(controlRef('ISO_42001', 'A.6.2.8')).toBe('ISO_42001:A.6.2.8');
  });

  it('holds all 72 NIST AI RMF subcategories: GOVERN 19, MAP 18, MEASURE 22, MANAGE 13', () => {
    const expected = [
      ...range('GOVERN-1.', 1, 7),
      ...range('GOVERN-2.', 1, 3),
      ...range('GOVERN-3.', 1, 2),
      ...range('GOVERN-4.', 1, 3),
      ...range('GOVERN-5.', 1, 2),
      ...range('GOVERN-6.', 1, 2),
      ...range('MAP-1.', 1, 6),
      ...range('MAP-2.', 1, 3),
      ...range('MAP-3.', 1, 5),
      ...range('MAP-4.', 1, 2),
      ...range('MAP-5.', 1, 2),
      ...range('MEASURE-1.', 1, 3),
      ...range('MEASURE-2.', 1, 13),
      ...range('MEASURE-3.', 1, 3),
      ...range('MEASURE-4.', 1, 3),
      ...range('MANAGE-1.', 1, 4),
      ...range('MANAGE-2.', 1, 4),
      ...range('MANAGE-3.', 1, 2),
      ...range('MANAGE-4.', 1, 3),
    ];
    expect(ids('NIST_AI_RMF')).toEqual(expected);
    const perFunction = (fn: string) => ids('NIST_AI_RMF').filter((id) => id.startsWith(`${fn}-`)).length;
    expect([
      perFunction('GOVERN'),
      perFunction('MAP'),
      perFunction('MEASURE'),
      perFunction('MANAGE'),
    ]).toEqual([19, 18, 22, 13]);
  });

  it('holds the 38 ISO/IEC 42001 Annex A controls and sub-clauses of every clause 4 to 10', () => {
    const annexA = [
      ...range('A.2.', 2, 4),
      ...range('A.3.', 2, 3),
      ...range('A.4.', 2, 6),
      ...range('A.5.', 2, 5),
      ...range('A.6.1.', 2, 3),
      ...range('A.6.2.', 2, 8),
      ...range('A.7.', 2, 6),
      ...range('A.8.', 2, 5),
      ...range('A.9.', 2, 4),
      ...range('A.10.', 2, 4),
    ];
    expect(annexA).toHaveLength(38);
    const iso = ids('ISO_42001');
    expect(iso.filter((id) => id.startsWith('A.'))).toEqual(annexA);
    const clauses = iso.filter((id) => !id.startsWith('A.'));
    for (const id of clauses) expect(id).toMatch(/^(?:[4-9]|10)\.\d+(?:\.\d+)?$/);
    for (const clause of range('', 4, 10)) {
      expect(clauses.filter((id) => id.startsWith(`${clause}.`)).length).toBeGreaterThan(0);
    }
    expect(clauses).toEqual(
      expect.arrayContaining(['4.1', '5.2', '6.1.2', '6.1.3', '6.1.4', '8.2', '9.2', '10.2']),
    );
  });

  it('covers every required EU AI Act article, at paragraph level', () => {
    const eu = ids('EU_AI_ACT');
    for (const id of eu) expect(id).toMatch(/^Art\.\d+(?:\(\d+\)(?:\([a-z]\))?)?$/);
    const articles = new Set(eu.map((id) => /^Art\.(\d+)/.exec(id)?.[1]));
    for (const article of ['9', '10', '11', '12', '13', '14', '15', '17', '26', '27', '50', '72', '73']) {
      expect(articles).toContain(article);
    }
    expect(eu).toEqual(
      expect.arrayContaining([
        'Art.9(1)',
        'Art.9(2)(a)',
        'Art.10(2)(f)',
        'Art.12(1)',
        'Art.13(3)(b)',
        'Art.14(4)(e)',
        'Art.15(5)',
        'Art.17(1)(m)',
        'Art.26(6)',
        'Art.27(1)(f)',
        'Art.50(2)',
        'Art.72(3)',
        'Art.73(4)',
      ]),
    );
  });

  it('keeps control ids unique within each framework and references unique across all', () => {
    for (const fw of FRAMEWORKS) expect(new Set(ids(fw.key)).size).toBe(fw.controls.length);
    const refs = allControls.map(([key, control]) => controlRef(key, control.id));
    expect(new Set(refs).size).toBe(refs.length);
  });

  it.each(allControls.map(([key, control]) => [controlRef(key, control.id), control] as const))(
    '%s has every field filled, a valid severity and specific evidence cues',
    (_ref, control) => {
      for (const text of [control.id, control.title, control.requirement, control.remediation]) {
        expect(text.trim()).not.toBe('');
      }
      expect(SEVERITIES).toContain(control.severity);
      expect(control.evidence_cues.length).toBeGreaterThanOrEqual(2);
      expect(control.evidence_cues.length).toBeLessThanOrEqual(4);
      for (const cue of control.evidence_cues) {
        expect(cue.concept.trim()).not.toBe('');
        expect(cue.weight).toBeGreaterThan(0);
        expect(cue.terms.length).toBeGreaterThanOrEqual(3);
        expect(cue.terms.length).toBeLessThanOrEqual(12);
        for (const term of cue.terms) {
          expect(term).toBe(term.toLowerCase().trim());
          expect(OVER_GENERIC_TERMS.has(term)).toBe(false);
        }
      }
    },
  );

  it('uses CRITICAL only for the prohibited practices of EU AI Act Article 5', () => {
    const critical = allControls.filter(([, control]) => control.severity === 'CRITICAL');
    expect(critical.length).toBeGreaterThan(0);
    for (const [key, control] of critical) {
      expect(key).toBe('EU_AI_ACT');
      expect(control.id).toMatch(/^Art\.5\(1\)/);
    }
  });

  it('offers 8 to 15 runtime policies, each with well-formed rules over telemetry fields', () => {
    const withPolicy = allControls.filter(([, control]) => control.runtime_policy !== undefined);
    expect(withPolicy.length).toBeGreaterThanOrEqual(8);
    expect(withPolicy.length).toBeLessThanOrEqual(15);
    for (const [, control] of withPolicy) {
      const policy = control.runtime_policy!;
      expect(policy.name.trim()).not.toBe('');
      expect(policy.description.trim()).not.toBe('');
      expect(SEVERITIES).toContain(policy.severity);
      const leaves = fieldConditions(policy.rules);
      expect(leaves.length).toBeGreaterThan(0);
      for (const leaf of leaves) expect(CONDITION_OPS).toContain(leaf.op);
      expect(validateCondition(policy.rules)).toEqual([]);
    }
  });
});
