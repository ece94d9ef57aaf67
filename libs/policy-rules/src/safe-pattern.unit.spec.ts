import { runInNewContext } from 'node:vm';
import { setFlagsFromString } from 'node:v8';
import { compilePattern, DFA_MEMORY_BUDGET_BYTES, PATTERN_LIMITS, PatternRefused } from './safe-pattern';

const refusal = (pattern: string): string => {
  try {
    compilePattern(pattern);
  } catch (error) {
    if (error instanceof PatternRefused) return error.message;
    throw error;
  }
  return 'accepted';
};

describe('safe patterns', () => {
  it('means what JavaScript means for every accepted pattern', () => {
    const patterns = [
      'abc',
      '^abc$',
      'a.c',
      'colou?r',
      'ab*c',
      'ab+c',
      'a{2}',
      'a{2,}b',
      'a{1,3}b',
      'a+?b',
      '[a-c]+x',
      '[^0-9]',
      '[-a]',
      '[a-]',
      '\\d{3}-\\d{4}',
      '\\w+@\\w+\\.com',
      '\\s\\S',
      '\\D\\W',
      'x|y|z',
      '^(foo|bar)$',
      '(?:ab)+$',
      '(^|\\.)(openai\\.com|anthropic\\.com|cohere\\.ai)',
      '\\(\\)\\[\\]\\{\\}\\.\\*\\+\\?\\|\\^\\$\\/\\-\\\\',
      '[\\]\\\\]',
      '[\\d.]+',
      '\\t\\n',
      '(?:)',
      '[]',
      '[^]',
      '.',
      // Where RE2's own meaning differs from JavaScript's: line terminators, \s, $, surrogate pairs.
      '^a.b$',
      '\\s',
      '^\\S$',
      'c$',
      '^.$',
      '^..$',
      '^[^a]{2}$',
      '\ud83d',
      '[\ud800-\udbff]',
      '😀',
    ];
    const texts = [
      '',
      'abc',
      'xabcx',
      'ac',
      'abbbc',
      'color',
      'colour',
      'aa',
      'aab',
      'b',
      'abcx',
      'x',
      '-',
      '555-1234',
      'me@example.com',
      'a b',
      'foo',
      'bar',
      'foobar',
      'ababab',
      'api.openai.com',
      'notopenai.com',
      '()[]{}.*+?|^$/-\\',
      ']',
      '1.5',
      '\t\n',
      'line\nbreak',
      '\n',
      'a\rb',
      'a\u2028b',
      'a\u2029b',
      'a\u0085b',
      '\v',
      '\u00a0',
      '\ufeff',
      '\u3000',
      'abc\n',
      '😀',
      '\ud83d',
    ];
    for (const pattern of patterns) {
      const test = compilePattern(pattern);
      const native = new RegExp(pattern);
      for (const text of texts) {
        expect([pattern, text, test(text)]).toEqual([pattern, text, native.test(text)]);
      }
    }
  });

  it.each([
    ['(a)\\1', 'backreferences'],
    ['(?<n>a)\\k<n>', 'only (...) and (?:...)'],
    ['a\\k', 'backreferences'],
    ['a(?=b)', 'lookarounds'],
    ['a(?!b)', 'lookarounds'],
    ['(?<=a)b', 'lookarounds'],
    ['(?<!a)b', 'lookarounds'],
    ['(a+)+', 'repeated group'],
    ['(a*)*', 'repeated group'],
    ['(a|a)*', 'repeated group'],
    ['(?:ab|cd)+', 'repeated group'],
    ['((a)+)?', 'repeated group'],
    ['(x{2,})+$', 'repeated group'],
    ['\\bword', 'word boundaries'],
    ['\\p{L}', 'escape \\p'],
    ['\\x41', 'escape \\x'],
    ['a**', 'nothing to repeat'],
    ['*a', 'nothing to repeat'],
    ['^*', 'anchor'],
    ['a{101}', 'limited to 100'],
    ['a{3,2}', 'out of order'],
    ['a{', 'literal "{"'],
    ['a}', 'literal "}"'],
    ['(a', 'unclosed'],
    ['a)', 'unmatched'],
    ['[a', 'unclosed'],
    ['[z-a]', 'out of order'],
    ['[\\d-z]', 'class escape'],
    ['a\\', 'lone'],
    ['x'.repeat(PATTERN_LIMITS.maxLength + 1), 'limited to 200'],
    ['(?:a{100}){100}', 'repeated group'],
    ['(?:abcdefghij){100}(?:abcdefghij){100}', 'too large'],
  ])('refuses %s', (pattern, reason) => {
    expect(refusal(pattern)).toContain(reason);
  });

  it('stays linear on patterns that make a backtracking engine explode', () => {
    const text = 'a'.repeat(PATTERN_LIMITS.maxTestedLength);
    const started = process.hrtime.bigint();
    for (const pattern of [
      '.*.*.*.*x',
      'a*a*a*a*a*b',
      '\\w+\\w+\\w+!',
      '(?:a)*(?:a)*$x',
      '^[a-z]*[a-z]*[a-z]*[0-9]$',
    ]) {
      expect(compilePattern(pattern)(text)).toBe(false);
    }
    // V8 takes seconds on the first of these at 1,024 characters; RE2 is linear in the text.
    expect(Number(process.hrtime.bigint() - started) / 1e6).toBeLessThan(1000);
  });

  it('gives the same verdict for a text it has seen, including past the verdicts it keeps', () => {
    const test = compilePattern('^gpt-4');
    const texts = Array.from({ length: 600 }, (_, i) => (i % 2 === 0 ? `gpt-4o-${i}` : `gpt-3.5-${i}`));
    for (let round = 0; round < 3; round++)
      expect(texts.map((text) => test(text))).toEqual(texts.map((_, i) => i % 2 === 0));
    const long = `gpt-4${'x'.repeat(1000)}`;
    expect([test(long), test(long), test(`a${long}`)]).toEqual([true, true, false]);
  });

  it('tests only the first 4,096 characters', () => {
    const test = compilePattern('b');
    expect(test(`${'a'.repeat(PATTERN_LIMITS.maxTestedLength)}b`)).toBe(false);
    expect(test(`${'a'.repeat(PATTERN_LIMITS.maxTestedLength - 1)}b`)).toBe(true);
  });
});

describe('the memory a pattern may keep', () => {
  it('stays within a small budget for a pattern built to blow up the DFA cache', () => {
    setFlagsFromString('--expose_gc');
    const gc = runInNewContext('gc') as () => void;
    // Pseudo-random a/b text (a fixed LCG): every window is a new DFA state.
    let seed = 42;
    let text = '';
    for (let index = 0; index < PATTERN_LIMITS.maxTestedLength; index++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      text += seed & 0x10000 ? 'a' : 'b';
    }
    gc();
    const before = process.memoryUsage().heapUsed;
    const patterns = Array.from({ length: 10 }, () => compilePattern('a[ab]{20}[^ab]'));
    for (const test of patterns) expect(test(text)).toBe(false);
    gc();
    const perPattern = (process.memoryUsage().heapUsed - before) / patterns.length;
    // With RE2's default 8 MB budget this pattern kept over a megabyte each.
    expect(perPattern).toBeLessThan(DFA_MEMORY_BUDGET_BYTES * 4);
  });
});
