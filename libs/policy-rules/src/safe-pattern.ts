import { RE2JS } from 're2js';

/**
 * The `matches` operator: user patterns run by re2js (a port of RE2), in time linear in the text, so no
 * pattern can stall ingest the way `(a+)+$` or even `.*.*x` stall V8's backtracking engine.
 *
 * Users write a subset of JavaScript syntax, meaning what `new RegExp(pattern).test(text)` means: literals,
 * `.`, `^` `$`, classes, the escapes `\d \D \w \W \s \S \t \n \r \f \v` and escaped punctuation, `(...)`,
 * `(?:...)`, `|`, and the quantifiers `* + ? {n} {n,} {n,m}`, greedy or lazy. The parser checks the subset and
 * rewrites it where RE2 means something else: its `.` crosses `\r`, U+2028 and U+2029, its `\s` lacks `\v`
 * and the Unicode spaces, `[]` and `[^]` are no classes to it, and it reads code points, not UTF-16 units.
 * Refused: backreferences and lookarounds (no linear-time algorithm exists), other groups and escapes (the
 * language stays small and exact), a repeated group holding a quantifier or `|` (`(a+)+`, `(a|a)*`: the
 * catastrophic-backtracking shapes, kept out of stored rules for any later engine), and the PATTERN_LIMITS.
 */
export const PATTERN_LIMITS = {
  maxLength: 200,
  maxRepeat: 100,
  /** States of the automaton as RE2 compiles it, repeats expanded: its cost per character grows with them. */
  maxStates: 2000,
  maxTestedLength: 4096,
} as const;

export class PatternRefused extends Error {
  override name = 'PatternRefused';
}

/** Inclusive ranges of UTF-16 code units. */
type Ranges = readonly (readonly [number, number])[];

const classes = new Map<string, Ranges>();

/** The code units a class such as `\s` or `.` matches in JavaScript, read from JavaScript itself. */
function jsClass(source: string): Ranges {
  let ranges = classes.get(source);
  if (ranges) return ranges;
  const regex = new RegExp(`^${source}$`);
  const found: [number, number][] = [];
  for (let code = 0; code <= 0xffff; code++) {
    if (!regex.test(String.fromCharCode(code))) continue;
    const last = found.at(-1);
    if (last?.[1] === code - 1) last[1] = code;
    else found.push([code, code]);
  }
  classes.set(source, (ranges = found));
  return ranges;
}

const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/-';
const QUANTIFIERS: Record<string, readonly [min: number, max: number]> = {
  '*': [0, Infinity],
  '+': [1, Infinity],
  '?': [0, 1],
};

// RE2 would join a surrogate pair into one code point; JavaScript without the u flag sees two code units.
// Each surrogate is moved, in pattern and text alike, to a code point of its own in plane 15. Every
// plane-15 character of a text is itself a surrogate pair, so none of them is left there to collide.
const SURROGATE_LOW = 0xd800;
const SURROGATE_HIGH = 0xdfff;
const SURROGATE = /[\ud800-\udfff]/;
const SURROGATE_GLOBAL = /[\ud800-\udfff]/g;
const moved = (code: number): number =>
  code >= SURROGATE_LOW && code <= SURROGATE_HIGH ? 0xf0000 + code - SURROGATE_LOW : code;
const moveSurrogate = (unit: string): string => String.fromCodePoint(moved(unit.charCodeAt(0)));

function codePointSource(code: number): string {
  const point = moved(code);
  return point < 128 && /[0-9A-Za-z]/.test(String.fromCharCode(point))
    ? String.fromCharCode(point)
    : `\\x{${point.toString(16)}}`;
}

/** Class members in RE2 syntax, without the brackets; code-unit ranges across the surrogates are split. */
function rangesSource(ranges: Ranges): string {
  let source = '';
  for (const [low, high] of ranges) {
    const pieces: [number, number][] = [
      [low, Math.min(high, SURROGATE_LOW - 1)],
      [Math.max(low, SURROGATE_LOW), Math.min(high, SURROGATE_HIGH)],
      [Math.max(low, SURROGATE_HIGH + 1), high],
    ];
    for (const [from, to] of pieces) {
      if (from > to) continue;
      source += from === to ? codePointSource(from) : `${codePointSource(from)}-${codePointSource(to)}`;
    }
  }
  return source;
}

/**
 * One parsed piece: its RE2 source, its automaton states, the longest text it can match, whether it
 * repeats or chooses inside, and (for a whole alternation) whether every alternative starts with `^`.
 */
interface Piece {
  kind: 'char' | 'anchor' | 'group' | 'repeat';
  source: string;
  states: number;
  maxLength: number;
  repeatsOrChooses: boolean;
  anchoredAtStart?: boolean;
}

const char = (source: string): Piece => ({
  kind: 'char',
  source,
  states: 1,
  maxLength: 1,
  repeatsOrChooses: false,
});

class PatternParser {
  private position = 0;

  constructor(private readonly pattern: string) {}

  parse(): Piece {
    const piece = this.alternation();
    if (this.position < this.pattern.length) throw new PatternRefused(`unmatched ")" at ${this.position}`);
    return piece;
  }

  private peek(): string | undefined {
    return this.pattern[this.position];
  }

  private alternation(): Piece {
    const alternatives = [this.sequence()];
    while (this.peek() === '|') {
      this.position++;
      alternatives.push(this.sequence());
    }
    const items = alternatives.flat();
    return {
      kind: 'group',
      source: alternatives.map((sequence) => sequence.map((item) => item.source).join('')).join('|'),
      states: items.reduce((sum, item) => sum + item.states, alternatives.length - 1),
      maxLength: Math.max(
        ...alternatives.map((sequence) => sequence.reduce((sum, item) => sum + item.maxLength, 0)),
      ),
      repeatsOrChooses: alternatives.length > 1 || items.some((item) => item.repeatsOrChooses),
      anchoredAtStart: alternatives.every((sequence) => sequence[0]?.source === '^'),
    };
  }

  private sequence(): Piece[] {
    const items: Piece[] = [];
    for (let next = this.peek(); next !== undefined && next !== '|' && next !== ')'; next = this.peek()) {
      items.push(this.quantified(this.atom()));
    }
    return items;
  }

  private atom(): Piece {
    const at = this.position;
    const character = this.pattern[this.position++]!;
    switch (character) {
      case '.':
        return char(`[${rangesSource(jsClass('.'))}]`);
      case '^':
      case '$':
        // RE2 without flags, like JavaScript: ^ and $ match only at the ends of the text.
        return { kind: 'anchor', source: character, states: 1, maxLength: 0, repeatsOrChooses: false };
      case '[':
        return char(this.characterClass());
      case '\\': {
        const escaped = this.escape(false);
        return char(typeof escaped === 'number' ? codePointSource(escaped) : `[${rangesSource(escaped)}]`);
      }
      case '(': {
        if (this.pattern.startsWith('?:', this.position)) this.position += 2;
        else if (/^\?(?:=|!|<=|<!)/.test(this.pattern.slice(this.position, this.position + 3)))
          throw new PatternRefused(`lookarounds are not supported (at ${at})`);
        else if (this.peek() === '?')
          throw new PatternRefused(`only (...) and (?:...) groups are supported (at ${at})`);
        const group = this.alternation();
        if (this.pattern[this.position++] !== ')') throw new PatternRefused(`unclosed "(" at ${at}`);
        return { ...group, source: `(?:${group.source})` };
      }
      case ')':
        throw new PatternRefused(`unmatched ")" at ${at}`);
      case '*':
      case '+':
      case '?':
        throw new PatternRefused(`nothing to repeat at ${at}`);
      case '{':
      case '}':
      case ']':
        throw new PatternRefused(`write \\${character} for a literal "${character}" (at ${at})`);
      default:
        return char(codePointSource(character.charCodeAt(0)));
    }
  }

  private quantified(piece: Piece): Piece {
    const at = this.position;
    const bounds = this.quantifier();
    if (!bounds) return piece;
    // Laziness does not change whether a text matches, so the lazy `?` is left out of the RE2 source.
    if (this.peek() === '?') this.position++;
    if (piece.kind === 'anchor') throw new PatternRefused(`an anchor cannot be repeated (at ${at})`);
    if (piece.kind === 'group' && piece.repeatsOrChooses)
      throw new PatternRefused(
        `a repeated group must not contain a quantifier or "|" (at ${at}): nested repetition like (a+)+ or (a|a)* backtracks catastrophically`,
      );
    if (this.peek() === '*' || this.peek() === '+' || this.peek() === '{')
      throw new PatternRefused(`nothing to repeat at ${this.position}`);
    const { min, max, source } = bounds;
    // A loop is one choice state and one copy of the body beside its `min` copies; a counted repeat
    // expands to `max` copies, each optional one behind a choice state.
    const states =
      max === Infinity ? 1 + piece.states * (min + 1) : (max - min) * (piece.states + 1) + min * piece.states;
    const maxLength = piece.maxLength === 0 ? 0 : max * piece.maxLength;
    return { kind: 'repeat', source: piece.source + source, states, maxLength, repeatsOrChooses: true };
  }

  private quantifier(): { min: number; max: number; source: string } | undefined {
    const character = this.peek() ?? '';
    const simple = QUANTIFIERS[character];
    if (simple) {
      this.position++;
      return { min: simple[0], max: simple[1], source: character };
    }
    if (character !== '{') return undefined;
    const match = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.pattern.slice(this.position));
    if (!match) throw new PatternRefused(`write \\{ for a literal "{" (at ${this.position})`);
    const min = Number(match[1]);
    const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
    if (min > max) throw new PatternRefused(`numbers out of order in {${min},${max}}`);
    if (min > PATTERN_LIMITS.maxRepeat || (max !== Infinity && max > PATTERN_LIMITS.maxRepeat))
      throw new PatternRefused(`counted repeats are limited to ${PATTERN_LIMITS.maxRepeat}`);
    this.position += match[0].length;
    return { min, max, source: max === Infinity ? `{${min},}` : `{${min},${max}}` };
  }

  /** After the "\": a code unit, or the ranges of a class escape like \d. */
  private escape(inClass: boolean): number | Ranges {
    const at = this.position - 1;
    const character = this.pattern[this.position++];
    if (character === undefined) throw new PatternRefused('the pattern ends with a lone "\\"');
    if ('dDwWsS'.includes(character)) return jsClass(`\\${character}`);
    const control = CONTROL_ESCAPES[character];
    if (control !== undefined) return control;
    if (SYNTAX_CHARACTERS.includes(character)) return character.charCodeAt(0);
    if (/[1-9]/.test(character) || character === 'k')
      throw new PatternRefused(`backreferences are not supported (at ${at})`);
    if (!inClass && (character === 'b' || character === 'B'))
      throw new PatternRefused(`word boundaries (\\b, \\B) are not supported (at ${at})`);
    throw new PatternRefused(`the escape \\${character} is not supported (at ${at})`);
  }

  /** After the "[": ranges, single characters and class escapes, until the closing "]". */
  private characterClass(): string {
    const at = this.position - 1;
    const negated = this.peek() === '^';
    if (negated) this.position++;
    let members = '';
    for (let next = this.peek(); next !== ']'; next = this.peek()) {
      if (next === undefined) throw new PatternRefused(`unclosed "[" at ${at}`);
      const low = this.classMember();
      if (
        this.peek() === '-' &&
        this.pattern[this.position + 1] !== ']' &&
        this.position + 1 < this.pattern.length
      ) {
        this.position++;
        const high = this.classMember();
        if (typeof low !== 'number' || typeof high !== 'number')
          throw new PatternRefused(`a class escape cannot bound a range (at ${at})`);
        if (low > high) throw new PatternRefused(`range out of order in character class (at ${at})`);
        members += rangesSource([[low, high]]);
      } else {
        members += rangesSource(typeof low === 'number' ? [[low, low]] : low);
      }
    }
    this.position++;
    // To RE2, `[]` and `[^]` open a class that starts with "]"; to JavaScript they match nothing, anything.
    const empty = members === '';
    if (empty) members = rangesSource([[0, 0xffff]]);
    return negated !== empty ? `[^${members}]` : `[${members}]`;
  }

  /** One member of a class: a code unit, or the ranges of an escape like \d. */
  private classMember(): number | Ranges {
    const character = this.pattern[this.position++]!;
    if (character !== '\\') return character.charCodeAt(0);
    return this.escape(true);
  }
}

/**
 * RE2's lazy DFA may cache up to 8 MB per pattern and re2js has no option to lower that: hostile patterns
 * (a[ab]{20}[^ab] on random a/b text kept 1.3 MB each) could fill probe ingest's memory. So the budget is
 * set on the DFA itself (re2js is pinned for it); past it RE2 drops its cache or falls back to its NFA.
 */
export const DFA_MEMORY_BUDGET_BYTES = 64 * 1024;

function limitDfaMemory(expression: RE2JS): void {
  type Budget = { stateBudget?: number; memBudget?: number };
  const dfa = (expression as unknown as { re2Input?: { dfa?: Budget } }).re2Input?.dfa;
  if (typeof dfa?.stateBudget !== 'number' || typeof dfa.memBudget !== 'number')
    throw new Error('re2js no longer exposes its DFA budget; check limitDfaMemory against its new version');
  dfa.stateBudget = DFA_MEMORY_BUDGET_BYTES;
  dfa.memBudget = DFA_MEMORY_BUDGET_BYTES;
}

/**
 * A compiled pattern's test, with the states of its automaton (re2js's worst case costs about that many
 * steps per character it reads, rule-cost.ts) and the most characters of a text it reads: a pattern
 * anchored at the start that can match at most n characters gives up after n + 1, else it reads them all.
 */
export type PatternTest = ((text: string) => boolean) & {
  readonly states: number;
  readonly scannedLength: number;
};

type PatternSize = Pick<PatternTest, 'states' | 'scannedLength'>;

/** `pattern` parsed and checked against the limits, or PatternRefused saying why. */
function parsePattern(pattern: string): { source: string } & PatternSize {
  if (pattern.length > PATTERN_LIMITS.maxLength)
    throw new PatternRefused(`patterns are limited to ${PATTERN_LIMITS.maxLength} characters`);
  const parsed = new PatternParser(pattern).parse();
  // One more for the match state.
  const states = parsed.states + 1;
  if (states > PATTERN_LIMITS.maxStates)
    throw new PatternRefused(`the pattern is too large once its repeats are expanded`);
  const scannedLength =
    parsed.anchoredAtStart && Number.isFinite(parsed.maxLength) ? parsed.maxLength + 1 : Infinity;
  return { source: parsed.source, states, scannedLength };
}

/**
 * The size of `pattern` once compiled, or PatternRefused saying why: what validation needs, without
 * RE2's compilation (about 10 ms for a pattern of 2,000 states, on the request's event loop).
 */
export function patternSize(pattern: string): PatternSize {
  const { states, scannedLength } = parsePattern(pattern);
  return { states, scannedLength };
}

/** Compiles `pattern` or throws PatternRefused saying why. */
export function compilePattern(pattern: string): PatternTest {
  const { source, states, scannedLength } = parsePattern(pattern);
  const expression = RE2JS.compile(source);
  limitDfaMemory(expression);
  // Telemetry repeats its texts (a handful of models and endpoints), and RE2JS costs microseconds a test.
  const verdicts = new Map<string, boolean>();
  const test = (text: string): boolean => {
    const known = verdicts.get(text);
    if (known !== undefined) return known;
    const tested =
      text.length > PATTERN_LIMITS.maxTestedLength ? text.slice(0, PATTERN_LIMITS.maxTestedLength) : text;
    const verdict = expression.test(
      SURROGATE.test(tested) ? tested.replace(SURROGATE_GLOBAL, moveSurrogate) : tested,
    );
    if (text.length <= REMEMBERED_TEXT_LENGTH) {
      if (verdicts.size >= REMEMBERED_VERDICTS) verdicts.clear();
      verdicts.set(text, verdict);
    }
    return verdict;
  };
  return Object.assign(test, { states, scannedLength });
}

/** Per pattern: how many verdicts are kept, of texts up to this long (at most about 64 kB apiece). */
const REMEMBERED_VERDICTS = 256;
const REMEMBERED_TEXT_LENGTH = 256;
