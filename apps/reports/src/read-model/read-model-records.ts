import {
  isPublicEventType,
  type PublicEventRecord,
  type PublicEventType,
  SEVERITIES,
  type SystemsEventRecord,
} from '@governance/contracts';

/** A public record whose `event` narrows its `details`. */
export type AnyPublicRecord = { [T in PublicEventType]: PublicEventRecord<T> }[PublicEventType];

/** A consumed record the read model understands, tagged by where it came from. */
export type ReadModelRecord =
  { kind: 'public'; record: AnyPublicRecord } | { kind: 'systems'; record: SystemsEventRecord };

export type ReadModelSource = ReadModelRecord['kind'];

export type Checked = { ok: true; value: ReadModelRecord } | { ok: false; reason: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isString = (value: unknown): value is string => typeof value === 'string';
const isTime = (value: unknown): value is string => isText(value) && !Number.isNaN(Date.parse(value));
const isCount = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0;
const isNumber = (value: unknown): boolean => typeof value === 'number' && Number.isFinite(value);

/** Fields the read model reads, per event type: a record missing one is skipped rather than half-applied. */
const REQUIRED: Record<string, ReadonlyArray<[string, (value: unknown) => boolean]>> = {
  'finding.created': [
    ['finding_id', isText],
    ['assessment_id', isText],
    ['framework', isText],
    ['control', isText],
    ['title', isString],
    ['description', isString],
    ['system_name', isString],
    ['remediation_id', isString],
  ],
  'assessment.complete': [
    ['assessment_id', isText],
    ['framework', isText],
    ['verdict', isText],
    ['score', isNumber],
    ['findings_count', isCount],
    ['high_findings', isCount],
    ['medium_findings', isCount],
  ],
  'system.registered': [
    ['system_name', isText],
    ['declared', (value) => typeof value === 'boolean'],
  ],
  'system.created': [
    ['system_id', isText],
    ['name', isText],
    ['declared', (value) => typeof value === 'boolean'],
    ['risk_tier', isText],
    ['status', isText],
    ['updated_at', isTime],
  ],
  'system.registration_merged': [
    ['requested_system_id', isText],
    ['system_id', isText],
  ],
};
REQUIRED['system.updated'] = REQUIRED['system.created']!;

const SYSTEMS_EVENTS: readonly string[] = ['system.created', 'system.updated', 'system.registration_merged'];

/**
 * Checks a parsed record from `source` just enough for the read model to apply it. Internal event types
 * the reports service does not keep come back as not ok, with a reason starting "not kept".
 */
export function checkReadModelRecord(source: ReadModelSource, value: unknown): Checked {
  if (!isObject(value)) return { ok: false, reason: 'record is not an object' };
  if (!isText(value['id']) || !isText(value['organization_id']) || !isTime(value['timestamp']))
    return { ok: false, reason: 'record lacks id, organization_id or timestamp' };
  const event = value['event'];
  const details = value['details'];
  if (!isText(event) || !isObject(details)) return { ok: false, reason: 'record lacks event or details' };
  if (source === 'public') {
    if (!isPublicEventType(event)) return { ok: false, reason: `not a public event type: ${event}` };
    if (!(SEVERITIES as readonly unknown[]).includes(value['severity']))
      return { ok: false, reason: 'public record has no valid severity' };
    const systemId = value['system_id'];
    if (systemId !== null && !isText(systemId)) return { ok: false, reason: 'system_id is not a string' };
  } else if (!SYSTEMS_EVENTS.includes(event)) {
    return { ok: false, reason: `not kept: ${event}` };
  }
  for (const [field, valid] of REQUIRED[event] ?? []) {
    if (!valid(details[field]))
      return { ok: false, reason: `${event}: details.${field} is missing or invalid` };
  }
  return { ok: true, value: { kind: source, record: value } as unknown as ReadModelRecord };
}
