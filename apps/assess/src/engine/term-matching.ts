import { type TextUnit } from './document-units';
import { type CompiledFramework, type CompiledPhrase, isFiller } from './framework-compiler';
import { type Polarity, polarityOf } from './negation';
import { type Token } from './text-normaliser';

/** One place a phrase occurs. */
export interface Occurrence {
  /** Index into the units. */
  unit: number;
  /** Token indexes of the match within the unit. */
  first: number;
  last: number;
  polarity: Polarity;
}

/**
 * Index of the last token of `phrase` starting at `first`, or -1: every stem in order and no clause
 * boundary inside it. Fillers between the words (articles, possessives, passive auxiliaries) are passed
 * over, so "use of output" also matches "use of the output" and "feedback review" "feedback is reviewed".
 */
function matchEnd(tokens: readonly Token[], first: number, phrase: CompiledPhrase): number {
  let position = first;
  for (let offset = 1; offset < phrase.stems.length; offset += 1) {
    position += 1;
    while (
      position < tokens.length &&
      isFiller(tokens[position]!.norm) &&
      tokens[position]!.gapBefore === 'space'
    ) {
      if (tokens[position]!.stem === phrase.stems[offset]) break;
      position += 1;
    }
    const token = tokens[position];
    if (token === undefined || token.stem !== phrase.stems[offset] || token.gapBefore !== 'space') return -1;
  }
  return position;
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
        const last = matchEnd(tokens, first, phrase);
        if (last < 0) continue;
        occurrences[phrase.id]!.push({
          unit: unitIndex,
          first,
          last,
          polarity: polarityOf(tokens, first, last),
        });
      }
    }
  });
  return occurrences;
}
