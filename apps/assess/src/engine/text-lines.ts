/** A line of the content without its line break; `offset` is where it starts in the content. */
export interface TextLine {
  text: string;
  offset: number;
  /** 1-based. */
  number: number;
}

/** \r\n, \n and a lone \r all end a line, so CRLF and old Mac files number lines like an editor does. */
const LINE_BREAK = /\r\n|\r|\n/g;

export function splitLines(content: string): TextLine[] {
  const lines: TextLine[] = [];
  let start = 0;
  for (const match of content.matchAll(LINE_BREAK)) {
    lines.push({ text: content.slice(start, match.index), offset: start, number: lines.length + 1 });
    start = match.index + match[0].length;
  }
  lines.push({ text: content.slice(start), offset: start, number: lines.length + 1 });
  return lines;
}

/** How many items of `sorted` (ascending by `keyOf`) have a key of at most `key`: a binary search. */
export function countAtOrBefore<T>(sorted: readonly T[], key: number, keyOf: (item: T) => number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (keyOf(sorted[middle]!) <= key) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The 1-based line holding `offset`. */
export const lineAt = (lines: readonly TextLine[], offset: number): number =>
  countAtOrBefore(lines, offset, (line) => line.offset);
