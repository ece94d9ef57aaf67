import { type Topic, type TopicRecord } from '@governance/contracts';
import { type EntityManager } from 'typeorm';
import { type ConsumedEvent, parsePayload } from './consumed-event';
import { type Transaction, type UnitOfWork } from './unit-of-work';

/** A consumed record of one of the topics `T`, typed by its topic's contract. */
export type ProjectedRecord<T extends Topic> = { [K in T]: { topic: K; record: TopicRecord<K> } }[T];

/**
 * A read model kept from events: its topics, and how it applies their records in the consumer's
 * transaction, the one that marks them processed. The bus has checked each record against its topic's
 * contract, so `apply` neither parses nor checks.
 */
export interface Projection<T extends Topic, R = void> {
  readonly topics: readonly T[];
  /**
   * Applies `records` in bus order; redeliveries never reach it. `tx` is the transaction `manager`
   * belongs to, for a projection whose writes are changes the audit trail records (`tx.audit`).
   */
  apply(manager: EntityManager, records: ReadonlyArray<ProjectedRecord<T>>, tx: Transaction): Promise<R>;
}

function projectedRecord<T extends Topic>(projection: Projection<T, unknown>, event: ConsumedEvent) {
  if (!(projection.topics as readonly string[]).includes(event.topic))
    throw new Error(`a projection of ${projection.topics.join(', ')} was handed a record of ${event.topic}`);
  return { topic: event.topic, record: parsePayload(event) } as ProjectedRecord<T>;
}

/**
 * Applies a consumed event to `projection` unless its consumer group already processed it, in one
 * transaction with the processed-event mark (UnitOfWork.runOnce). Undefined for a redelivery.
 */
export async function project<T extends Topic, R>(
  unitOfWork: UnitOfWork,
  projection: Projection<T, R>,
  event: ConsumedEvent,
): Promise<R | undefined> {
  const record = projectedRecord(projection, event);
  const { result } = await unitOfWork.runOnce(event, (tx) => projection.apply(tx.manager, [record], tx));
  return result;
}

/** project for a batch: the fresh events, in the order given, in one transaction (UnitOfWork.runOnceEach). */
export async function projectEach<T extends Topic, R>(
  unitOfWork: UnitOfWork,
  projection: Projection<T, R>,
  events: readonly ConsumedEvent[],
): Promise<R | undefined> {
  const records = new Map(events.map((event) => [event, projectedRecord(projection, event)]));
  const { result } = await unitOfWork.runOnceEach(events, (tx, fresh) =>
    projection.apply(
      tx.manager,
      fresh.map((event) => records.get(event)!),
      tx,
    ),
  );
  return result;
}
