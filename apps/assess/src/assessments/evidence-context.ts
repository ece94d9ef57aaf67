/** How much of the document is kept on each side of a quote, in characters. */
export const CONTEXT_MAX_LENGTH = 200;

// A blank line ends a paragraph: context stops there, so it never runs into the next section.
const PARAGRAPH_BREAK = /\r?\n[ \t]*\r?\n|\r[ \t]*\r/g;

export interface EvidenceContext {
  context_before: string;
  context_after: string;
}

/**
 * The text around a quote, within its paragraph and at most `maxLength` characters on each side, cut at a
 * word boundary. The document itself is dropped once assessed; this is what lets a reader still see where
 * the quote sits: `context_before + quote + context_after` is a verbatim slice of the document.
 */
export function evidenceContext(
  content: string,
  offset: number,
  quoteLength: number,
  maxLength = CONTEXT_MAX_LENGTH,
): EvidenceContext {
  const end = offset + quoteLength;
  let paragraphStart = 0;
  let paragraphEnd = content.length;
  for (const match of content.matchAll(PARAGRAPH_BREAK)) {
    const breakEnd = match.index + match[0].length;
    if (breakEnd <= offset) paragraphStart = breakEnd;
    else if (match.index >= end) {
      paragraphEnd = match.index;
      break;
    }
  }
  let start = Math.max(paragraphStart, offset - maxLength);
  // A window cut mid-word starts at the next word instead.
  if (start > paragraphStart && /\S/.test(content[start - 1] ?? '')) {
    const space = content.slice(start, offset).search(/\s/);
    start = space === -1 ? offset : start + space + 1;
  }
  let stop = Math.min(paragraphEnd, end + maxLength);
  if (stop < paragraphEnd && /\S/.test(content[stop] ?? '')) {
    const space = content.slice(end, stop).lastIndexOf(' ');
    stop = space === -1 ? end : end + space;
  }
  return {
    context_before: content.slice(start, offset).replace(/^\s+/, ''),
    context_after: content.slice(end, stop).replace(/\s+$/, ''),
  };
}
