import { ConfigError } from './config';
import { DEFAULT_MAX_JSON_DEPTH, exceedsJsonDepth, readMaxJsonDepth } from './json-body';

const nested = (depth: number, open = '[', close = ']') => `${open.repeat(depth)}${close.repeat(depth)}`;
const nestedObjects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;

describe('exceedsJsonDepth', () => {
  it('accepts nesting exactly at the limit and refuses one level more', () => {
    expect(exceedsJsonDepth(nested(64), 64)).toBe(false);
    expect(exceedsJsonDepth(nested(65), 64)).toBe(true);
    expect(exceedsJsonDepth(nestedObjects(64), 64)).toBe(false);
    expect(exceedsJsonDepth(nestedObjects(65), 64)).toBe(true);
  });

  it('counts objects and arrays together', () => {
    const mixed = '{"a":[{"b":[1]}]}';
    expect(exceedsJsonDepth(mixed, 4)).toBe(false);
    expect(exceedsJsonDepth(mixed, 3)).toBe(true);
  });

  it('measures the deepest branch, not the number of containers', () => {
    const wide = JSON.stringify({ a: Array.from({ length: 1000 }, (_, i) => ({ i, tags: [i] })) });
    expect(exceedsJsonDepth(wide, 4)).toBe(false);
    expect(exceedsJsonDepth(wide, 3)).toBe(true);
  });

  it('ignores brackets inside strings', () => {
    const text = JSON.stringify({ rule: '[[[[{{{{', other: ']]]}}}' + '['.repeat(500) });
    expect(exceedsJsonDepth(text, 1)).toBe(false);
  });

  it('follows escaped quotes and backslashes to the real end of a string', () => {
    // "a\"[[[" is one string; "b\\" ends at its second quote, so the brackets after it count.
    expect(exceedsJsonDepth('{"k":"a\\"[[[["}', 1)).toBe(false);
    expect(exceedsJsonDepth('["b\\\\",[[1]]]', 2)).toBe(true);
    expect(exceedsJsonDepth('["b\\\\",[[1]]]', 3)).toBe(false);
    expect(exceedsJsonDepth(JSON.stringify(['\\"[[[', '\\\\\\"]]]', '\u005b\\u005b']), 1)).toBe(false);
  });

  it('agrees with the depth of values JSON.stringify wrote', () => {
    let value: unknown = 'x"[\\';
    for (let depth = 1; depth <= 20; depth++) {
      value = depth % 2 ? [value, '[{'] : { '}]': value };
      const text = JSON.stringify(value);
      expect(exceedsJsonDepth(text, depth)).toBe(false);
      expect(exceedsJsonDepth(text, depth - 1)).toBe(true);
    }
  });

  it('scans a body nested far beyond the stack without recursing', () => {
    expect(exceedsJsonDepth(nested(1_000_000), 64)).toBe(true);
    expect(exceedsJsonDepth(nested(1_000_000), 2_000_000)).toBe(false);
  });

  it('leaves text that is not JSON to the parser', () => {
    for (const text of ['', '"unterminated [[[', ']]]][[[[', '{"a":', 'null', '12', '"\\"']) {
      expect(exceedsJsonDepth(text, 1)).toBe(false);
    }
    // A stray closer ends the scan: the parser refuses the text right there.
    expect(exceedsJsonDepth(']' + nested(3), 2)).toBe(false);
  });
});

describe('readMaxJsonDepth', () => {
  it('defaults to 64 and reads MAX_JSON_DEPTH', () => {
    expect(readMaxJsonDepth({})).toBe(DEFAULT_MAX_JSON_DEPTH);
    expect(DEFAULT_MAX_JSON_DEPTH).toBe(64);
    expect(readMaxJsonDepth({ MAX_JSON_DEPTH: '16' })).toBe(16);
    expect(readMaxJsonDepth({ MAX_JSON_DEPTH: '1000' })).toBe(1000);
  });

  it('refuses a limit that is not a positive integer, or one near what overflows the validators', () => {
    for (const raw of ['0', '-1', '1.5', 'deep', '1001']) {
      expect(() => readMaxJsonDepth({ MAX_JSON_DEPTH: raw })).toThrow(ConfigError);
    }
  });
});
