import { canonicalJson } from './canonical-json';

describe('canonicalJson', () => {
  it('sorts keys at every depth and writes no whitespace', () => {
    expect(canonicalJson({ b: 1, a: { d: [3, { z: true, y: null }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[3,{"y":null,"z":true}]},"b":1}',
    );
  });

  it('gives the same text whatever order the keys were set in', () => {
    const one = { action: 'system.updated', before: { name: 'A', tags: [] }, seq: 2 };
    const other = { seq: 2, before: { tags: [], name: 'A' }, action: 'system.updated' };
    expect(canonicalJson(one)).toBe(canonicalJson(other));
  });

  it('sorts keys by UTF-16 code units, not by locale', () => {
    // "é" (U+00E9) after "z"; "\u{1F600}" (a surrogate pair, D83D…) before "\uFB01" (FB01).
    expect(canonicalJson({ é: 1, z: 2, '\u{1F600}': 3, '\uFB01': 4, A: 5, a: 6 })).toBe(
      '{"A":5,"a":6,"z":2,"é":1,"\u{1F600}":3,"\uFB01":4}',
    );
  });

  it('writes strings and numbers as JSON.stringify does (RFC 8785)', () => {
    expect(canonicalJson('line\nbreak "quoted" \u0007 ü')).toBe('"line\\nbreak \\"quoted\\" \\u0007 ü"');
    expect(canonicalJson([1, 1.5, -0, 1e21, 1e-7, 0.1 + 0.2])).toBe(
      '[1,1.5,0,1e+21,1e-7,0.30000000000000004]',
    );
  });

  it('leaves out keys whose value is undefined, and writes undefined in an array as null', () => {
    expect(canonicalJson({ a: undefined, b: [undefined, 1] })).toBe('{"b":[null,1]}');
  });

  it('refuses what JSON has no exact form for', () => {
    expect(() => canonicalJson(Number.NaN)).toThrow(TypeError);
    expect(() => canonicalJson({ a: Number.POSITIVE_INFINITY })).toThrow(TypeError);
    expect(() => canonicalJson(10n)).toThrow(TypeError);
    expect(() => canonicalJson({ at: new Date(0) })).toThrow(TypeError);
    expect(() => canonicalJson(() => 1)).toThrow(TypeError);
  });

  it('is what JSON.parse reads back to an equal value', () => {
    const value = { z: [{ b: 'é', a: 0.5 }], y: null, x: false };
    expect(JSON.parse(canonicalJson(value))).toEqual(value);
  });
});
