import { INTERNAL_TOPICS, newId, newUuidV7 } from '@governance/contracts';
import { type EntityManager } from 'typeorm';
import { type ConsumedEvent } from './consumed-event';
import { type ProjectedRecord, type Projection, project, projectEach } from './projection';
import { type Transaction, type UnitOfWork } from './unit-of-work';

type Systems = typeof INTERNAL_TOPICS.systems;

const event = (topic: string): ConsumedEvent => {
  const id = newUuidV7();
  return {
    consumerGroup: 'test.projection',
    topic,
    key: 'org',
    eventId: id,
    eventType: 'system.registration_merged',
    headers: {},
    payload: JSON.stringify({
      id,
      organization_id: newId('organization'),
      event: 'system.registration_merged',
    }),
  };
};

/** A unit of work that treats every event as fresh but the ones listed as already processed. */
const unitOfWork = (processed: ReadonlySet<ConsumedEvent> = new Set()): UnitOfWork => {
  const tx = { manager: {} as EntityManager } as Transaction;
  return {
    runOnce: async (consumed: ConsumedEvent, work: (tx: Transaction) => Promise<unknown>) =>
      processed.has(consumed) ? { processed: false } : { processed: true, result: await work(tx) },
    runOnceEach: async (
      events: ConsumedEvent[],
      work: (tx: Transaction, fresh: ConsumedEvent[]) => Promise<unknown>,
    ) => {
      const fresh = events.filter((consumed) => !processed.has(consumed));
      return fresh.length === 0 ? { processed: [] } : { processed: fresh, result: await work(tx, fresh) };
    },
  } as unknown as UnitOfWork;
};

const recording = (): Projection<Systems, number> & { seen: Array<ProjectedRecord<Systems>> } => {
  const seen: Array<ProjectedRecord<Systems>> = [];
  return {
    topics: [INTERNAL_TOPICS.systems],
    seen,
    apply: (_manager, records) => {
      seen.push(...records);
      return Promise.resolve(records.length);
    },
  };
};

describe('project', () => {
  it('hands the record, tagged by its topic, to apply inside the run, once', async () => {
    const projection = recording();
    const consumed = event(INTERNAL_TOPICS.systems);
    expect(await project(unitOfWork(), projection, consumed)).toBe(1);
    expect(projection.seen).toEqual([
      { topic: INTERNAL_TOPICS.systems, record: JSON.parse(consumed.payload) },
    ]);
    expect(await project(unitOfWork(new Set([consumed])), projection, consumed)).toBeUndefined();
    expect(projection.seen).toHaveLength(1);
  });

  it('refuses a record of a topic the projection is not built from', async () => {
    await expect(project(unitOfWork(), recording(), event(INTERNAL_TOPICS.policies))).rejects.toThrow(
      /was handed a record of governance.internal.policies/,
    );
  });
});

describe('projectEach', () => {
  it('applies only the fresh events of a batch, in the order given', async () => {
    const projection = recording();
    const [a, b, c] = [
      event(INTERNAL_TOPICS.systems),
      event(INTERNAL_TOPICS.systems),
      event(INTERNAL_TOPICS.systems),
    ];
    expect(await projectEach(unitOfWork(new Set([b])), projection, [a, b, c])).toBe(2);
    expect(projection.seen.map((seen) => seen.record.id)).toEqual([a.eventId, c.eventId]);
  });
});
