import { type PolicyScope } from '@governance/contracts';

/** A policy's scope as the replica stores it: every system, or the listed ones. */
export interface ScopeColumns {
  allSystems: boolean;
  systemIds: readonly string[];
}

/**
 * The columns of a snapshot's scope. Anything but an explicit list counts as every system: the policies
 * service defaults a missing scope to all systems, so a policy never silently applies to none.
 */
export function scopeColumns(scope: PolicyScope): ScopeColumns {
  if ('system_ids' in scope && Array.isArray(scope.system_ids))
    return { allSystems: false, systemIds: scope.system_ids.filter((id) => typeof id === 'string') };
  return { allSystems: true, systemIds: [] };
}

export function appliesToSystem(scope: ScopeColumns, systemId: string): boolean {
  return scope.allSystems || scope.systemIds.includes(systemId);
}
