import {
  type DynamicModule,
  Inject,
  Injectable,
  type MessageEvent,
  Module,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { LOGGER, type Logger } from '@governance/platform';
import { Client } from 'pg';
import { Observable } from 'rxjs';
import { DataSource } from 'typeorm';

/*
 * Live updates for the console: a service says what changed (`changed(organization, topic)`) once its
 * transaction committed; every replica of that service hears it through PostgreSQL NOTIFY and tells its
 * open streams. A change carries no data, only which topic moved: the console refetches through the
 * ordinary, authorized endpoints. So a hint lost to a crash costs freshness, never correctness.
 */

export interface LiveOptions {
  /** The service's schema: its replicas share one NOTIFY channel, `live_<schema>`. */
  schema: string;
  /** A stream ends after this long; the browser reconnects at once and is authorized again. */
  streamMaxMs: number;
  /** Changes within this window go out as one notification. */
  flushMs?: number;
  /** A comment this often keeps proxies from closing an idle stream. */
  heartbeatMs?: number;
}

const LIVE_OPTIONS = Symbol('LIVE_OPTIONS');
/** NOTIFY payloads must stay under 8,000 bytes; a notification carries at most this many changes. */
const CHANGES_PER_NOTIFICATION = 60;

interface Change {
  o: string;
  t: string;
}

type Listener = (topics: string[]) => void;

@Injectable()
export class LiveChanges implements OnApplicationShutdown {
  private readonly pending = new Map<string, Set<string>>();
  private flushTimer: NodeJS.Timeout | undefined;
  private listening: Promise<Client> | undefined;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly streams = new Set<() => void>();
  private readonly channel: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(LIVE_OPTIONS) private readonly options: LiveOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.channel = `live_${options.schema}`;
  }

  /** `topic` changed for `organizationId`: call it after the change committed. Cheap: a set insert. */
  changed(organizationId: string, topic: string): void {
    const topics = this.pending.get(organizationId) ?? new Set<string>();
    topics.add(topic);
    this.pending.set(organizationId, topics);
    this.flushTimer ??= setTimeout(() => void this.flush(), this.options.flushMs ?? 200).unref();
  }

  /**
   * The stream of one organization's changes, as server-sent events: `ready` once this replica listens
   * (the client refetches then, to cover what moved while it was away), then `change` with `{ topics }`.
   */
  stream(organizationId: string, topics: readonly string[]): Observable<MessageEvent> {
    return new Observable<MessageEvent>((subscriber) => {
      const listener: Listener = (changed) => {
        const relevant = changed.filter((topic) => topics.includes(topic));
        if (relevant.length > 0) subscriber.next({ type: 'change', data: { topics: relevant } });
      };
      const byOrganization = this.listeners.get(organizationId) ?? new Set<Listener>();
      byOrganization.add(listener);
      this.listeners.set(organizationId, byOrganization);
      const end = () => subscriber.complete();
      this.streams.add(end);

      let lifetime: NodeJS.Timeout | undefined;
      this.listen().then(
        () => {
          if (subscriber.closed) return;
          subscriber.next({ type: 'ready', data: { topics }, retry: 1_000 });
          lifetime = setTimeout(end, this.options.streamMaxMs).unref();
        },
        (error: unknown) => subscriber.error(error),
      );
      const heartbeat = setInterval(
        () => subscriber.next({ type: 'heartbeat', data: '' }),
        this.options.heartbeatMs ?? 20_000,
      ).unref();
      return () => {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        this.streams.delete(end);
        byOrganization.delete(listener);
        if (byOrganization.size === 0) this.listeners.delete(organizationId);
      };
    });
  }

  async onApplicationShutdown(): Promise<void> {
    for (const end of [...this.streams]) end();
    clearTimeout(this.flushTimer);
    const listening = this.listening;
    this.listening = undefined;
    await listening?.then((client) => client.end()).catch(() => undefined);
  }

  private async flush(): Promise<void> {
    this.flushTimer = undefined;
    const changes: Change[] = [];
    for (const [organization, topics] of this.pending)
      for (const topic of topics) changes.push({ o: organization, t: topic });
    this.pending.clear();
    for (let start = 0; start < changes.length; start += CHANGES_PER_NOTIFICATION) {
      const payload = JSON.stringify(changes.slice(start, start + CHANGES_PER_NOTIFICATION));
      try {
        await this.dataSource.query('SELECT pg_notify($1, $2)', [this.channel, payload]);
      } catch (error) {
        this.logger.warn({ error: (error as Error).message }, 'a live update was not announced');
      }
    }
  }

  private deliver(payload: string | undefined): void {
    let changes: Change[];
    try {
      changes = JSON.parse(payload ?? '[]') as Change[];
    } catch {
      return;
    }
    const byOrganization = new Map<string, string[]>();
    for (const change of changes)
      byOrganization.set(change.o, [...(byOrganization.get(change.o) ?? []), change.t]);
    for (const [organization, topics] of byOrganization)
      for (const listener of this.listeners.get(organization) ?? []) listener(topics);
  }

  /** One LISTEN connection per process, opened by the first stream, reopened after a failure. */
  private listen(): Promise<Client> {
    this.listening ??= this.connect().catch((error: unknown) => {
      this.listening = undefined;
      throw error;
    });
    return this.listening;
  }

  private async connect(): Promise<Client> {
    const options = this.dataSource.options as { url?: string; applicationName?: string };
    const client = new Client({
      connectionString: options.url,
      application_name: `${options.applicationName ?? 'service'}-live`,
    });
    client.on('notification', (message) => {
      if (message.channel === this.channel) this.deliver(message.payload);
    });
    client.on('error', (error) => {
      this.logger.warn({ error: error.message }, 'the live updates listener lost its connection');
      // Streams end; browsers reconnect and the next stream listens again.
      this.listening = undefined;
      void client.end().catch(() => undefined);
      for (const end of [...this.streams]) end();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${this.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    return client;
  }
}

@Module({})
export class LiveChangesModule {
  static forService(options: LiveOptions): DynamicModule {
    return {
      module: LiveChangesModule,
      global: true,
      providers: [{ provide: LIVE_OPTIONS, useValue: options }, LiveChanges],
      exports: [LiveChanges],
    };
  }
}
