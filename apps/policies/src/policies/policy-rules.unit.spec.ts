import { newId } from '@governance/contracts';
import { findFramework } from '@governance/frameworks';
import {
  decideEnforcement,
  defaultSeverity,
  flipped,
  importedName,
  importedSeverity,
  isStaleVersion,
  parseEnforcementMode,
  parseModeBody,
  parseScope,
  planImport,
  planPolicyUpdate,
  renamesAway,
  SCOPE_MAX_SYSTEMS,
} from './policy-rules';

describe('enforcement modes', () => {
  it.each([
    ['BLOCK', 'BLOCK'],
    ['Block', 'BLOCK'],
    ['block', 'BLOCK'],
    ['WARN', 'WARN'],
    ['Warn', 'WARN'],
    ['wArN', 'WARN'],
    ['AUDIT', undefined],
    [' block', undefined],
    ['', undefined],
    [null, undefined],
    [1, undefined],
    [['BLOCK'], undefined],
  ])('parses %j as %s', (raw, mode) => {
    expect(parseEnforcementMode(raw)).toBe(mode);
  });

  it('flips without a requested mode, sets one, and does nothing for the current one', () => {
    expect(flipped('BLOCK')).toBe('WARN');
    expect(flipped('WARN')).toBe('BLOCK');
    expect(decideEnforcement('WARN', undefined)).toEqual({ mode: 'BLOCK', changed: true });
    expect(decideEnforcement('BLOCK', undefined)).toEqual({ mode: 'WARN', changed: true });
    expect(decideEnforcement('WARN', 'BLOCK')).toEqual({ mode: 'BLOCK', changed: true });
    expect(decideEnforcement('BLOCK', 'BLOCK')).toEqual({ mode: 'BLOCK', changed: false });
    expect(decideEnforcement('WARN', 'WARN')).toEqual({ mode: 'WARN', changed: false });
  });

  it('reads the optional mode body', () => {
    const none = { mode: undefined, reason: undefined };
    expect(parseModeBody(undefined)).toEqual({ ok: true, value: none });
    expect(parseModeBody({})).toEqual({ ok: true, value: none });
    expect(parseModeBody({ enforcement_mode: 'Warn' })).toEqual({
      ok: true,
      value: { mode: 'WARN', reason: undefined },
    });
    expect(parseModeBody({ enforcement_mode: 'WARN', reason: ' too many false alarms ' })).toEqual({
      ok: true,
      value: { mode: 'WARN', reason: 'too many false alarms' },
    });
    for (const body of [
      null,
      [],
      'BLOCK',
      1,
      { enforcement_mode: 'AUDIT' },
      { enforcement_mode: null },
      { x: 1 },
      { reason: 5 },
      { reason: 'x'.repeat(501) },
      { reason: 'a\u0000b' },
    ]) {
      const parsed = parseModeBody(body);
      expect([body, parsed.ok]).toEqual([body, false]);
    }
    expect(parseModeBody({ enforcement_mode: 'x', extra: 1 })).toEqual({
      ok: false,
      problems: [
        { field: 'extra', message: 'property extra should not exist' },
        { field: 'enforcement_mode', message: 'must be BLOCK or WARN (any letter case)' },
      ],
    });
  });

  it('defaults severity by mode and lifts imported severities to HIGH', () => {
    expect(defaultSeverity('BLOCK')).toBe('CRITICAL');
    expect(defaultSeverity('WARN')).toBe('HIGH');
    const template = { name: 'n', description: 'd', rules: { field: 'model', op: 'exists' as const } };
    expect(importedSeverity({ ...template, severity: 'MEDIUM' })).toBe('HIGH');
    expect(importedSeverity({ ...template, severity: 'INFO' })).toBe('HIGH');
    expect(importedSeverity({ ...template, severity: 'HIGH' })).toBe('HIGH');
    expect(importedSeverity({ ...template, severity: 'CRITICAL' })).toBe('CRITICAL');
  });
});

describe('scope', () => {
  it('accepts all systems or a list of distinct system ids', () => {
    expect(parseScope({ all_systems: true })).toEqual({ ok: true, value: { all_systems: true } });
    const ids = [newId('system'), newId('system')];
    expect(parseScope({ system_ids: ids })).toEqual({ ok: true, value: { system_ids: ids } });
  });

  it.each([
    [null, 'scope'],
    [[], 'scope'],
    [{}, 'scope'],
    [{ all_systems: true, system_ids: [] }, 'scope'],
    [{ everything: true }, 'scope'],
    [{ all_systems: false }, 'scope.all_systems'],
    [{ all_systems: 'true' }, 'scope.all_systems'],
    [{ system_ids: [] }, 'scope.system_ids'],
    [{ system_ids: 'sys_x' }, 'scope.system_ids'],
    [
      { system_ids: Array.from({ length: SCOPE_MAX_SYSTEMS + 1 }, () => newId('system')) },
      'scope.system_ids',
    ],
    [{ system_ids: [newId('policy')] }, 'scope.system_ids[0]'],
    [{ system_ids: [newId('system'), 7] }, 'scope.system_ids[1]'],
  ])('refuses %j at %s', (raw, field) => {
    const parsed = parseScope(raw);
    expect(parsed.ok ? [] : parsed.problems.map((problem) => problem.field)).toContain(field);
  });

  it('refuses a system listed twice', () => {
    const id = newId('system');
    const parsed = parseScope({ system_ids: [id, id] });
    expect(parsed).toEqual({
      ok: false,
      problems: [{ field: 'scope.system_ids[1]', message: 'is listed twice' }],
    });
  });
});

describe('framework import plan', () => {
  const nist = findFramework('NIST_AI_RMF')!;
  const withPolicy = nist.controls.filter((control) => control.runtime_policy);

  it('creates a policy per control with a runtime policy, skipping those already imported', () => {
    const fresh = planImport(nist, new Map());
    expect(fresh.create.map((candidate) => candidate.control)).toEqual(
      withPolicy.map((control) => `NIST_AI_RMF:${control.id}`),
    );
    expect(fresh.alreadyImported).toEqual([]);
    const first = fresh.create[0]!;
    const again = planImport(nist, new Map([[first.control, 'pol_existing']]));
    expect(again.create).toHaveLength(withPolicy.length - 1);
    expect(again.alreadyImported).toEqual(['pol_existing']);
  });

  it('names an import apart only when its name is taken', () => {
    const candidate = planImport(nist, new Map()).create[0]!;
    expect(importedName(candidate, false)).toBe(candidate.template.name);
    expect(importedName(candidate, true)).toBe(`${candidate.template.name} (${candidate.control})`);
  });
});

describe('planPolicyUpdate', () => {
  const current = {
    name: 'PII egress',
    description: 'Old words' as string | null,
    enforcement_mode: 'WARN' as const,
    status: 'active' as const,
    severity: 'HIGH' as const,
    severity_by_mode: false,
    rules: { all: [{ field: 'labels.pii', op: 'eq' as const, value: 'email' }] },
    scope: { all_systems: true as const },
  };

  it('keeps only the fields whose value differs', () => {
    expect(
      planPolicyUpdate(current, {
        name: 'PII egress',
        description: null,
        status: 'active',
        severity: 'CRITICAL',
        rules: { all: [{ field: 'labels.pii', op: 'eq', value: 'email' }] },
        scope: { system_ids: ['sys_01JD5Y2B7C9D1E3F5G7H9J1K3M'] },
      }),
    ).toEqual({
      description: null,
      severity: 'CRITICAL',
      scope: { system_ids: ['sys_01JD5Y2B7C9D1E3F5G7H9J1K3M'] },
    });
  });

  it('compares rules by value, so the same rule with its keys in another order is no change', () => {
    expect(
      planPolicyUpdate(current, { rules: { all: [{ value: 'email', op: 'eq', field: 'labels.pii' }] } }),
    ).toEqual({});
    expect(
      planPolicyUpdate(current, { rules: { any: [{ field: 'labels.pii', op: 'eq', value: 'email' }] } }),
    ).toEqual({ rules: { any: [{ field: 'labels.pii', op: 'eq', value: 'email' }] } });
  });

  it('changes nothing for an empty patch', () => {
    expect(planPolicyUpdate(current, {})).toEqual({});
  });
});

describe('renamesAway', () => {
  it('is true for another name, false for the same name in another case', () => {
    expect(renamesAway('PII egress', { name: 'PII egress v2' })).toBe(true);
    expect(renamesAway('PII egress', { name: 'pii EGRESS' })).toBe(false);
    expect(renamesAway('PII egress', { severity: 'HIGH' })).toBe(false);
  });
});

describe('isStaleVersion', () => {
  it('holds only when a version is given and differs from the current one', () => {
    expect(isStaleVersion(undefined, 4)).toBe(false);
    expect(isStaleVersion(4, 4)).toBe(false);
    expect(isStaleVersion(3, 4)).toBe(true);
    expect(isStaleVersion(5, 4)).toBe(true);
  });
});
