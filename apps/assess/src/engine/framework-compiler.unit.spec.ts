import { type EngineControl } from './engine.types';
import { compileFramework, InvalidFrameworkError } from './framework-compiler';

const control = (id: string, terms: string[][]): EngineControl => ({
  id,
  title: `Control ${id}`,
  severity: 'HIGH',
  evidence_cues: terms.map((cueTerms, index) => ({ concept: `concept ${index}`, terms: cueTerms })),
});

function problemsOf(run: () => unknown): readonly string[] {
  try {
    run();
  } catch (error) {
    if (error instanceof InvalidFrameworkError) return error.problems;
    throw error;
  }
  throw new Error('expected InvalidFrameworkError');
}

describe('compileFramework', () => {
  it('shares one phrase between terms that stem alike, across controls, leaving out articles', () => {
    const compiled = compileFramework({
      key: 'F',
      controls: [
        control('A', [['log', 'logs', 'audit trail']]),
        control('B', [['logging'], ['human-in-the-loop']]),
      ],
    });
    expect(compiled.phrases.map((phrase) => phrase.stems)).toEqual([
      ['log'],
      ['audit', 'trail'],
      // The matcher passes over articles in the text, so the phrase does not need them.
      ['human', 'in', 'loop'],
    ]);
    expect(compiled.controls[0]!.concepts[0]!.terms).toEqual([
      { term: 'log', phrase: 0 },
      { term: 'audit trail', phrase: 1 },
    ]);
    expect(compiled.controls[1]!.concepts.map((concept) => concept.terms)).toEqual([
      [{ term: 'logging', phrase: 0 }],
      [{ term: 'human-in-the-loop', phrase: 2 }],
    ]);
    expect(compiled.phrasesByFirstStem.get('human')).toEqual([compiled.phrases[2]]);
  });

  it('carries the forbidden-practice and scope flags of a cue', () => {
    const compiled = compileFramework({
      key: 'F',
      controls: [
        {
          ...control('A', []),
          evidence_cues: [
            { concept: 'practice', terms: ['social scoring'], negation_satisfies: true },
            { concept: 'scope', terms: ['chatbot'], scope_condition: true },
            { concept: 'plain', terms: ['notice'] },
          ],
        },
      ],
    });
    expect(
      compiled.controls[0]!.concepts.map(({ negationSatisfies, scopeCondition }) => [
        negationSatisfies,
        scopeCondition,
      ]),
    ).toEqual([
      [true, false],
      [false, true],
      [false, false],
    ]);
  });

  it('defaults a cue weight to 1 and totals the weights per control', () => {
    const compiled = compileFramework({
      key: 'F',
      controls: [
        {
          ...control('A', []),
          evidence_cues: [
            { concept: 'a', terms: ['x'], weight: 2 },
            { concept: 'b', terms: ['y'] },
          ],
        },
      ],
    });
    expect(compiled.controls[0]!.totalWeight).toBe(3);
  });

  it('refuses a framework that could never be met, listing every problem', () => {
    const problems = problemsOf(() =>
      compileFramework({
        key: 'F',
        controls: [
          control('A', [['log'], []]),
          control('A', [['--']]),
          control('C', []),
          { ...control('D', []), evidence_cues: [{ concept: 'x', terms: ['y'], weight: 0 }] },
        ],
      }),
    );
    expect(problems).toEqual([
      'control A, concept "concept 1" has no terms',
      'control A appears twice',
      'control A, concept "concept 0" has term "--" with no words',
      'control C has no evidence cues',
      'control D, concept "x" has weight 0, not a positive number',
    ]);
    expect(problemsOf(() => compileFramework({ key: 'F', controls: [] }))).toEqual(['it has no controls']);
  });
});
