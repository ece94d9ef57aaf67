import { isDeepStrictEqual } from 'node:util';
import {
  type Condition,
  ENFORCEMENT_MODES,
  type EnforcementMode,
  isId,
  type PolicyScope,
  type PolicyStatus,
  type Severity,
} from '@governance/contracts';
import { controlRef, type Framework, type RuntimePolicyTemplate } from '@governance/frameworks';
import { type FieldProblem, NO_CONTROL_CHARACTERS, REASON_MAX_LENGTH } from '@governance/platform';

/** A violation is announced as HIGH or CRITICAL (the published severity of policy.violated). */
export const POLICY_SEVERITIES = ['HIGH', 'CRITICAL'] as const satisfies readonly Severity[];
export type PolicySeverity = (typeof POLICY_SEVERITIES)[number];

export const SCOPE_MAX_SYSTEMS = 500;

const MODE_MESSAGE = `must be ${ENFORCEMENT_MODES.join(' or ')} (any letter case)`;

/** BLOCK or WARN from any letter case ("Block", "warn"); undefined for anything else. */
export function parseEnforcementMode(value: unknown): EnforcementMode | undefined {
  if (typeof value !== 'string') return undefined;
  const upper = value.toUpperCase();
  return (ENFORCEMENT_MODES as readonly string[]).includes(upper) ? (upper as EnforcementMode) : undefined;
}

export function flipped(mode: EnforcementMode): EnforcementMode {
  return mode === 'BLOCK' ? 'WARN' : 'BLOCK';
}

/** The mode after PATCH .../enforcement: the requested one, else the other. Unchanged: no new version. */
export function decideEnforcement(
  current: EnforcementMode,
  requested: EnforcementMode | undefined,
): { mode: EnforcementMode; changed: boolean } {
  const mode = requested ?? flipped(current);
  return { mode, changed: mode !== current };
}

/** Blocking is the stronger stance, so it defaults to the higher severity. */
export function defaultSeverity(mode: EnforcementMode): PolicySeverity {
  return mode === 'BLOCK' ? 'CRITICAL' : 'HIGH';
}

/** A template of severity below HIGH (ISO 42001 has MEDIUM ones) becomes HIGH: violations are HIGH+. */
export function importedSeverity(template: RuntimePolicyTemplate): PolicySeverity {
  return template.severity === 'CRITICAL' ? 'CRITICAL' : 'HIGH';
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problems: FieldProblem[] };

/**
 * The optional body of PATCH .../enforcement and of a framework import: nothing, `{}`, or
 * `{enforcement_mode}`. Parsed here rather than by a DTO because an absent body is meaningful.
 */
export function parseModeBody(
  body: unknown,
): Parsed<{ mode: EnforcementMode | undefined; reason: string | undefined }> {
  if (body === undefined) return { ok: true, value: { mode: undefined, reason: undefined } };
  if (body === null || typeof body !== 'object' || Array.isArray(body))
    return { ok: false, problems: [{ field: 'body', message: 'must be a JSON object' }] };
  const problems: FieldProblem[] = Object.keys(body)
    .filter((key) => key !== 'enforcement_mode' && key !== 'reason')
    .map((key) => ({ field: key, message: `property ${key} should not exist` }));
  let mode: EnforcementMode | undefined;
  if (Object.prototype.hasOwnProperty.call(body, 'enforcement_mode')) {
    mode = parseEnforcementMode((body as { enforcement_mode: unknown }).enforcement_mode);
    if (!mode) problems.push({ field: 'enforcement_mode', message: MODE_MESSAGE });
  }
  const raw = (body as { reason?: unknown }).reason;
  let reason: string | undefined;
  if (raw !== undefined) {
    if (typeof raw !== 'string' || raw.length > REASON_MAX_LENGTH || !NO_CONTROL_CHARACTERS.test(raw))
      problems.push({
        field: 'reason',
        message: `must be text of at most ${REASON_MAX_LENGTH} characters without control characters`,
      });
    else reason = raw.trim() || undefined;
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, value: { mode, reason } };
}

/** `{all_systems: true}` or `{system_ids: [1..500 distinct system ids]}`, nothing else. */
export function parseScope(raw: unknown): Parsed<PolicyScope> {
  const fail = (field: string, message: string): Parsed<PolicyScope> => ({
    ok: false,
    problems: [{ field, message }],
  });
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw))
    return fail('scope', 'must be {"all_systems": true} or {"system_ids": [...]}');
  const keys = Object.keys(raw);
  const record = raw as Record<string, unknown>;
  if (keys.length !== 1 || (keys[0] !== 'all_systems' && keys[0] !== 'system_ids'))
    return fail('scope', 'must have exactly one key: all_systems or system_ids');
  if (keys[0] === 'all_systems') {
    return record['all_systems'] === true
      ? { ok: true, value: { all_systems: true } }
      : fail('scope.all_systems', 'must be true; list system_ids to narrow the scope');
  }
  const ids = record['system_ids'];
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > SCOPE_MAX_SYSTEMS)
    return fail('scope.system_ids', `must be a list of 1 to ${SCOPE_MAX_SYSTEMS} system ids`);
  const problems: FieldProblem[] = [];
  const seen = new Set<string>();
  ids.forEach((id: unknown, index) => {
    if (typeof id !== 'string' || !isId('system', id))
      problems.push({ field: `scope.system_ids[${index}]`, message: 'must be a system id (sys_...)' });
    else if (seen.has(id)) problems.push({ field: `scope.system_ids[${index}]`, message: 'is listed twice' });
    else seen.add(id);
  });
  return problems.length > 0
    ? { ok: false, problems: problems.slice(0, 50) }
    : { ok: true, value: { system_ids: ids as string[] } };
}

export interface ImportCandidate {
  control: string;
  template: RuntimePolicyTemplate;
}

/** The controls an import creates, and the policies already there for the rest (`imported`: control → id). */
export function planImport(
  framework: Framework,
  imported: ReadonlyMap<string, string>,
): { create: ImportCandidate[]; alreadyImported: string[] } {
  const create: ImportCandidate[] = [];
  const alreadyImported: string[] = [];
  for (const control of framework.controls) {
    if (!control.runtime_policy) continue;
    const ref = controlRef(framework.key, control.id);
    const existing = imported.get(ref);
    if (existing) alreadyImported.push(existing);
    else create.push({ control: ref, template: control.runtime_policy });
  }
  return { create, alreadyImported };
}

/** The template's name, followed by the control reference (which no other import can produce) when taken. */
export function importedName(candidate: ImportCandidate, nameTaken: boolean): string {
  return nameTaken ? `${candidate.template.name} (${candidate.control})` : candidate.template.name;
}

/** The fields of a policy an update may change, each already validated. */
export interface PolicyChanges {
  name?: string;
  description?: string | null;
  enforcement_mode?: EnforcementMode;
  status?: PolicyStatus;
  severity?: PolicySeverity;
  /** Whether the severity follows the mode (left unset at creation); choosing one makes it the policy's own. */
  severity_by_mode?: boolean;
  rules?: Condition;
  scope?: PolicyScope;
}

export const EDITABLE_FIELDS = [
  'name',
  'description',
  'enforcement_mode',
  'status',
  'severity',
  'severity_by_mode',
  'rules',
  'scope',
] as const satisfies ReadonlyArray<keyof PolicyChanges>;

/**
 * What an update changes: the fields of `patch` whose value differs from the policy's. Nothing left means
 * no new version, no event and no audit entry, so a fetched policy can be sent back as it is.
 */
export function planPolicyUpdate(
  current: Readonly<Record<keyof PolicyChanges, unknown>>,
  patch: PolicyChanges,
): PolicyChanges {
  const changes: PolicyChanges = {};
  for (const field of EDITABLE_FIELDS) {
    const value = patch[field];
    if (value !== undefined && !isDeepStrictEqual(value, current[field]))
      Object.assign(changes, { [field]: value });
  }
  return changes;
}

/** True when the name changes other than in letter case, so it must be checked against the others. */
export function renamesAway(
  current: string,
  changes: PolicyChanges,
): changes is PolicyChanges & { name: string } {
  return changes.name !== undefined && changes.name.toLowerCase() !== current.toLowerCase();
}

/** A change based on `expected` applies only to that version; none given means "whatever is current". */
export function isStaleVersion(expected: number | undefined, current: number): boolean {
  return expected !== undefined && expected !== current;
}
