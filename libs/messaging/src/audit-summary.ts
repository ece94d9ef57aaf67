import { isDeepStrictEqual } from 'node:util';
import { type AuditSnapshot } from '@governance/contracts';

/** A value as an audit snapshot holds it: dates as ISO 8601 text, everything else as JSON has it. */
function snapshotValue(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(snapshotValue);
  return value === undefined ? null : value;
}

/** The listed fields of a record, for the `after` of a creation or the `before` of a removal. */
export function auditFields<T extends object, K extends keyof T & string>(
  record: T,
  fields: readonly K[],
): Record<K, unknown> {
  return Object.fromEntries(fields.map((field) => [field, snapshotValue(record[field])])) as Record<
    K,
    unknown
  >;
}

/**
 * The before and after of an update: only the listed fields whose values differ, so an entry shows
 * what changed and nothing else. Both are null when nothing did.
 */
export function auditChanges<T extends object, K extends keyof T & string>(
  before: T,
  after: T,
  fields: readonly K[],
): { before: AuditSnapshot; after: AuditSnapshot; changed: boolean } {
  const changed = fields.filter(
    (field) => !isDeepStrictEqual(snapshotValue(before[field]), snapshotValue(after[field])),
  );
  if (changed.length === 0) return { before: null, after: null, changed: false };
  return { before: auditFields(before, changed), after: auditFields(after, changed), changed: true };
}
