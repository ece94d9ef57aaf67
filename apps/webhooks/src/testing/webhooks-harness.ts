import { randomBytes } from 'node:crypto';
import { issueApiKey } from '@governance/auth';
import {
  newId,
  newUuidV7,
  type Plan,
  type PublicEventRecord,
  type PublicEventType,
  type PublicEventDetails,
  type Severity,
} from '@governance/contracts';
import {
  createKafka,
  ensureEventLog,
  type EventTransport,
  KafkaEventTransport,
  PostgresLogTransport,
  publicEventMessage,
  tenancyEventMessage,
} from '@governance/messaging';
import { createLogger, type ServiceInstance } from '@governance/platform';
import { createTestDatabase, type TestDatabase } from '@governance/testing';
import { type FastifyInstance, type InjectOptions, type LightMyRequestResponse } from 'fastify';
import { DataSource } from 'typeorm';
import { createService } from '../service';

export interface HarnessOptions {
  env?: Record<string, string>;
  kafkaBrokers?: string;
}

export interface TestOrganization {
  id: string;
  apiKey: string;
}

/**
 * The webhooks service in-process on a fresh database, with the bus it consumes. Tenancy and public
 * events are published onto that bus the way the tenancy service and upstream services would.
 */
export class WebhooksHarness {
  private constructor(
    readonly service: ServiceInstance,
    readonly fastify: FastifyInstance,
    readonly database: TestDatabase,
    readonly sql: DataSource,
    private readonly bus: EventTransport,
  ) {}

  static async start(options: HarnessOptions = {}): Promise<WebhooksHarness> {
    const database = await createTestDatabase();
    const env: NodeJS.ProcessEnv = {
      DATABASE_URL: database.url,
      DATABASE_POOL_SIZE: '5',
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_DELAYS_MS: '300,600',
      WEBHOOK_TIMEOUT_MS: '1000',
      WEBHOOK_DISPATCH_POLL_MS: '50',
      EVENT_LOG_POLL_INTERVAL_MS: '20',
      OUTBOX_POLL_INTERVAL_MS: '20',
      KAFKA_MAX_WAIT_MS: '100',
      KAFKA_SESSION_TIMEOUT_MS: '6000',
      LOG_LEVEL: 'error',
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
    } else {
      await ensureEventLog(sql);
      bus = new PostgresLogTransport(sql);
    }
    return new WebhooksHarness(service, fastify, database, sql, bus);
  }

  /** Announces an organization and a key as the tenancy service would, then waits until the key works. */
  async createOrganization(plan: Plan = 'professional'): Promise<TestOrganization> {
    const { id, apiKey } = await announceOrganization(this.bus, plan);
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const response = await this.request('GET', '/v1/webhooks', apiKey);
      if (response.statusCode !== 401) return { id, apiKey };
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the tenant replica never learned of the organization');
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
  ): Promise<LightMyRequestResponse> {
    return this.fastify.inject({
      method,
      url,
      headers: {
        ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
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

  async close(): Promise<void> {
    await this.service.app.close();
    await this.bus.close();
    await this.sql.destroy();
    await this.database.drop();
  }
}

/** Publishes `organization.created` and `api_key.created` the way the tenancy service does. */
export async function announceOrganization(bus: EventTransport, plan: Plan): Promise<TestOrganization> {
  const id = newId('organization');
  const key = issueApiKey();
  const timestamp = new Date().toISOString();
  await bus.publish([
    tenancyEventMessage({
      id: newUuidV7(),
      organization_id: id,
      event: 'organization.created',
      timestamp,
      details: { name: `Org ${id}`, plan },
    }),
    tenancyEventMessage({
      id: newUuidV7(),
      organization_id: id,
      event: 'api_key.created',
      timestamp,
      details: { key_id: key.keyId, secret_sha256: key.secretSha256 },
    }),
  ]);
  return { id, apiKey: key.apiKey };
}

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

export const SYSTEM_REGISTERED: PublicEventDetails['system.registered'] = {
  system_name: 'Support Bot',
  registration_source: 'api',
  discovery_method: 'manual',
  host: 'bot-1.internal',
  runtime: 'python3.12',
  declared: true,
};
