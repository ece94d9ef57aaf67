import { illFormedString } from './validation';

describe('illFormedString', () => {
  it('finds the path of the first string with a lone surrogate', () => {
    expect(illFormedString({ email: '\ud800' })).toBe('email');
    expect(illFormedString({ a: { b: ['ok', 'x\udc00y'] } })).toBe('a.b.1');
    expect(illFormedString('\ud83d', 'email')).toBe('email');
  });

  it('accepts well-formed text, surrogate pairs included, and values that are not strings', () => {
    expect(illFormedString({ name: 'Ada 😀', n: 1, ok: true, none: null, list: ['ü'] })).toBeUndefined();
  });
});
