import { mergeRegistration } from './probe-registration';

const existing = { system_id: 'sys_A', runtime: 'python3.12', environment: 'prod', version: '1.0.0' };

describe('mergeRegistration', () => {
  it('changes nothing when the probe repeats itself', () => {
    expect(
      mergeRegistration(existing, {
        system_id: 'sys_A',
        runtime: 'python3.12',
        environment: 'prod',
        version: '1.0.0',
      }),
    ).toEqual({
      changed: false,
      fields: { system_id: 'sys_A', runtime: 'python3.12', environment: 'prod', version: '1.0.0' },
    });
  });

  it('keeps fields the probe left out', () => {
    expect(mergeRegistration(existing, { system_id: 'sys_A' })).toMatchObject({
      changed: false,
      fields: { runtime: 'python3.12', environment: 'prod', version: '1.0.0' },
    });
  });

  it('reports a change of version, environment, runtime or system', () => {
    expect(mergeRegistration(existing, { system_id: 'sys_A', version: '1.1.0' })).toMatchObject({
      changed: true,
      fields: { version: '1.1.0' },
    });
    expect(mergeRegistration(existing, { system_id: 'sys_A', environment: 'staging' }).changed).toBe(true);
    expect(mergeRegistration(existing, { system_id: 'sys_A', runtime: 'node20' }).changed).toBe(true);
    expect(mergeRegistration(existing, { system_id: 'sys_B' }).changed).toBe(true);
  });

  it('fills a field that was never given', () => {
    expect(
      mergeRegistration({ ...existing, environment: null }, { system_id: 'sys_A', environment: 'prod' }),
    ).toMatchObject({ changed: true, fields: { environment: 'prod' } });
  });
});
