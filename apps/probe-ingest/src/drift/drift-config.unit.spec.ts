import { ConfigError, EnvReader } from '@governance/platform';
import { DRIFT_DEFAULTS, readDriftConfig } from './drift-config';

function read(env: Record<string, string>) {
  const reader = new EnvReader(env);
  const config = readDriftConfig(reader);
  reader.assertValid();
  return config;
}

describe('readDriftConfig', () => {
  it('defaults to the practice values', () => {
    expect(read({})).toEqual({
      baselineSize: 500,
      windowSize: 200,
      bins: 10,
      psiModerate: 0.1,
      psiMajor: 0.25,
      noiseZ: 3.09,
    });
    expect(read({})).toEqual(DRIFT_DEFAULTS);
  });

  it('reads every variable', () => {
    expect(
      read({
        DRIFT_BASELINE_SIZE: '40',
        DRIFT_WINDOW_SIZE: '20',
        DRIFT_BINS: '4',
        DRIFT_PSI_MODERATE: '0.2',
        DRIFT_PSI_MAJOR: '.5',
        DRIFT_NOISE_Z: '0',
      }),
    ).toEqual({ baselineSize: 40, windowSize: 20, bins: 4, psiModerate: 0.2, psiMajor: 0.5, noiseZ: 0 });
  });

  it.each([
    [{ DRIFT_PSI_MODERATE: 'abc' }, 'DRIFT_PSI_MODERATE'],
    [{ DRIFT_PSI_MODERATE: '0' }, 'DRIFT_PSI_MODERATE'],
    [{ DRIFT_PSI_MAJOR: '-1' }, 'DRIFT_PSI_MAJOR'],
    [{ DRIFT_PSI_MAJOR: '1e-1' }, 'DRIFT_PSI_MAJOR'],
    [{ DRIFT_PSI_MODERATE: '0.3', DRIFT_PSI_MAJOR: '0.2' }, 'DRIFT_PSI_MAJOR must be at least'],
    [{ DRIFT_BINS: '1' }, 'DRIFT_BINS'],
    [{ DRIFT_BASELINE_SIZE: '15', DRIFT_BINS: '10' }, 'twice DRIFT_BINS'],
    [{ DRIFT_WINDOW_SIZE: 'x' }, 'DRIFT_WINDOW_SIZE'],
    [{ DRIFT_NOISE_Z: 'Infinity' }, 'DRIFT_NOISE_Z'],
  ])('refuses %j', (env, message) => {
    expect(() => read(env)).toThrow(ConfigError);
    expect(() => read(env)).toThrow(message);
  });
});
