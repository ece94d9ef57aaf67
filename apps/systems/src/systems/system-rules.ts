import { type SystemSnapshot } from '@governance/contracts';
import { type FieldProblem } from '@governance/platform';

/** The fields a person may edit, as stored. */
export type EditableSystem = Omit<
  SystemSnapshot,
  'system_id' | 'registration_source' | 'discovery_method' | 'created_at' | 'updated_at'
>;

/** A PATCH body after validation, or what it changes: absent fields stay, `null` clears optional text. */
export type SystemChanges = Partial<EditableSystem>;

export type UpdatePlan = { ok: true; changes: SystemChanges } | { ok: false; problems: FieldProblem[] };

/**
 * Every field a person may edit, and how a PATCH compares it, in the one fixed order the UPDATE
 * statement's text keeps. Typed against the snapshot, so a field added there is named here by the
 * compiler rather than ignored by PATCH.
 */
const EDITS = {
  name: 'text',
  description: 'text',
  owner: 'text',
  vendor: 'text',
  model: 'text',
  risk_tier: 'text',
  environment: 'text',
  host: 'text',
  runtime: 'text',
  status: 'text',
  tags: 'tags',
  declared: 'declared',
} as const satisfies Record<keyof EditableSystem, 'text' | 'tags' | 'declared'>;

type EditableField = keyof typeof EDITS;
export const EDITABLE_FIELDS = Object.keys(EDITS) as EditableField[];
const TEXT_FIELDS = EDITABLE_FIELDS.filter(
  (field): field is Exclude<EditableField, 'tags' | 'declared'> => EDITS[field] === 'text',
);

const sameTags = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((tag, index) => tag === b[index]);

/**
 * What a PATCH changes, field by field; an empty change set is a no-op that writes and announces nothing.
 * `declared: true` adopts a discovered system, and a declared system stays declared: a person cannot
 * un-declare, because "declared" records that someone took ownership, which no later edit undoes.
 * `declared: false` on a system still undeclared changes nothing, so a fetched record can be sent back.
 * `status` moves freely between active and retired; retiring keeps the record and its name.
 */
export function planSystemUpdate(current: EditableSystem, patch: SystemChanges): UpdatePlan {
  if (patch.declared === false && current.declared) {
    return {
      ok: false,
      problems: [
        {
          field: 'declared',
          message: 'can only be set to true: adopting a discovered system cannot be undone',
        },
      ],
    };
  }
  const changes: SystemChanges = {};
  for (const field of TEXT_FIELDS) {
    const value = patch[field];
    if (value !== undefined && value !== current[field]) Object.assign(changes, { [field]: value });
  }
  if (patch.tags !== undefined && !sameTags(patch.tags, current.tags)) changes.tags = patch.tags;
  if (patch.declared === true && !current.declared) changes.declared = true;
  return { ok: true, changes };
}

/** True when the change set renames the system, so the name must be checked against the others. */
export function renames(changes: SystemChanges): changes is SystemChanges & { name: string } {
  return changes.name !== undefined;
}

export type RegistrationDecision =
  | { kind: 'create' }
  | { kind: 'ignore'; reason: 'id_exists' | 'id_merged' }
  | { kind: 'merge'; into: string };

/**
 * How a registration asked for by probe ingest lands. A known id means a repeat of something already
 * done; a name already taken means the asker met an existing system under a new id, so the id is merged
 * into the existing one rather than creating a duplicate.
 */
export function decideRegistration(facts: {
  idExists: boolean;
  idMergedInto: string | undefined;
  sameNameSystemId: string | undefined;
}): RegistrationDecision {
  if (facts.idExists) return { kind: 'ignore', reason: 'id_exists' };
  if (facts.idMergedInto !== undefined) return { kind: 'ignore', reason: 'id_merged' };
  if (facts.sameNameSystemId !== undefined) return { kind: 'merge', into: facts.sameNameSystemId };
  return { kind: 'create' };
}
