import type { Severity } from '@governance/contracts';
import { type EngineFramework } from './engine.types';
import { tokenize, words } from './text-normaliser';

export interface CompiledConcept {
  name: string;
  weight: number;
  /** A forbidden practice: a denial of it is the evidence, a plain mention of it the counter-evidence. */
  negationSatisfies: boolean;
  /** Says when the control applies: a denial of it counts as well as an affirmation. */
  scopeCondition: boolean;
  /** `term` as the framework spells it, `phrase` its index in `phrases`; spellings that stem alike keep the first. */
  terms: readonly { term: string; phrase: number }[];
}

export interface CompiledControl {
  id: string;
  title: string;
  severity: Severity;
  concepts: readonly CompiledConcept[];
  totalWeight: number;
}

export interface CompiledPhrase {
  id: number;
  stems: readonly string[];
}

/**
 * Terms that stem alike across controls share one phrase, matched once per place in the document;
 * phrases are indexed by their first stem, so scanning costs one lookup per token.
 */
export interface CompiledFramework {
  key: string;
  controls: readonly CompiledControl[];
  phrases: readonly CompiledPhrase[];
  phrasesByFirstStem: ReadonlyMap<string, readonly CompiledPhrase[]>;
}

/**
 * Words writers put into a phrase or leave out at will ("use of the output", "our risk policy", "the
 * impact is assessed"): terms are compiled without them and the matcher passes over them.
 */
const FILLERS = words(
  'the a an its their our your this these those any each',
  'is are was were be been has have',
);

export const isFiller = (norm: string): boolean => FILLERS.has(norm);

/** The stems a term must match: its words without fillers, unless it is nothing but fillers. */
function termStems(term: string): string[] {
  const tokens = tokenize(term);
  const content = tokens.filter((token) => !isFiller(token.norm));
  return (content.length > 0 ? content : tokens).map((token) => token.stem);
}

export class InvalidFrameworkError extends Error {
  override name = 'InvalidFrameworkError';
  constructor(readonly problems: readonly string[]) {
    super(`framework cannot be assessed against: ${problems.join('; ')}`);
  }
}

function validate(framework: EngineFramework): string[] {
  const problems: string[] = [];
  if (framework.controls.length === 0) problems.push('it has no controls');
  const ids = new Set<string>();
  for (const control of framework.controls) {
    if (ids.has(control.id)) problems.push(`control ${control.id} appears twice`);
    ids.add(control.id);
    if (control.evidence_cues.length === 0) problems.push(`control ${control.id} has no evidence cues`);
    const concepts = new Set<string>();
    for (const cue of control.evidence_cues) {
      const where = `control ${control.id}, concept "${cue.concept}"`;
      if (concepts.has(cue.concept)) problems.push(`${where} appears twice`);
      concepts.add(cue.concept);
      if (cue.weight !== undefined && !(Number.isFinite(cue.weight) && cue.weight > 0)) {
        problems.push(`${where} has weight ${cue.weight}, not a positive number`);
      }
      if (cue.terms.length === 0) problems.push(`${where} has no terms`);
      for (const term of cue.terms) {
        if (tokenize(term).length === 0) problems.push(`${where} has term "${term}" with no words`);
      }
    }
  }
  return problems;
}

/**
 * Checks a framework and prepares it for any number of assessments. A framework that could never be
 * met (a control without cues, a cue without words) is refused rather than silently scored as missing.
 */
export function compileFramework(framework: EngineFramework): CompiledFramework {
  const problems = validate(framework);
  if (problems.length > 0) throw new InvalidFrameworkError(problems);

  const phraseByKey = new Map<string, CompiledPhrase>();
  const phrasesByFirstStem = new Map<string, CompiledPhrase[]>();
  const phraseFor = (stems: string[]): CompiledPhrase => {
    const key = stems.join(' ');
    let phrase = phraseByKey.get(key);
    if (phrase === undefined) {
      phrase = { id: phraseByKey.size, stems };
      phraseByKey.set(key, phrase);
      phrasesByFirstStem.set(stems[0]!, [...(phrasesByFirstStem.get(stems[0]!) ?? []), phrase]);
    }
    return phrase;
  };

  const controls = framework.controls.map((control): CompiledControl => {
    const concepts = control.evidence_cues.map((cue): CompiledConcept => {
      const terms: CompiledConcept['terms'][number][] = [];
      for (const term of cue.terms) {
        const phrase = phraseFor(termStems(term));
        if (!terms.some((known) => known.phrase === phrase.id)) terms.push({ term, phrase: phrase.id });
      }
      return {
        name: cue.concept,
        weight: cue.weight ?? 1,
        negationSatisfies: cue.negation_satisfies === true,
        scopeCondition: cue.scope_condition === true,
        terms,
      };
    });
    return {
      id: control.id,
      title: control.title,
      severity: control.severity,
      concepts,
      totalWeight: concepts.reduce((sum, concept) => sum + concept.weight, 0),
    };
  });

  return { key: framework.key, controls, phrases: [...phraseByKey.values()], phrasesByFirstStem };
}
