import { ConfigError, EnvReader } from './config';

describe('EnvReader', () => {
  it('uses defaults for unset or blank variables', () => {
    const env = new EnvReader({ BLANK: '  ' });
    expect(env.int('MISSING', 30_000)).toBe(30_000);
    expect(env.int('BLANK', 5)).toBe(5);
    expect(env.intList('LIST', [30_000, 300_000])).toEqual([30_000, 300_000]);
    expect(env.bool('FLAG', false)).toBe(false);
    expect(() => env.assertValid()).not.toThrow();
  });

  it('parses set values', () => {
    const env = new EnvReader({ N: '250', L: '100, 200', B: 'true', O: 'warn' });
    expect(env.int('N', 0)).toBe(250);
    expect(env.intList('L', [])).toEqual([100, 200]);
    expect(env.bool('B', false)).toBe(true);
    expect(env.oneOf('O', ['info', 'warn'], 'info')).toBe('warn');
  });

  it('reports every bad variable at once', () => {
    const env = new EnvReader({ N: 'ten', M: '-1', L: '1,,2', B: 'maybe', O: 'loud' });
    env.int('N', 0);
    env.int('M', 0, { min: 0 });
    env.intList('L', []);
    env.bool('B', false);
    env.oneOf('O', ['info'], 'info');
    env.invalid('X is required');
    try {
      env.assertValid();
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as ConfigError).problems).toHaveLength(6);
      expect((error as ConfigError).message).toContain('N must be an integer');
    }
  });
});
