import { counter, type Logger } from '@governance/platform';
import { type Admin, type Kafka } from 'kafkajs';
import { type DataSource } from 'typeorm';

/** Per partition (the event log has one, 0): an offset in the topic. */
export type Offsets = ReadonlyMap<number, number>;

/**
 * Where a consumer group stands on a topic, per partition: `head` is the offset the next record will
 * take (Kafka: the high watermark; log: the newest position), `processed` how far the group has committed
 * (Kafka: its committed offset; log: its checkpoint).
 */
export interface Positions {
  head: Offsets;
  processed: Offsets;
  /** False when the group has never recorded progress on the topic (it may not exist at all). */
  known: boolean;
}

export interface ConsumerProgress {
  /** The topic's head and the group's progress, read together. */
  positions(group: string, topic: string): Promise<Positions>;
  processed(group: string, topic: string): Promise<Offsets>;
  close(): Promise<void>;
}

function hasReached(processed: Offsets, head: Offsets): boolean {
  for (const [partition, offset] of head) if ((processed.get(partition) ?? 0) < offset) return false;
  return true;
}

/** The Postgres event log: the topic's newest position against the group's checkpoint, in one query. */
export class EventLogProgress implements ConsumerProgress {
  constructor(private readonly dataSource: DataSource) {}

  async positions(group: string, topic: string): Promise<Positions> {
    const [row] = await this.dataSource.query<Array<{ head: string; processed: string | null }>>(
      `SELECT coalesce((SELECT max(position) FROM event_bus.events WHERE topic = $2), 0) AS head,
              (SELECT position FROM event_bus.checkpoints WHERE consumer_group = $1 AND topic = $2) AS processed`,
      [group, topic],
    );
    return {
      head: new Map([[0, Number(row?.head ?? 0)]]),
      processed: new Map([[0, Number(row?.processed ?? 0)]]),
      known: row?.processed !== null && row?.processed !== undefined,
    };
  }

  async processed(group: string, topic: string): Promise<Offsets> {
    return (await this.positions(group, topic)).processed;
  }

  async close(): Promise<void> {}
}

/** Kafka: the high watermarks against the group's committed offsets (kafkajs commits after each batch). */
export class KafkaProgress implements ConsumerProgress {
  private readonly admin: Admin;
  private connecting: Promise<void> | undefined;

  constructor(kafka: Kafka) {
    this.admin = kafka.admin();
  }

  async positions(group: string, topic: string): Promise<Positions> {
    await this.connect();
    const [partitions, committed] = await Promise.all([
      this.admin.fetchTopicOffsets(topic),
      this.committed(group, topic),
    ]);
    return {
      head: new Map(partitions.map((entry) => [entry.partition, Number(entry.high)])),
      processed: new Map(committed.map(([partition, offset]) => [partition, Math.max(0, offset)])),
      known: committed.some(([, offset]) => offset >= 0),
    };
  }

  async processed(group: string, topic: string): Promise<Offsets> {
    const committed = await this.committed(group, topic);
    return new Map(committed.map(([partition, offset]) => [partition, Math.max(0, offset)]));
  }

  /** Per partition the group's committed offset; -1 where it has committed nothing yet. */
  private async committed(group: string, topic: string): Promise<Array<[number, number]>> {
    await this.connect();
    const [committed] = await this.admin.fetchOffsets({ groupId: group, topics: [topic] });
    return (committed?.partitions ?? []).map((entry) => [entry.partition, Number(entry.offset)]);
  }

  async close(): Promise<void> {
    if (this.connecting) await this.admin.disconnect();
  }

  private connect(): Promise<void> {
    this.connecting ??= this.admin.connect().catch((error: unknown) => {
      this.connecting = undefined;
      throw error;
    });
    return this.connecting;
  }
}

export interface ReplicaCatchUpOptions {
  /** The longest a miss waits for the group to catch up. */
  timeoutMs: number;
  /** How often a waiting miss rereads the group's progress. */
  pollIntervalMs: number;
}

const catchUps = counter({
  name: 'replica_catch_up_total',
  help: 'Replica misses that waited for their consumer group to reach the head of the bus, by outcome',
  labelNames: ['service', 'consumer_group', 'outcome'],
});

/**
 * Read-your-writes across services, whose replicas may lag the bus. On a miss, `find` waits until this
 * service's consumer group has processed everything on the bus at the moment of the miss (the write side
 * answers only once its events are there), then looks again. Misses on one topic share their head
 * lookups and their waits, so a flood of unknown keys costs a bounded amount of work.
 */
export class ReplicaCatchUp {
  private readonly watches = new Map<string, TopicWatch>();

  constructor(
    private readonly service: string,
    private readonly progress: ConsumerProgress,
    private readonly options: ReplicaCatchUpOptions,
    private readonly logger: Logger,
  ) {}

  /** `lookup`, and on a miss (`undefined`, `null` or `false`) once more after `consumer` caught up on `topic`. */
  async find<T>(consumer: string, topic: string, lookup: () => Promise<T>): Promise<T> {
    const found = await lookup();
    if (found !== undefined && found !== null && found !== false) return found;
    await this.caughtUp(consumer, topic);
    return lookup();
  }

  /** True once this service's `consumer` processed what was on `topic` now; false on timeout or failure. */
  caughtUp(consumer: string, topic: string): Promise<boolean> {
    return this.groupCaughtUp(`${this.service}.${consumer}`, topic, false);
  }

  /**
   * caughtUp for another service's group, for a write that must wait until that service acted on its
   * events. A group with no progress on the topic is not waited for: that service is not deployed.
   */
  otherGroupCaughtUp(group: string, topic: string): Promise<boolean> {
    return this.groupCaughtUp(group, topic, true);
  }

  private async groupCaughtUp(group: string, topic: string, unknownIsDone: boolean): Promise<boolean> {
    const key = `${group}\u0000${topic}`;
    let watch = this.watches.get(key);
    if (!watch) {
      watch = new TopicWatch(group, topic, this.progress, this.options);
      this.watches.set(key, watch);
    }
    let outcome: 'caught_up' | 'timed_out' | 'failed';
    try {
      outcome = (await watch.caughtUp(unknownIsDone)) ? 'caught_up' : 'timed_out';
    } catch (error) {
      this.logger.warn({ err: error, consumer_group: group, topic }, 'could not read consumer progress');
      outcome = 'failed';
    }
    catchUps.inc({ service: this.service, consumer_group: group, outcome });
    if (outcome === 'timed_out')
      this.logger.warn(
        { consumer_group: group, topic, timeout_ms: this.options.timeoutMs },
        'replica did not catch up with the bus in time; answering from it as it is',
      );
    return outcome === 'caught_up';
  }

  close(): Promise<void> {
    for (const watch of this.watches.values()) watch.close();
    return this.progress.close();
  }
}

interface Waiter {
  head: Offsets;
  done(caughtUp: boolean): void;
}

/** The misses of one consumer group on one topic. */
class TopicWatch {
  private readonly heads: Coalesced<Positions>;
  private readonly waiters = new Set<Waiter>();
  private polling = false;
  private closed = false;

  constructor(
    private readonly group: string,
    private readonly topic: string,
    private readonly progress: ConsumerProgress,
    private readonly options: ReplicaCatchUpOptions,
  ) {
    this.heads = new Coalesced(() => this.progress.positions(this.group, this.topic));
  }

  async caughtUp(unknownIsDone: boolean): Promise<boolean> {
    const { head, processed, known } = await this.heads.next();
    if (hasReached(processed, head) || (unknownIsDone && !known)) return true;
    if (this.options.timeoutMs <= 0 || this.closed) return false;
    return new Promise<boolean>((resolve) => {
      const waiter: Waiter = {
        head,
        done: (caughtUp) => {
          clearTimeout(timer);
          this.waiters.delete(waiter);
          resolve(caughtUp);
        },
      };
      const timer = setTimeout(() => waiter.done(false), this.options.timeoutMs);
      this.waiters.add(waiter);
      void this.poll();
    });
  }

  close(): void {
    this.closed = true;
    for (const waiter of [...this.waiters]) waiter.done(false);
  }

  /** One loop per watch, whatever the number of waiters: rereads the group's progress until none wait. */
  private async poll(): Promise<void> {
    if (this.polling) return;
    this.polling = true;
    try {
      while (this.waiters.size > 0) {
        await new Promise((resolve) => setTimeout(resolve, this.options.pollIntervalMs));
        let processed: Offsets;
        try {
          processed = await this.progress.processed(this.group, this.topic);
        } catch {
          continue; // The waiters' own timeouts end the wait.
        }
        for (const waiter of [...this.waiters]) if (hasReached(processed, waiter.head)) waiter.done(true);
      }
    } finally {
      this.polling = false;
    }
  }
}

/**
 * Calls of next() share one run of `task` started no earlier than the call (a call during a run gets the
 * next run): answers are never older than the call, and at most one run is under way, one more queued.
 */
export class Coalesced<T> {
  private running: Promise<T> | undefined;
  private queued: Promise<T> | undefined;

  constructor(private readonly task: () => Promise<T>) {}

  next(): Promise<T> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    const settled = this.running.then(
      () => undefined,
      () => undefined,
    );
    this.queued = settled.then(() => {
      this.queued = undefined;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<T> {
    const run = this.task().finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }
}
