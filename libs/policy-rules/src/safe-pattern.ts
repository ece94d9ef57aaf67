import { RE2JS } from 're2js';

/**
 * The `matches` operator's regular expressions, run by re2js (a JavaScript port of RE2) instead of V8's
 * backtracking engine. A backtracking engine can take exponential time on patterns such as `(a+)+$`, and
 * polynomial time on innocent-looking ones: `.*.*x` against 1,024 `a`s takes over a second in V8. The
 * policy rules run on every telemetry record, so one pattern must never be able to stall ingest; RE2 takes
 * time linear in the text, whatever the pattern.
 *
 * Users write a subset of JavaScript syntax, with the meaning of JavaScript's `new RegExp(pattern).test(text)`
 * (no flags: case-sensitive, `.` stops at line terminators, `^`/`$` at the ends of the text):
 *   literals; `.`; `^` `$`; classes `[abc]`, `[a-z]`, `[^...]`; escapes `\d \D \w \W \s \S \t \n \r \f \v`
 *   and escaped punctuation; groups `(...)` and `(?:...)`; alternation `|`; quantifiers `* + ? {n}
 *   {n,} {n,m}` (with or without a lazy `?`; laziness does not change whether a text matches).
 * The parser below checks that subset and rewrites it into RE2 syntax where RE2 means something else:
 * RE2's `.` crosses `\r`, U+2028 and U+2029, its `\s` lacks `\v` and the Unicode spaces, `[]` and `[^]`
 * are not classes to it, and it reads text by code point where JavaScript reads UTF-16 code units.
 * Refused, each with its own message:
 *   - backreferences (`\1`, `\k<name>`) and lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`): no linear-time
 *     algorithm exists for them;
 *   - other `(?` groups (named groups, modifiers), `\b`, `\B`, `\p{..}`, `\x..`, `\u....`, `\c.` and
 *     other escapes: kept out so the accepted language stays small and exactly specified;
 *   - a quantifier on a group that itself contains a quantifier or an alternation, like `(a+)+`,
 *     `(a*)*`, `(a|a)*` or `(ab|cd)+`: harmless to RE2, but the classic catastrophic-backtracking
 *     shapes; refusing them keeps stored rules safe for any engine a later evaluator uses;
 *   - counted repeats above {@link PATTERN_LIMITS.maxRepeat}, patterns longer than
 *     {@link PATTERN_LIMITS.maxLength}, and patterns whose automaton (one state per character test and
 *     per choice, repeats expanded, as RE2 compiles them) exceeds {@link PATTERN_LIMITS.maxStates} states:
 *     RE2's cost per character grows with it.
 * Only the first {@link PATTERN_LIMITS.maxTestedLength} characters of a text are tested.
 *
 * No Nest or TypeORM imports: the policies service and probe ingest share it through this lib.
 */

export const PATTERN_LIMITS = {
  maxLength: 200,
  maxRepeat: 100,
  maxStates: 2000,
  maxTestedLength: 4096,
} as const;

export class PatternRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PatternRefused';
  }
}

/** Inclusive ranges of UTF-16 code units. */
type Ranges = readonly (readonly [number, number])[];

const MAX_CODE_POINT = 0x10ffff;
const DIGIT: Ranges = [[48, 57]];
const WORD: Ranges = [
  [48, 57],
  [65, 90],
  [95, 95],
  [97, 122],
];
// JavaScript's \s: WhiteSpace plus LineTerminator.
const SPACE: Ranges = [
  [9, 13],
  [32, 32],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
const LINE_TERMINATOR: Ranges = [
  [10, 10],
  [13, 13],
  [0x2028, 0x2029],
];

function complement(ranges: Ranges): Ranges {
  const result: [number, number][] = [];
  let next = 0;
  for (const [low, high] of ranges) {
    if (low > next) result.push([next, low - 1]);
    next = high + 1;
  }
  if (next <= MAX_CODE_POINT) result.push([next, MAX_CODE_POINT]);
  return result;
}

const CLASS_ESCAPES: Record<string, Ranges> = {
  d: DIGIT,
  D: complement(DIGIT),
  w: WORD,
  W: complement(WORD),
  s: SPACE,
  S: complement(SPACE),
};
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/-';

// RE2 would join a surrogate pair into one code point; JavaScript without the u flag sees two code units.
// Each surrogate is moved, in pattern and text alike, to a code point of its own in plane 15. Every
// plane-15 character of a text is itself a surrogate pair, so none of them is left there to collide.
const SURROGATES = { low: 0xd800, high: 0xdfff, movedTo: 0xf0000 } as const;
const SURROGATE = /[\ud800-\udfff]/;
const SURROGATE_GLOBAL = /[\ud800-\udfff]/g;
const moveSurrogate = (unit: string): string =>
  String.fromCodePoint(SURROGATES.movedTo + unit.charCodeAt(0) - SURROGATES.low);

function codePointSource(code: number): string {
  const point =
    code >= SURROGATES.low && code <= SURROGATES.high ? SURROGATES.movedTo + code - SURROGATES.low : code;
  return point < 128 && /[0-9A-Za-z]/.test(String.fromCharCode(point))
    ? String.fromCharCode(point)
    : `\\x{${point.toString(16)}}`;
}

/** Class members in RE2 syntax, without the brackets; code-unit ranges across the surrogates are split. */
function rangesSource(ranges: Ranges): string {
  let source = '';
  for (const [low, high] of ranges) {
    const pieces: [number, number][] =
      high < SURROGATES.low || low > SURROGATES.high
        ? [[low, high]]
        : [
            [low, SURROGATES.low - 1],
            [Math.max(low, SURROGATES.low), Math.min(high, SURROGATES.high)],
            [SURROGATES.high + 1, high],
          ];
    for (const [from, to] of pieces) {
      if (from > to) continue;
      source += from === to ? codePointSource(from) : `${codePointSource(from)}-${codePointSource(to)}`;
    }
  }
  return source;
}

const ANY_CHARACTER = `[${rangesSource([[0, MAX_CODE_POINT]])}]`;
const NO_CHARACTER = `[^${rangesSource([[0, MAX_CODE_POINT]])}]`;

/** One parsed piece: its RE2 source, its automaton states, and whether it repeats or chooses inside. */
interface Piece {
  kind: 'char' | 'anchor' | 'group' | 'repeat';
  source: string;
  states: number;
  repeatsOrChooses: boolean;
}

const char = (source: string): Piece => ({ kind: 'char', source, states: 1, repeatsOrChooses: false });

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
    return {
      kind: 'group',
      source: alternatives.map((items) => items.map((item) => item.source).join('')).join('|'),
      states: alternatives.flat().reduce((sum, item) => sum + item.states, alternatives.length - 1),
      repeatsOrChooses: alternatives.length > 1 || alternatives.flat().some((item) => item.repeatsOrChooses),
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
        return char(`[^${rangesSource(LINE_TERMINATOR)}]`);
      case '^':
      case '$':
        // RE2 without flags, like JavaScript: ^ and $ match only at the ends of the text.
        return { kind: 'anchor', source: character, states: 1, repeatsOrChooses: false };
      case '[':
        return char(this.characterClass());
      case '\\': {
        const escaped = this.escape(false);
        return char(typeof escaped === 'number' ? codePointSource(escaped) : `[${rangesSource(escaped)}]`);
      }
      case '(': {
        if (this.peek() === '?') {
          const opener = this.pattern.slice(this.position, this.position + 3);
          if (opener.startsWith('?:')) this.position += 2;
          else if (opener.startsWith('?=') || opener.startsWith('?!') || opener === '?<=' || opener === '?<!')
            throw new PatternRefused(`lookarounds are not supported (at ${at})`);
          else throw new PatternRefused(`only (...) and (?:...) groups are supported (at ${at})`);
        }
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
    return { kind: 'repeat', source: piece.source + source, states, repeatsOrChooses: true };
  }

  private quantifier(): { min: number; max: number; source: string } | undefined {
    const character = this.peek();
    switch (character) {
      case '*':
        this.position++;
        return { min: 0, max: Infinity, source: character };
      case '+':
        this.position++;
        return { min: 1, max: Infinity, source: character };
      case '?':
        this.position++;
        return { min: 0, max: 1, source: character };
      case '{': {
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
      case undefined:
      default:
        return undefined;
    }
  }

  /** After the "\": a code unit, or the ranges of a class escape like \d. */
  private escape(inClass: boolean): number | Ranges {
    const at = this.position - 1;
    const character = this.pattern[this.position++];
    if (character === undefined) throw new PatternRefused('the pattern ends with a lone "\\"');
    const classEscape = CLASS_ESCAPES[character];
    if (classEscape) return classEscape;
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
    for (;;) {
      const character = this.pattern[this.position];
      if (character === undefined) throw new PatternRefused(`unclosed "[" at ${at}`);
      if (character === ']') {
        this.position++;
        break;
      }
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
    // To RE2, `[]` and `[^]` open a class that starts with "]"; to JavaScript they match nothing, anything.
    if (members === '') return negated ? ANY_CHARACTER : NO_CHARACTER;
    return negated ? `[^${members}]` : `[${members}]`;
  }

  /** One member of a class: a code unit, or the ranges of an escape like \d. */
  private classMember(): number | Ranges {
    const character = this.pattern[this.position++]!;
    if (character !== '\\') return character.charCodeAt(0);
    return this.escape(true);
  }
}

export type PatternTest = (text: string) => boolean;

/**
 * RE2's lazy DFA caches states per pattern up to 8 MB, which re2js's API does not let us lower: a tenant's
 * hostile patterns (a[ab]{20}[^ab] on random a/b text kept 1.3 MB each) could fill probe ingest's memory.
 * The budget is set on the DFA itself (re2js is pinned for it); past it RE2 drops its cache or falls back
 * to its NFA. Measured on that pattern and 4,096 characters: 0.07 MB and 1.0 ms per test, against 1.3 MB
 * and 2.0 ms with the default; ordinary patterns stay far below the budget.
 */
export const DFA_MEMORY_BUDGET_BYTES = 64 * 1024;

interface DfaBudget {
  stateBudget: number;
  memBudget: number;
}

function limitDfaMemory(expression: RE2JS): void {
  const dfa = (expression as unknown as { re2Input?: { dfa?: Partial<DfaBudget> } }).re2Input?.dfa;
  if (typeof dfa?.stateBudget !== 'number' || typeof dfa.memBudget !== 'number')
    throw new Error('re2js no longer exposes its DFA budget; check limitDfaMemory against its new version');
  dfa.stateBudget = DFA_MEMORY_BUDGET_BYTES;
  dfa.memBudget = DFA_MEMORY_BUDGET_BYTES;
}

/** Compiles `pattern` or throws PatternRefused saying why. */
export function compilePattern(pattern: string): PatternTest {
  if (pattern.length > PATTERN_LIMITS.maxLength)
    throw new PatternRefused(`patterns are limited to ${PATTERN_LIMITS.maxLength} characters`);
  const parsed = new PatternParser(pattern).parse();
  // One more for the match state.
  if (parsed.states + 1 > PATTERN_LIMITS.maxStates)
    throw new PatternRefused(`the pattern is too large once its repeats are expanded`);
  const expression = RE2JS.compile(parsed.source);
  limitDfaMemory(expression);
  return (text) => {
    const tested =
      text.length > PATTERN_LIMITS.maxTestedLength ? text.slice(0, PATTERN_LIMITS.maxTestedLength) : text;
    return expression.test(SURROGATE.test(tested) ? tested.replace(SURROGATE_GLOBAL, moveSurrogate) : tested);
  };
}
