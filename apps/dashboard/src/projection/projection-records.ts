import {
  isPublicEventType,
  type PolicyEventRecord,
  type ProbeEventRecord,
  type PublicEventRecord,
  type PublicEventType,
  SEVERITIES,
  type SystemsEventRecord,
} from '@governance/contracts';

/** A public record whose `event` narrows its `details`. */
export type AnyPublicRecord = { [T in PublicEventType]: PublicEventRecord<T> }[PublicEventType];

/** A consumed record the projection understands, tagged by where it came from. */
export type ProjectionRecord =
  | { kind: 'public'; record: AnyPublicRecord }
  | { kind: 'systems'; record: SystemsEventRecord }
  | { kind: 'probes'; record: ProbeEventRecord }
  | { kind: 'policies'; record: PolicyEventRecord };

export type ProjectionSource = ProjectionRecord['kind'];

export type Checked = { ok: true; value: ProjectionRecord } | { ok: false; reason: string };

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTime = (value: unknown): value is string => isText(value) && !Number.isNaN(Date.parse(value));

/** Fields the projection reads, per event type: a record missing one is skipped rather than half-applied. */
const REQUIRED: Record<string, ReadonlyArray<[string, (value: unknown) => boolean]>> = {
  'finding.created': [
    ['finding_id', isText],
    ['assessment_id', isText],
    ['framework', isText],
  ],
  'assessment.complete': [
    ['assessment_id', isText],
    ['framework', isText],
    ['verdict', isText],
    ['score', (value) => typeof value === 'number' && Number.isFinite(value)],
  ],
  'system.registered': [
    ['system_name', isText],
    ['declared', (value) => typeof value === 'boolean'],
  ],
  'probe.disconnected': [
    ['probe_id', isText],
    ['last_seen_at', isTime],
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
  'probe.registered': [
    ['probe_id', isText],
    ['registered_at', isTime],
  ],
  'probe.heartbeat': [
    ['probe_id', isText],
    ['received_at', isTime],
  ],
  'probe.connection_changed': [
    ['probe_id', isText],
    ['connection', (value) => value === 'connected' || value === 'disconnected'],
    ['last_seen_at', isTime],
  ],
  'policy.created': [
    ['policy_id', isText],
    ['name', isText],
    ['status', isText],
    ['enforcement_mode', isText],
    ['version', (value) => Number.isInteger(value)],
  ],
};
REQUIRED['system.updated'] = REQUIRED['system.created']!;
REQUIRED['policy.updated'] = REQUIRED['policy.created']!;

const EVENTS_BY_SOURCE: Record<Exclude<ProjectionSource, 'public'>, readonly string[]> = {
  systems: ['system.created', 'system.updated', 'system.registration_merged'],
  probes: ['probe.registered', 'probe.heartbeat', 'probe.connection_changed'],
  policies: ['policy.created', 'policy.updated'],
};

/**
 * Checks a parsed record from `source` just enough for the projection to apply it. Event types the
 * dashboard does not project (telemetry-ish internals, types added later) come back as not ok.
 */
export function checkProjectionRecord(source: ProjectionSource, value: unknown): Checked {
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
  } else if (!EVENTS_BY_SOURCE[source].includes(event)) {
    return { ok: false, reason: `not projected: ${event}` };
  }
  for (const [field, valid] of REQUIRED[event] ?? []) {
    if (!valid(details[field]))
      return { ok: false, reason: `${event}: details.${field} is missing or invalid` };
  }
  return { ok: true, value: { kind: source, record: value } as unknown as ProjectionRecord };
}
