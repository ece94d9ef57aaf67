import { type TextSpan } from './document-sections';
import { lineAt, type TextLine } from './text-lines';
import { words } from './text-normaliser';

/** Words that end in a full stop without ending the sentence. */
const ABBREVIATIONS = words(
  'e.g i.e etc vs cf fig nr art sec approx incl dr mr mrs ms inc ltd co corp resp ref para ch al',
);

/**
 * Sentence-ending punctuation, closing quotes or brackets, then whitespace. Not Intl.Segmenter: V8's ICU
 * has no abbreviation list, so endsSentence would stay, and it was 3x slower on the 200-page test document.
 */
const SENTENCE_END = /[.!?]+["'”’)\]]*(?=\s)/g;

function endsSentence(text: string, punctuationStart: number, after: number): boolean {
  const nextCharacter = /\s*(\S)/y;
  nextCharacter.lastIndex = after;
  const next = nextCharacter.exec(text)?.[1];
  if (next === undefined) return false;
  // A lowercase continuation ("e.g. logs", "approx. two weeks") is still the same sentence.
  if (/\p{Ll}/u.test(next)) return false;
  // Only the word before matters; a short look-behind keeps this linear in long blocks.
  const lookBehind = text.slice(Math.max(0, punctuationStart - 24), punctuationStart);
  const before = /([\p{L}.]+)$/u.exec(lookBehind)?.[1]?.toLowerCase() ?? '';
  if (text[punctuationStart] === '.' && (ABBREVIATIONS.has(before) || /^\p{L}(?:\.\p{L})+$/u.test(before))) {
    return false;
  }
  return true;
}

/** Sentences of one block, trimmed, with offsets and lines into the content; a line break is a soft wrap. */
export function splitIntoSentences(block: TextSpan, lines: readonly TextLine[]): TextSpan[] {
  const sentences: TextSpan[] = [];
  const text = block.text;
  let start = 0;
  const push = (end: number): void => {
    const raw = text.slice(start, end);
    const leading = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed !== '') {
      const offset = block.offset + start + leading;
      sentences.push({ text: trimmed, offset, line: lineAt(lines, offset) });
    }
  };
  for (const match of text.matchAll(SENTENCE_END)) {
    const after = match.index + match[0].length;
    if (endsSentence(text, match.index, after)) {
      push(after);
      start = after;
    }
  }
  push(text.length);
  return sentences;
}
