import {
  type PolicyEventRecord,
  type ProbeEventRecord,
  type PublicEventRecord,
  type PublicEventType,
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

const EVENTS_BY_SOURCE: Record<Exclude<ProjectionSource, 'public'>, readonly string[]> = {
  systems: ['system.created', 'system.updated', 'system.registration_merged'],
  probes: ['probe.registered', 'probe.heartbeat', 'probe.connection_changed'],
  policies: ['policy.created', 'policy.updated'],
};

/**
 * The record as the projection applies it, or undefined for an event type of an internal topic the
 * dashboard does not project. The bus has checked the record against its topic's contract (its
 * envelope, and the details of its event type) before the consumer sees it.
 */
export function projectionRecord(source: ProjectionSource, value: unknown): ProjectionRecord | undefined {
  const { event } = value as { event: string };
  if (source !== 'public' && !EVENTS_BY_SOURCE[source].includes(event)) return undefined;
  return { kind: source, record: value } as ProjectionRecord;
}
