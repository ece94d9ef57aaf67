import { splitIntoSections, type DocumentSection, type TextSpan } from './document-sections';
import { isPlaceholder, isQuestion } from './negation';
import { splitIntoSentences } from './sentences';
import { splitLines } from './text-lines';
import { createWordCache, tokenize, type Token } from './text-normaliser';

/** A sentence or a heading: the stretch of text a term is matched and negated in. */
export interface TextUnit {
  section: string;
  span: TextSpan;
  tokens: Token[];
  /** For a heading, the index just past the last unit of its section and sub-sections; else null. */
  headingScopeEnd: number | null;
}

interface ReadSection {
  section: DocumentSection;
  sentences: TextUnit[];
}

/**
 * A heading is evidence only when something under it is: "## Human oversight" over "TBD", or over
 * nothing, names a topic without addressing it. Sub-sections count as "under it".
 */
function headingsWithSubstance(read: readonly ReadSection[]): boolean[] {
  const substantive = read.map((entry) => entry.sentences.length > 0);
  for (let index = read.length - 1; index >= 0; index -= 1) {
    const level = read[index]!.section.level;
    for (let next = index + 1; next < read.length && read[next]!.section.level > level; next += 1) {
      if (substantive[next]) {
        substantive[index] = true;
        break;
      }
    }
  }
  return substantive;
}

/** The document as the units terms are looked for in, in document order; placeholders and questions left out. */
export function readUnits(content: string): TextUnit[] {
  const lines = splitLines(content);
  const words = createWordCache();
  const read: ReadSection[] = splitIntoSections(content).map((section) => ({
    section,
    sentences: section.blocks
      .flatMap((block) => splitIntoSentences(block, lines))
      .filter((sentence) => !isPlaceholder(sentence.text) && !isQuestion(sentence.text))
      .map((span): TextUnit => ({
        section: section.title,
        span,
        tokens: tokenize(span.text, span.offset, words),
        headingScopeEnd: null,
      }))
      .filter((unit) => unit.tokens.length > 0),
  }));
  const substantive = headingsWithSubstance(read);
  const units: TextUnit[] = [];
  const openHeadings: Array<{ unit: TextUnit; level: number }> = [];
  read.forEach(({ section, sentences }, index) => {
    if (section.heading !== null) {
      // A heading's scope ends where a heading of its level or above begins.
      while (openHeadings.length > 0 && openHeadings[openHeadings.length - 1]!.level >= section.level) {
        openHeadings.pop()!.unit.headingScopeEnd = units.length;
      }
    }
    if (section.heading !== null && substantive[index]) {
      const heading: TextUnit = {
        section: section.title,
        span: section.heading,
        tokens: tokenize(section.heading.text, section.heading.offset, words),
        headingScopeEnd: null,
      };
      units.push(heading);
      openHeadings.push({ unit: heading, level: section.level });
    }
    for (const sentence of sentences) units.push(sentence);
  });
  for (const { unit } of openHeadings) unit.headingScopeEnd = units.length;
  return units;
}
