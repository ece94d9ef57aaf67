import { type PolicyScope } from '@governance/contracts';
import { appliesToSystem, scopeColumns } from './policy-scope';

const SYSTEM_A = 'sys_01ARZ3NDEKTSV4RRFFQ69G5FAA';
const SYSTEM_B = 'sys_01ARZ3NDEKTSV4RRFFQ69G5FBB';

describe('policy scope', () => {
  it('applies an all_systems policy to every system', () => {
    const scope = scopeColumns({ all_systems: true });
    expect(scope).toEqual({ allSystems: true, systemIds: [] });
    expect(appliesToSystem(scope, SYSTEM_A)).toBe(true);
    expect(appliesToSystem(scope, SYSTEM_B)).toBe(true);
  });

  it('applies a listed policy only to the systems it lists', () => {
    const scope = scopeColumns({ system_ids: [SYSTEM_A] });
    expect(scope).toEqual({ allSystems: false, systemIds: [SYSTEM_A] });
    expect(appliesToSystem(scope, SYSTEM_A)).toBe(true);
    expect(appliesToSystem(scope, SYSTEM_B)).toBe(false);
  });

  it('reads a scope without a list as every system, the policies service default', () => {
    expect(scopeColumns({} as PolicyScope)).toEqual({ allSystems: true, systemIds: [] });
    expect(scopeColumns({ system_ids: [SYSTEM_A, 7] } as unknown as PolicyScope)).toEqual({
      allSystems: false,
      systemIds: [SYSTEM_A],
    });
  });
});
