import { type PublicEventRecord, type PublicEventType, type SystemsEventRecord } from '@governance/contracts';

/** A public record whose `event` narrows its `details`. */
export type AnyPublicRecord = { [T in PublicEventType]: PublicEventRecord<T> }[PublicEventType];

/** A consumed record the read model understands, tagged by where it came from. */
export type ReadModelRecord =
  { kind: 'public'; record: AnyPublicRecord } | { kind: 'systems'; record: SystemsEventRecord };

export type ReadModelSource = ReadModelRecord['kind'];

/**
 * The record as the read model applies it, tagged by its source. The bus has checked the record against
 * its topic's contract (its envelope, and the details of its event type) before the consumer sees it;
 * every event type of the systems topic is kept.
 */
export function readModelRecord(source: ReadModelSource, value: unknown): ReadModelRecord {
  return { kind: source, record: value } as ReadModelRecord;
}
