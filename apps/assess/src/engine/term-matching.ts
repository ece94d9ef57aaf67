import { type TextUnit } from './document-units';
import { type CompiledFramework, type CompiledPhrase } from './framework-compiler';
import { isNegated } from './negation';
import { type Token } from './text-normaliser';

/** One place a phrase occurs. */
export interface Occurrence {
  /** Index into the units. */
  unit: number;
  /** Token indexes of the match within the unit. */
  first: number;
  last: number;
  negated: boolean;
}

/** Whether `phrase` continues at `first`: every stem in place and no clause boundary inside it. */
function matchesAt(tokens: readonly Token[], first: number, phrase: CompiledPhrase): boolean {
  if (first + phrase.stems.length > tokens.length) return false;
  for (let offset = 1; offset < phrase.stems.length; offset += 1) {
    const token = tokens[first + offset]!;
    if (token.stem !== phrase.stems[offset] || token.gapBefore !== 'space') return false;
  }
  return true;
}

/** Where each phrase of the framework occurs, indexed by phrase id, each list in document order. */
export function findOccurrences(units: readonly TextUnit[], framework: CompiledFramework): Occurrence[][] {
  const occurrences: Occurrence[][] = framework.phrases.map(() => []);
  units.forEach((unit, unitIndex) => {
    const tokens = unit.tokens;
    for (let first = 0; first < tokens.length; first += 1) {
      const candidates = framework.phrasesByFirstStem.get(tokens[first]!.stem);
      if (candidates === undefined) continue;
      for (const phrase of candidates) {
        if (!matchesAt(tokens, first, phrase)) continue;
        const last = first + phrase.stems.length - 1;
        occurrences[phrase.id]!.push({
          unit: unitIndex,
          first,
          last,
          negated: isNegated(tokens, first, last),
        });
      }
    }
  });
  return occurrences;
}
