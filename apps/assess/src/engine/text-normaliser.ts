/**
 * What sits between a token and the one before it: `space` (also line breaks, hyphens, slashes, quotes:
 * a phrase may span it), `label` (a colon), `dash` (a dash, or a hyphen set off by spaces), `comma`, or
 * `clause` (semicolon, bracket, table cell, full stop). Negation scope reads them.
 */
type TokenGap = 'space' | 'label' | 'dash' | 'comma' | 'clause';

export interface Token {
  /** Lowercase, accent-free, straight apostrophes: what negation words are compared with. */
  norm: string;
  /** `norm` stemmed: what terms are compared with. */
  stem: string;
  /** Offsets in the content the tokenized text was cut from. */
  start: number;
  end: number;
  gapBefore: TokenGap;
}

/** Letters and digits, with inner apostrophes so contractions ("don't", "isn’t") stay one word. */
const WORD = /[\p{L}\p{N}]+(?:['’‘][\p{L}]+)*/gu;
const CLAUSE_GAP = /[,;()[\]{}|.!?]/;
/** A hyphen joins words ("human-in-the-loop"); one set off by spaces is a dash. */
const DASH_GAP = /[—–]|\s-+|-+\s/;

/** A set of the words of `lines`, which list them separated by single spaces. */
export const words = (...lines: string[]): ReadonlySet<string> => new Set(lines.join(' ').split(' '));

export function normaliseWord(raw: string): string {
  const lower = raw.toLowerCase();
  // Plain ASCII words, nearly all of them, need no Unicode folding.
  if (/^[a-z0-9']*$/.test(lower)) return lower;
  return lower.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[’‘]/g, "'");
}

/** Forms by the word as written: one per assessment saves most of the stemming and keeps tokenize pure. */
type WordCache = Map<string, { norm: string; stem: string }>;

export const createWordCache = (): WordCache => new Map();

function classifyGap(gap: string): TokenGap {
  if (gap === ' ') return 'space';
  if (gap.trim() === ',') return 'comma';
  if (CLAUSE_GAP.test(gap)) return 'clause';
  if (gap.includes(':')) return 'label';
  return DASH_GAP.test(gap) ? 'dash' : 'space';
}

/**
 * Tokens of `text`, offsets shifted by `baseOffset`. Document and terms alike go through it, so
 * "human-in-the-loop" and "Human in the loop" are the same token sequence.
 */
export function tokenize(text: string, baseOffset = 0, cache: WordCache = createWordCache()): Token[] {
  const tokens: Token[] = [];
  let previousEnd = 0;
  for (const match of text.matchAll(WORD)) {
    let forms = cache.get(match[0]);
    if (forms === undefined) {
      const norm = normaliseWord(match[0]);
      forms = { norm, stem: stem(norm) };
      cache.set(match[0], forms);
    }
    tokens.push({
      norm: forms.norm,
      stem: forms.stem,
      start: baseOffset + match.index,
      end: baseOffset + match.index + match[0].length,
      gapBefore: tokens.length === 0 ? 'space' : classifyGap(text.slice(previousEnd, match.index)),
    });
    previousEnd = match.index + match[0].length;
  }
  return tokens;
}

const HAS_VOWEL = /[aeiouy]/;

/** Derivational endings folded onto a shared stem, with the least stem length left for each to apply. */
const DERIVATIONS: ReadonlyArray<readonly [suffix: string, replacement: string, minStem: number]> = [
  ['ization', 'ize', 2],
  ['ational', 'ate', 3],
  ['ation', 'ate', 3],
  ['uracy', 'urate', 2],
  ['ability', 'able', 3],
  ['ibility', 'ible', 3],
  ['ency', 'ent', 3],
  ['ancy', 'ant', 3],
  ['ence', 'ent', 3],
  ['ance', 'ant', 3],
  ['ness', '', 4],
  ['ity', '', 5],
];

function stripSuffix(word: string, suffix: string, replacement: string, minStem: number): string | null {
  if (!word.endsWith(suffix) || word.length - suffix.length < minStem) return null;
  return word.slice(0, word.length - suffix.length) + replacement;
}

/**
 * A light Porter-like stemmer for governance vocabulary; stems are only compared, never shown. Not the
 * `stemmer` package: Porter's splits pairs this vocabulary needs ("bias"/"biases", "deployed"/"deployment",
 * "organisation"/"organization", "monthly"/"month") and joins "severity"/"several".
 */
export function stem(word: string): string {
  let w = word.replace(/'s$/, '').replace(/'/g, '');
  if (w.length <= 3 || /\d/.test(w)) return w;

  // British and American spellings of -ise and -yse words meet on the z.
  w = w.replace(/is(e|es|ed|ing|ation|ations|er|ers)$/, 'iz$1').replace(/ys(e|es|ed|ing)$/, 'yz$1');

  if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (/(?:ch|sh|x|zz)es$/.test(w)) w = w.slice(0, -2);
  else if (w.endsWith('s') && !/(?:ss|us|is|ys|as)$/.test(w)) w = w.slice(0, -1);

  if (w.endsWith('ied') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('eed')) {
    if (w.length > 4) w = w.slice(0, -1);
  } else if (w.endsWith('ed') && w.length - 2 >= 3 && HAS_VOWEL.test(w.slice(0, -2))) {
    w = restoreE(w.slice(0, -2));
  } else if (w.endsWith('ing') && w.length - 3 >= 3 && HAS_VOWEL.test(w.slice(0, -3))) {
    w = restoreE(w.slice(0, -3));
  }

  if (w.endsWith('ly') && w.length - 2 >= 4) w = w.slice(0, -2);

  for (const [suffix, replacement, minStem] of DERIVATIONS) {
    const stripped = stripSuffix(w, suffix, replacement, minStem);
    if (stripped !== null) {
      w = stripped;
      break;
    }
  }
  w = stripSuffix(w, 'ate', '', 4) ?? w;
  w = stripSuffix(w, 'ment', '', 5) ?? w;

  if (/([^aeious])\1$/.test(w)) w = w.slice(0, -1);
  if (w.endsWith('e') && w.length > 3) w = w.slice(0, -1);
  return w;
}

/** "evaluat(ed)" → "evaluate", so the inflected form meets the base form's later steps. */
function restoreE(stemmed: string): string {
  return /(?:at|bl|iz)$/.test(stemmed) ? `${stemmed}e` : stemmed;
}
