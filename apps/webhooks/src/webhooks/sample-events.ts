import {
  eventPayloadSchema,
  type EventPayload,
  ID_PREFIXES,
  type JsonSchema,
  newId,
  PUBLIC_EVENT_EXAMPLES,
  PUBLIC_EVENT_TYPES,
  type PublicEventType,
} from '@governance/contracts';

/*
 * The test call's payloads, derived from the example each published payload schema carries: the same
 * fields and values, with fresh ids of the same kinds and times moved to now (their spacing kept), so
 * a receiver exercises the parsing it uses for live events and never mistakes a test for an earlier one.
 */

const ID_PATTERN = /^\^([a-z]+)_\[0-9A-HJKMNP-TV-Z\]\{26\}\$$/;
const KIND_BY_PREFIX = new Map(
  Object.entries(ID_PREFIXES).map(([kind, prefix]) => [prefix, kind as keyof typeof ID_PREFIXES]),
);

/** The id kind a schema's pattern describes (`^sys_[…]{26}$`), if it describes one. */
function idKindOf(schema: JsonSchema | undefined): keyof typeof ID_PREFIXES | undefined {
  const pattern = typeof schema?.pattern === 'string' ? ID_PATTERN.exec(schema.pattern) : null;
  return pattern
    ? KIND_BY_PREFIX.get(pattern[1] as (typeof ID_PREFIXES)[keyof typeof ID_PREFIXES])
    : undefined;
}

/** Each id field gets a fresh id of its kind, each date-time field moves by `shiftMs`. */
function refreshed(values: object, properties: Record<string, JsonSchema>, shiftMs: number) {
  const copy: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    const schema = properties[field];
    const kind = idKindOf(schema);
    if (kind && typeof value === 'string') copy[field] = newId(kind);
    else if (schema?.format === 'date-time' && typeof value === 'string')
      copy[field] = new Date(Date.parse(value) + shiftMs).toISOString();
    else copy[field] = value;
  }
  return copy;
}

/** The schema of each event type's details fields, read once. */
const DETAILS_FIELDS = new Map(
  PUBLIC_EVENT_TYPES.map((event) => {
    const details = (eventPayloadSchema(event).properties as Record<string, JsonSchema>).details!;
    return [event, details.properties as Record<string, JsonSchema>];
  }),
);

export function samplePayload<T extends PublicEventType>(event: T, now: Date = new Date()): EventPayload<T> {
  const example = PUBLIC_EVENT_EXAMPLES[event];
  const shiftMs = now.getTime() - Date.parse(example.timestamp);
  return {
    event,
    timestamp: now.toISOString(),
    severity: example.severity,
    system_id: example.system_id === null ? null : newId('system'),
    details: refreshed(
      example.details,
      DETAILS_FIELDS.get(event)!,
      shiftMs,
    ) as unknown as EventPayload<T>['details'],
  };
}
