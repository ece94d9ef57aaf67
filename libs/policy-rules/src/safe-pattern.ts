/**
 * The `matches` operator's regular expressions, run by a small linear-time matcher instead of V8's
 * backtracking engine. A backtracking engine can take exponential time on patterns such as `(a+)+$`, and
 * polynomial time on innocent-looking ones: `.*.*x` against 1,024 `a`s takes over a second in V8. The
 * policy rules run on every telemetry record, so one pattern must never be able to stall ingest.
 *
 * The matcher simulates a Thompson NFA (as RE2 does): time O(text length x pattern size), no matter the
 * pattern. It understands a subset of JavaScript syntax with the same meaning as JavaScript's
 * `new RegExp(pattern).test(text)` (no flags: case-sensitive, `.` stops at line terminators, `^`/`$` at
 * the ends of the text):
 *   literals; `.`; `^` `$`; classes `[abc]`, `[a-z]`, `[^...]`; escapes `\d \D \w \W \s \S \t \n \r \f \v`
 *   and escaped punctuation; groups `(...)` and `(?:...)`; alternation `|`; quantifiers `* + ? {n}
 *   {n,} {n,m}` (with or without a lazy `?`; laziness does not change whether a text matches).
 * Refused, each with its own message:
 *   - backreferences (`\1`, `\k<name>`) and lookarounds (`(?=`, `(?!`, `(?<=`, `(?<!`): no linear-time
 *     algorithm exists for them;
 *   - other `(?` groups (named groups, modifiers), `\b`, `\B`, `\p{..}`, `\x..`, `\u....`, `\c.` and
 *     other escapes: kept out so the accepted language stays small and exactly specified;
 *   - a quantifier on a group that itself contains a quantifier or an alternation, like `(a+)+`,
 *     `(a*)*`, `(a|a)*` or `(ab|cd)+`: harmless to this matcher, but the classic catastrophic-
 *     backtracking shapes; refusing them keeps stored rules safe for any engine a later evaluator uses;
 *   - counted repeats above {@link PATTERN_LIMITS.maxRepeat}, patterns longer than
 *     {@link PATTERN_LIMITS.maxLength}, and patterns whose automaton exceeds
 *     {@link PATTERN_LIMITS.maxStates} states.
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

type CharTest = (code: number) => boolean;

type PatternNode =
  | { kind: 'char'; test: CharTest }
  | { kind: 'start' }
  | { kind: 'end' }
  | { kind: 'group'; alternatives: PatternNode[][] }
  | { kind: 'repeat'; node: PatternNode; min: number; max: number };

const isDigit: CharTest = (c) => c >= 48 && c <= 57;
const isWord: CharTest = (c) => isDigit(c) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
// JavaScript's \s: WhiteSpace plus LineTerminator.
const isSpace: CharTest = (c) =>
  (c >= 9 && c <= 13) ||
  c === 32 ||
  c === 0xa0 ||
  c === 0x1680 ||
  (c >= 0x2000 && c <= 0x200a) ||
  c === 0x2028 ||
  c === 0x2029 ||
  c === 0x202f ||
  c === 0x205f ||
  c === 0x3000 ||
  c === 0xfeff;
const isLineTerminator: CharTest = (c) => c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
const not =
  (test: CharTest): CharTest =>
  (c) =>
    !test(c);

const CLASS_ESCAPES: Record<string, CharTest> = {
  d: isDigit,
  D: not(isDigit),
  w: isWord,
  W: not(isWord),
  s: isSpace,
  S: not(isSpace),
};
const CONTROL_ESCAPES: Record<string, number> = { t: 9, n: 10, v: 11, f: 12, r: 13 };
const SYNTAX_CHARACTERS = '^$\\.*+?()[]{}|/-';

class PatternParser {
  private position = 0;

  constructor(private readonly pattern: string) {}

  parse(): PatternNode {
    const node = this.alternation();
    if (this.position < this.pattern.length) throw new PatternRefused(`unmatched ")" at ${this.position}`);
    return node;
  }

  private peek(): string | undefined {
    return this.pattern[this.position];
  }

  private alternation(): PatternNode {
    const alternatives = [this.sequence()];
    while (this.peek() === '|') {
      this.position++;
      alternatives.push(this.sequence());
    }
    return { kind: 'group', alternatives };
  }

  private sequence(): PatternNode[] {
    const items: PatternNode[] = [];
    for (let next = this.peek(); next !== undefined && next !== '|' && next !== ')'; next = this.peek()) {
      items.push(this.quantified(this.atom()));
    }
    return items;
  }

  private atom(): PatternNode {
    const at = this.position;
    const character = this.pattern[this.position++]!;
    switch (character) {
      case '.':
        return { kind: 'char', test: not(isLineTerminator) };
      case '^':
        return { kind: 'start' };
      case '$':
        return { kind: 'end' };
      case '[':
        return { kind: 'char', test: this.characterClass() };
      case '\\':
        return { kind: 'char', test: this.escape(false) };
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
        return group;
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
      default: {
        const code = character.charCodeAt(0);
        return { kind: 'char', test: (c) => c === code };
      }
    }
  }

  private quantified(node: PatternNode): PatternNode {
    const at = this.position;
    const bounds = this.quantifier();
    if (!bounds) return node;
    if (this.peek() === '?') this.position++;
    if (node.kind === 'start' || node.kind === 'end')
      throw new PatternRefused(`an anchor cannot be repeated (at ${at})`);
    if (node.kind === 'group' && containsRepetitionOrChoice(node))
      throw new PatternRefused(
        `a repeated group must not contain a quantifier or "|" (at ${at}): nested repetition like (a+)+ or (a|a)* backtracks catastrophically`,
      );
    if (this.peek() === '*' || this.peek() === '+' || this.peek() === '{')
      throw new PatternRefused(`nothing to repeat at ${this.position}`);
    return { kind: 'repeat', node, ...bounds };
  }

  private quantifier(): { min: number; max: number } | undefined {
    switch (this.peek()) {
      case '*':
        this.position++;
        return { min: 0, max: Infinity };
      case '+':
        this.position++;
        return { min: 1, max: Infinity };
      case '?':
        this.position++;
        return { min: 0, max: 1 };
      case '{': {
        const match = /^\{(\d{1,4})(,(\d{0,4}))?\}/.exec(this.pattern.slice(this.position));
        if (!match) throw new PatternRefused(`write \\{ for a literal "{" (at ${this.position})`);
        const min = Number(match[1]);
        const max = match[2] === undefined ? min : match[3] === '' ? Infinity : Number(match[3]);
        if (min > max) throw new PatternRefused(`numbers out of order in {${min},${max}}`);
        if (min > PATTERN_LIMITS.maxRepeat || (max !== Infinity && max > PATTERN_LIMITS.maxRepeat))
          throw new PatternRefused(`counted repeats are limited to ${PATTERN_LIMITS.maxRepeat}`);
        this.position += match[0].length;
        return { min, max };
      }
      case undefined:
      default:
        return undefined;
    }
  }

  private escape(inClass: boolean): CharTest {
    const at = this.position - 1;
    const character = this.pattern[this.position++];
    if (character === undefined) throw new PatternRefused('the pattern ends with a lone "\\"');
    const classEscape = CLASS_ESCAPES[character];
    if (classEscape) return classEscape;
    const control = CONTROL_ESCAPES[character];
    if (control !== undefined) return (c) => c === control;
    if (SYNTAX_CHARACTERS.includes(character)) {
      const code = character.charCodeAt(0);
      return (c) => c === code;
    }
    if (/[1-9]/.test(character) || character === 'k')
      throw new PatternRefused(`backreferences are not supported (at ${at})`);
    if (!inClass && (character === 'b' || character === 'B'))
      throw new PatternRefused(`word boundaries (\\b, \\B) are not supported (at ${at})`);
    throw new PatternRefused(`the escape \\${character} is not supported (at ${at})`);
  }

  /** After the "[": ranges, single characters and class escapes, until the closing "]". */
  private characterClass(): CharTest {
    const at = this.position - 1;
    const negated = this.peek() === '^';
    if (negated) this.position++;
    const tests: CharTest[] = [];
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
        tests.push((c) => c >= low && c <= high);
      } else {
        tests.push(typeof low === 'number' ? (c) => c === low : low);
      }
    }
    const member: CharTest = (c) => tests.some((test) => test(c));
    return negated ? not(member) : member;
  }

  /** One member of a class: a code unit, or a test for escapes like \d. */
  private classMember(): number | CharTest {
    const character = this.pattern[this.position++]!;
    if (character !== '\\') return character.charCodeAt(0);
    const escaped = this.pattern[this.position];
    if (escaped !== undefined && CONTROL_ESCAPES[escaped] !== undefined) {
      this.position++;
      return CONTROL_ESCAPES[escaped];
    }
    if (escaped !== undefined && SYNTAX_CHARACTERS.includes(escaped)) {
      this.position++;
      return escaped.charCodeAt(0);
    }
    return this.escape(true);
  }
}

function containsRepetitionOrChoice(node: PatternNode): boolean {
  switch (node.kind) {
    case 'repeat':
      return true;
    case 'group':
      return (
        node.alternatives.length > 1 ||
        node.alternatives.some((items) => items.some(containsRepetitionOrChoice))
      );
    case 'char':
    case 'start':
    case 'end':
      return false;
  }
}

type State =
  | { kind: 'char'; test: CharTest; out: number }
  | { kind: 'split'; out: number; alt: number }
  | { kind: 'start'; out: number }
  | { kind: 'end'; out: number }
  | { kind: 'match' };

/** Builds the automaton back to front: each node is compiled knowing the state that follows it. */
class AutomatonBuilder {
  readonly states: State[] = [{ kind: 'match' }];

  private add(state: State): number {
    if (this.states.length >= PATTERN_LIMITS.maxStates)
      throw new PatternRefused(`the pattern is too large once its repeats are expanded`);
    this.states.push(state);
    return this.states.length - 1;
  }

  compile(node: PatternNode, next: number): number {
    switch (node.kind) {
      case 'char':
        return this.add({ kind: 'char', test: node.test, out: next });
      case 'start':
        return this.add({ kind: 'start', out: next });
      case 'end':
        return this.add({ kind: 'end', out: next });
      case 'group': {
        const entries = node.alternatives.map((items) =>
          items.reduceRight((following, item) => this.compile(item, following), next),
        );
        return entries.reduceRight((alt, entry) => this.add({ kind: 'split', out: entry, alt }));
      }
      case 'repeat': {
        let entry = next;
        if (node.max === Infinity) {
          const loop = this.add({ kind: 'split', out: -1, alt: next });
          const body = this.compile(node.node, loop);
          (this.states[loop] as { out: number }).out = body;
          entry = loop;
        } else {
          for (let i = node.min; i < node.max; i++)
            entry = this.add({ kind: 'split', out: this.compile(node.node, entry), alt: entry });
        }
        for (let i = 0; i < node.min; i++) entry = this.compile(node.node, entry);
        return entry;
      }
    }
  }
}

export type PatternTest = (text: string) => boolean;

/** Compiles `pattern` or throws PatternRefused saying why. */
export function compilePattern(pattern: string): PatternTest {
  if (pattern.length > PATTERN_LIMITS.maxLength)
    throw new PatternRefused(`patterns are limited to ${PATTERN_LIMITS.maxLength} characters`);
  const builder = new AutomatonBuilder();
  const start = builder.compile(new PatternParser(pattern).parse(), 0);
  const states = builder.states;
  return (text) =>
    run(
      states,
      start,
      text.length > PATTERN_LIMITS.maxTestedLength ? text.slice(0, PATTERN_LIMITS.maxTestedLength) : text,
    );
}

/** Lock-step simulation: every live state advances together, so each character costs O(states). */
function run(states: readonly State[], start: number, text: string): boolean {
  const seen = new Int32Array(states.length).fill(-1);
  let current: number[] = [];
  let next: number[] = [];
  const stack: number[] = [];
  // Follows empty moves from `state` at `position`; true when the match state is reached.
  const addState = (list: number[], state: number, position: number, mark: number): boolean => {
    stack.push(state);
    while (stack.length > 0) {
      const index = stack.pop()!;
      if (seen[index] === mark) continue;
      seen[index] = mark;
      const s = states[index]!;
      switch (s.kind) {
        case 'match':
          stack.length = 0;
          return true;
        case 'char':
          list.push(index);
          break;
        case 'split':
          stack.push(s.alt, s.out);
          break;
        case 'start':
          if (position === 0) stack.push(s.out);
          break;
        case 'end':
          if (position === text.length) stack.push(s.out);
          break;
      }
    }
    return false;
  };
  for (let position = 0; ; position++) {
    // Unanchored search: a match may begin at any position.
    if (addState(current, start, position, position)) return true;
    if (position === text.length) return false;
    const code = text.charCodeAt(position);
    next.length = 0;
    for (const index of current) {
      const s = states[index] as Extract<State, { kind: 'char' }>;
      if (s.test(code) && addState(next, s.out, position + 1, position + 1)) return true;
    }
    [current, next] = [next, current];
  }
}
