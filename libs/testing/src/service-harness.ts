import { randomBytes } from 'node:crypto';
import { issueApiKey, issueCredential } from '@governance/auth';
import {
  type AuditRecordedDetails,
  newId,
  newUuidV7,
  type Plan,
  type Role,
  type KeyScope,
  type PublicEventDetails,
  type PublicEventRecord,
  type PublicEventType,
  type Severity,
} from '@governance/contracts';
import {
  createKafka,
  type EventTransport,
  KafkaEventTransport,
  type OutboxMessage,
  PostgresLogTransport,
  publicEventMessage,
  tenancyEventMessage,
} from '@governance/messaging';
import { createLogger, type ServiceInstance } from '@governance/platform';
import { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { recordOf } from './event-fixtures';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface ServiceHarnessOptions {
  /** The service's own variables, on top of fast-polling test defaults. */
  env?: Record<string, string>;
  /** Bootstrap servers of a Kafka (mock) cluster; unset uses the Postgres event log. */
  kafkaBrokers?: string;
  /** Reuse a database (a restart, or a second replica) instead of creating a fresh one. */
  database?: TestDatabase;
}

export interface TestOrganization {
  id: string;
  apiKey: string;
}

/** A person signed in to an organization, as identity would announce them. */
export interface TestMember {
  userId: string;
  sessionId: string;
  /** Headers of a same-origin browser request: the session and CSRF cookies, the CSRF header, Origin. */
  headers: Record<string, string>;
}

type CreateService = (env: NodeJS.ProcessEnv) => Promise<ServiceInstance>;

/** Variables every service accepts, shortened so tests do not wait on idle polls. */
const FAST_DEFAULTS: Record<string, string> = {
  DATABASE_POOL_SIZE: '5',
  EVENT_LOG_POLL_INTERVAL_MS: '20',
  OUTBOX_POLL_INTERVAL_MS: '20',
  KAFKA_MAX_WAIT_MS: '100',
  KAFKA_SESSION_TIMEOUT_MS: '6000',
  LOG_LEVEL: 'error',
  // Injected requests come from 127.0.0.1, which tests treat as the edge proxy: X-Forwarded-For names the client.
  TRUST_PROXY: '127.0.0.1',
};

/**
 * One service in-process on a real database, with the bus it consumes. Tests publish onto that bus what
 * the other services would (identity events, public and internal events) and read the service's own
 * tables through `sql`.
 */
export class ServiceHarness {
  private constructor(
    readonly service: ServiceInstance,
    readonly fastify: FastifyInstance,
    readonly database: TestDatabase,
    readonly sql: DataSource,
    readonly env: NodeJS.ProcessEnv,
    private readonly bus: EventTransport,
    private readonly ownsDatabase: boolean,
  ) {}

  static async start(
    createService: CreateService,
    options: ServiceHarnessOptions = {},
  ): Promise<ServiceHarness> {
    const database = options.database ?? (await createTestDatabase());
    const env: NodeJS.ProcessEnv = {
      ...FAST_DEFAULTS,
      DATABASE_URL: database.url,
      ...(options.kafkaBrokers ? { KAFKA_BROKERS: options.kafkaBrokers } : {}),
      ...options.env,
    };
    const service = await createService(env);
    const fastify: FastifyInstance = service.app.getHttpAdapter().getInstance();
    await fastify.ready();
    const sql = new DataSource({ type: 'postgres', url: database.url, extra: { max: 3 } });
    await sql.initialize();
    let bus: EventTransport;
    if (options.kafkaBrokers) {
      const config = {
        brokers: options.kafkaBrokers.split(','),
        clientId: 'harness',
        maxWaitMs: 100,
        idempotentProducer: false,
        ssl: false,
        sessionTimeoutMs: 6_000,
      };
      bus = new KafkaEventTransport(createKafka(config, createLogger('harness', 'error')), config);
    } else bus = new PostgresLogTransport(sql);
    return new ServiceHarness(service, fastify, database, sql, env, bus, !options.database);
  }

  /**
   * Announces an organization and a key as the identity service would. The key works at once: a service
   * that does not know it yet catches up with the bus before refusing it.
   */
  createOrganization(plan: Plan = 'professional'): Promise<TestOrganization> {
    return announceOrganization(this.bus, plan);
  }

  /** Announces another key of the organization with `scope`, as identity does. */
  async createApiKey(organizationId: string, scope: KeyScope): Promise<{ keyId: string; apiKey: string }> {
    const key = issueApiKey();
    await this.bus.publish([
      tenancyEventMessage({
        id: newUuidV7(),
        organization_id: organizationId,
        event: 'api_key.created',
        timestamp: new Date().toISOString(),
        details: { key_id: key.keyId, secret_sha256: key.secretSha256, scope },
      }),
    ]);
    return { keyId: key.keyId, apiKey: key.apiKey };
  }

  /**
   * Announces a person with `role` in the organization and a session of theirs, as identity does; with
   * `boundOrganizationId`, a session an SSO sign-in bound to that organization.
   */
  createMember(
    organizationId: string,
    role: Role,
    userId: string = newId('user'),
    options: { boundOrganizationId?: string } = {},
  ): Promise<TestMember> {
    return announceMember(this.bus, organizationId, role, userId, options);
  }

  /** Puts records on the bus as another service's relay would. */
  async publishMessages(messages: OutboxMessage[]): Promise<void> {
    await this.bus.publish(messages);
  }

  async publish<T extends PublicEventType>(
    organizationId: string,
    event: T,
    details: PublicEventDetails[T],
    options: { severity?: Severity; systemId?: string | null; id?: string } = {},
  ): Promise<PublicEventRecord<T>> {
    const record = {
      id: options.id ?? newUuidV7(),
      organization_id: organizationId,
      event,
      timestamp: new Date().toISOString(),
      severity: options.severity ?? 'INFO',
      system_id: options.systemId === undefined ? newId('system') : options.systemId,
      details,
    } as PublicEventRecord<T>;
    await this.bus.publish([publicEventMessage(record)]);
    return record;
  }

  request(
    method: InjectOptions['method'],
    url: string,
    apiKey?: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<LightMyRequestResponse> {
    return this.fastify.inject({
      method,
      url,
      headers: {
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: typeof body === 'string' ? body : JSON.stringify(body) }),
    });
  }

  async count(table: string): Promise<number> {
    const [row] = await this.sql.query<Array<{ count: number }>>(
      `SELECT count(*)::int AS count FROM ${table}`,
    );
    return row?.count ?? 0;
  }

  /** Stops the service; the database survives when the harness was handed one (restart tests). */
  async close(): Promise<void> {
    await this.service.app.close();
    await this.bus.close();
    await this.sql.destroy();
    if (this.ownsDatabase) await this.database.drop();
  }
}

/** Publishes `organization.created` and `api_key.created` the way the identity service does. */
export async function announceOrganization(bus: EventTransport, plan: Plan): Promise<TestOrganization> {
  const id = newId('organization');
  const key = issueApiKey();
  await bus.publish([
    recordOf.organizationCreated(id, plan),
    tenancyEventMessage({
      id: newUuidV7(),
      organization_id: id,
      event: 'api_key.created',
      timestamp: new Date().toISOString(),
      details: { key_id: key.keyId, secret_sha256: key.secretSha256 },
    }),
  ]);
  return { id, apiKey: key.apiKey };
}

/** Publishes `member.added` and `session.started` for a person the way the identity service does. */
export async function announceMember(
  bus: EventTransport,
  organizationId: string,
  role: Role,
  userId: string = newId('user'),
  options: { boundOrganizationId?: string } = {},
): Promise<TestMember> {
  const session = issueCredential('session');
  const timestamp = new Date().toISOString();
  await bus.publish([
    tenancyEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'member.added',
      timestamp,
      details: { user_id: userId, role },
    }),
    tenancyEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'session.started',
      timestamp,
      details: {
        session_id: session.id,
        user_id: userId,
        secret_sha256: session.secretSha256,
        ...(options.boundOrganizationId ? { bound_organization_id: options.boundOrganizationId } : {}),
      },
    }),
  ]);
  const csrf = randomBytes(16).toString('base64url');
  return {
    userId,
    sessionId: session.id,
    headers: {
      cookie: `service_session=${session.token}; service_csrf=${csrf}`,
      'x-service-csrf': csrf,
      origin: 'http://localhost:80',
    },
  };
}

/** Polls `check` every 25 ms until it returns something truthy, and returns that. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  timeoutMs = 15_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface OutboxEntry {
  eventId: string;
  topic: string;
  eventType: string;
  key: string;
  record: Record<string, unknown> & { details: Record<string, unknown> };
}

/** What the service of `schema` has emitted so far, oldest first, read from its outbox. */
export async function readOutbox(
  harness: ServiceHarness,
  schema: string,
  eventType?: string,
): Promise<OutboxEntry[]> {
  const rows = await harness.sql.query<
    Array<{ event_id: string; topic: string; event_type: string; message_key: string; payload: string }>
  >(
    `SELECT event_id, topic, event_type, message_key, payload FROM ${schema}.outbox
     WHERE $1::text IS NULL OR event_type = $1 ORDER BY position`,
    [eventType ?? null],
  );
  return rows.map((row) => ({
    eventId: row.event_id,
    topic: row.topic,
    eventType: row.event_type,
    key: row.message_key,
    record: JSON.parse(row.payload) as OutboxEntry['record'],
  }));
}

/** The changes the service of `schema` recorded for the audit trail about `targetId`, oldest first. */
export async function readAuditEntries(
  harness: ServiceHarness,
  schema: string,
  targetId: string,
): Promise<AuditRecordedDetails[]> {
  return (await readOutbox(harness, schema, 'audit.recorded'))
    .map((entry) => entry.record.details as unknown as AuditRecordedDetails)
    .filter((details) => details.target_id === targetId);
}
