import { isPlaceholder } from './negation';
import { splitLines, type TextLine } from './text-lines';

/** A stretch of the content, verbatim: `content.slice(offset, offset + text.length) === text`. */
export interface TextSpan {
  text: string;
  offset: number;
  /** 1-based line of `offset`. */
  line: number;
}

export interface DocumentSection {
  /** The heading as written (numbering kept, Markdown markers dropped), or "Paragraph n" outside any heading. */
  title: string;
  /** 1–6 for headings (numbered headings: their depth), 0 for a paragraph outside any heading. */
  level: number;
  heading: TextSpan | null;
  /** Paragraphs, list items and table rows, in order, with list and quote markers left out. */
  blocks: TextSpan[];
}

interface HeadingMatch {
  title: string;
  /** Where the title starts within the line. */
  column: number;
  level: number;
  /** A setext heading owns the underline on the next line. */
  consumesNextLine?: boolean;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+|$)(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const NUMBERED = /^ {0,3}(\d{1,2}(?:\.\d{1,2}){0,4})[.)]?[ \t]+(\p{Lu}.*?)[ \t]*$/u;
const BOLD_LINE = /^ {0,3}(\*\*|__)([^*_].*?)\1:?[ \t]*$/;
const LIST_ITEM = /^[ \t]*(?:[-*+•‣◦]|\d{1,3}[.)]|[a-zA-Z][.)])[ \t]+/;
const BLOCK_MARKER =
  /^[ \t]*(?:>[ \t]?)*(?:(?:[-*+•‣◦]|\d{1,3}[.)]|[a-zA-Z][.)])[ \t]+)?(?:\[[ xX]\][ \t]+)?/;
const TABLE_ROW = /^[ \t]*\|/;
const QUOTE_LINE = /^[ \t]*>/;
/** A heading is a short label: a line ending like a sentence, or longer than this, is prose. */
const MAX_HEADING_LENGTH = 100;
const MAX_HEADING_WORDS = 12;

const isBlank = (line: TextLine | undefined): boolean => line === undefined || line.text.trim() === '';

function looksLikeLabel(text: string): boolean {
  return (
    text.length <= MAX_HEADING_LENGTH &&
    text.split(/\s+/).length <= MAX_HEADING_WORDS &&
    !/[.!?;,]$/.test(text) &&
    !isPlaceholder(text)
  );
}

const withoutColon = (text: string): string => text.replace(/:$/, '').trimEnd();

function detectHeading(lines: readonly TextLine[], index: number): HeadingMatch | null {
  const line = lines[index]!;
  const text = line.text;
  const trimmed = text.trim();

  const atx = ATX.exec(text);
  if (atx) {
    const title = (atx[2] ?? '').trim();
    if (title === '') return null;
    return { title, column: text.indexOf(title, atx[1]!.length), level: atx[1]!.length };
  }

  const column = text.indexOf(trimmed);
  const startsParagraph = index === 0 || isBlank(lines[index - 1]);
  const next = lines[index + 1];
  const underline = next === undefined ? null : SETEXT_UNDERLINE.exec(next.text);
  if (
    underline &&
    startsParagraph &&
    !LIST_ITEM.test(text) &&
    !TABLE_ROW.test(text) &&
    looksLikeLabel(trimmed)
  ) {
    return { title: trimmed, column, level: underline[1]!.startsWith('=') ? 1 : 2, consumesNextLine: true };
  }

  const bold = BOLD_LINE.exec(text);
  if (bold && looksLikeLabel(bold[2]!.trim())) {
    const title = bold[2]!.trim();
    return { title, column: text.indexOf(title), level: 6 };
  }

  const numbered = NUMBERED.exec(text);
  if (numbered && looksLikeLabel(withoutColon(trimmed))) {
    const depth = numbered[1]!.split('.').length;
    // "1. Owners" in an ordered list reads like "1. Scope": a lone number is a heading only on a line
    // of its own, not next to list items.
    const standsAlone = startsParagraph && (isBlank(next) || !LIST_ITEM.test(next!.text));
    if (depth > 1 || standsAlone) return { title: withoutColon(trimmed), column, level: depth };
  }

  const isAllCaps = !/\p{Ll}/u.test(trimmed) && (trimmed.match(/\p{L}/gu)?.length ?? 0) >= 4;
  if (isAllCaps && !TABLE_ROW.test(text) && looksLikeLabel(withoutColon(trimmed)))
    return { title: withoutColon(trimmed), column, level: 1 };
  return null;
}

/** Line indexes that hold no prose: YAML front matter and fenced code. */
function nonProseLines(lines: readonly TextLine[]): Set<number> {
  const skipped = new Set<number>();
  let index = 0;
  // Front matter opens with "---" and a YAML key; a document merely starting with a rule keeps its text.
  if (lines[0]?.text.trim() === '---' && /^[\w-]+\s*:/.test(lines[1]?.text ?? '')) {
    const close = lines.findIndex((line, i) => i > 0 && /^(?:---|\.\.\.)\s*$/.test(line.text));
    for (; index <= close; index += 1) skipped.add(index);
  }
  let fence: string | null = null;
  for (; index < lines.length; index += 1) {
    const text = lines[index]!.text;
    const opening = FENCE.exec(text);
    if (fence !== null) {
      skipped.add(index);
      if (opening && opening[1]![0] === fence[0] && opening[1]!.length >= fence.length) fence = null;
    } else if (opening) {
      skipped.add(index);
      fence = opening[1]!;
    }
  }
  return skipped;
}

/** The block being read: where it starts, and how far its last non-blank line reaches. */
interface OpenBlock {
  section: DocumentSection;
  offset: number;
  line: number;
  end: number;
}

/** Adds a finished block to its section; returns null, the state of having no open block. */
function closeBlock(content: string, block: OpenBlock | null): null {
  if (block !== null && block.end > block.offset) {
    block.section.blocks.push({
      text: content.slice(block.offset, block.end),
      offset: block.offset,
      line: block.line,
    });
  }
  return null;
}

/**
 * Cuts a document into sections by its headings: Markdown (# and setext), numbered ("1.2 Data
 * governance"), ALL-CAPS lines and whole bold lines. Text before the first heading, or in a document
 * with none, becomes one section per paragraph, so evidence can still name where it sits.
 */
export function splitIntoSections(content: string): DocumentSection[] {
  const lines = splitLines(content);
  const skipped = nonProseLines(lines);
  const sections: DocumentSection[] = [];
  let current: DocumentSection | null = null;
  let paragraphs = 0;
  let block: OpenBlock | null = null;
  // What the last line of the open block was; a closed block (null) starts afresh whatever they say.
  let previousWasTableRow = false;
  let previousWasQuote = false;

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index]!;
    if (skipped.has(index) || line.text.trim() === '') {
      block = closeBlock(content, block);
      // Outside any heading a blank line ends the paragraph, and with it the section.
      if (current !== null && current.level === 0 && line.text.trim() === '') current = null;
      continue;
    }

    const heading = detectHeading(lines, index);
    if (heading !== null) {
      block = closeBlock(content, block);
      current = {
        title: heading.title,
        level: heading.level,
        heading: { text: heading.title, offset: line.offset + heading.column, line: line.number },
        blocks: [],
      };
      sections.push(current);
      if (heading.consumesNextLine) index += 1;
      continue;
    }

    // A rule that no heading claimed as its underline is a thematic break.
    if (THEMATIC_BREAK.test(line.text) || SETEXT_UNDERLINE.test(line.text)) {
      block = closeBlock(content, block);
      continue;
    }

    if (current === null) {
      paragraphs += 1;
      current = { title: `Paragraph ${paragraphs}`, level: 0, heading: null, blocks: [] };
      sections.push(current);
    }
    const isTableRow = TABLE_ROW.test(line.text);
    const isQuote = QUOTE_LINE.test(line.text);
    const startsBlock =
      LIST_ITEM.test(line.text) || isTableRow || previousWasTableRow || isQuote !== previousWasQuote;
    if (block === null || startsBlock) {
      closeBlock(content, block);
      const marker = BLOCK_MARKER.exec(line.text)?.[0].length ?? 0;
      const start = line.offset + marker;
      block = { section: current, offset: start, line: line.number, end: start };
    }
    const trailing = line.text.length - line.text.trimEnd().length;
    block.end = Math.max(block.end, line.offset + line.text.length - trailing);
    previousWasTableRow = isTableRow;
    previousWasQuote = isQuote;
  }
  block = closeBlock(content, block);
  return sections;
}
