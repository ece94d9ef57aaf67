import { TOPIC_RECORD_SCHEMAS, isUuid } from '@governance/contracts';
import Ajv2020, { type ErrorObject, type ValidateFunction } from 'ajv/dist/2020';
import { type ConsumedEvent } from './consumed-event';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const DATE_TIME = /^\d{4}-\d{2}-\d{2}[Tt]\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/;

/*
 * The three formats the contracts use, defined here rather than through ajv-formats (a dev
 * dependency): what a consumer needs is that Postgres and Date accept the value.
 */
function contractAjv(): Ajv2020 {
  const ajv = new Ajv2020({ strict: true, allErrors: true, allowUnionTypes: true });
  ajv.addFormat('uuid', UUID);
  ajv.addFormat('date-time', (value: string) => DATE_TIME.test(value) && !Number.isNaN(Date.parse(value)));
  ajv.addFormat('uri', (value: string) => URL.canParse(value));
  return ajv;
}

/** Compiled once per process: every topic's schema, by topic. */
let compiled: Map<string, ValidateFunction> | undefined;
function validators(): Map<string, ValidateFunction> {
  if (!compiled) {
    const ajv = contractAjv();
    compiled = new Map(
      Object.entries(TOPIC_RECORD_SCHEMAS).map(([topic, schema]) => [topic, ajv.compile(schema)]),
    );
  }
  return compiled;
}

const MAX_PROBLEMS = 10;

function describe(errors: readonly ErrorObject[]): string {
  return errors
    .slice(0, MAX_PROBLEMS)
    .filter((error) => error.keyword !== 'if')
    .map((error) => `${error.instancePath || '/'} ${error.message ?? error.keyword}`)
    .join('; ');
}

/**
 * Records of this process that kept their contract, by event id: a process's consumer groups read the
 * same records, and would otherwise each run the schema again. Only the same bytes on the same topic
 * count; the oldest entries go first.
 */
const kept = new Map<string, { topic: string; payload: string }>();
const KEPT_MAX = 512;

function wasKept(event: Pick<ConsumedEvent, 'topic' | 'eventId' | 'payload'>): boolean {
  const entry = kept.get(event.eventId);
  return entry !== undefined && entry.topic === event.topic && entry.payload === event.payload;
}

function keep(event: Pick<ConsumedEvent, 'topic' | 'eventId' | 'payload'>): void {
  if (kept.size >= KEPT_MAX) kept.delete(kept.keys().next().value!);
  kept.set(event.eventId, { topic: event.topic, payload: event.payload });
}

export type ContractCheck =
  { ok: true; record: unknown } | { ok: false; reason: 'malformed' | 'contract'; error: string };

/**
 * Whether a consumed record keeps its topic's contract: its value is JSON, it matches the topic's schema,
 * and its event id header is the record's id (consumers key idempotence on that header). A topic with no
 * schema (a test's own) only needs JSON.
 */
export function checkRecordContract(
  event: Pick<ConsumedEvent, 'topic' | 'eventId' | 'payload'>,
): ContractCheck {
  let record: unknown;
  try {
    record = JSON.parse(event.payload);
  } catch (error) {
    return { ok: false, reason: 'malformed', error: `not JSON: ${(error as Error).message}` };
  }
  if (wasKept(event)) return { ok: true, record };
  const validate = validators().get(event.topic);
  if (validate && !validate(record))
    return {
      ok: false,
      reason: 'contract',
      error: `breaks the ${event.topic} schema: ${describe(validate.errors ?? [])}`,
    };
  if (!isUuid(event.eventId))
    return { ok: false, reason: 'contract', error: `event id "${event.eventId}" is not a UUID` };
  if (validate && (record as { id: string }).id.toLowerCase() !== event.eventId.toLowerCase())
    return { ok: false, reason: 'contract', error: `event id header ${event.eventId} is not the record id` };
  keep(event);
  return { ok: true, record };
}
