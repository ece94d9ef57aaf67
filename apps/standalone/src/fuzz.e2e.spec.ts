import { randomBytes } from 'node:crypto';
import http from 'node:http';
import fc from 'fast-check';
import { Client } from 'pg';
import {
  createTestDatabase,
  startServiceProcess,
  type ServiceProcess,
  type TestDatabase,
} from '@governance/testing';
import {
  anyRequests,
  type FuzzContext,
  type FuzzRequest,
  type Operation,
  operationsOf,
  readOpenApiDocument,
  refusedRequests,
} from './testing/fuzz-requests';

/*
 * Bad input never reaches a 5xx (issue 11). Thousands of requests generated from a fixed seed, over every
 * operation of the OpenAPI document, against the product as `npm start` runs it. Every request must get
 * an HTTP answer, never a 5xx, and every 4xx must carry the uniform error body. A first burst of requests
 * that must all be refused is checked to have written nothing, in any table of any service.
 */

const SEED = 20_261_124;
const REFUSED_RUNS = 2_000;
const ANY_RUNS = 4_000;
const CONCURRENCY = 16;

/** Every endpoint of the spec (governance-service-interface.md) plus the admin API; all must be fuzzed. */
const SPEC_ENDPOINTS = [
  'POST /api/service/probe/telemetry',
  'POST /api/service/probe/heartbeat',
  'GET /api/service/probe/policy-sync',
  'POST /api/service/probe/register',
  'GET /api/service/systems',
  'POST /api/service/systems',
  'GET /api/service/systems/:id',
  'PATCH /api/service/systems/:id',
  'POST /api/service/assess/document',
  'GET /api/service/assess/:id',
  'GET /api/service/assess/:id/findings',
  'GET /api/service/assess/templates',
  'GET /api/service/policies',
  'POST /api/service/policies',
  'PATCH /api/service/policies/:id/enforcement',
  'POST /api/service/policies/frameworks/:id/import',
  'GET /api/service/dashboard/summary',
  'GET /api/service/dashboard/compliance-status',
  'GET /api/service/dashboard/activity',
  'POST /api/service/reports',
  'GET /api/service/reports',
  'GET /api/service/reports/:id',
  'POST /v1/webhooks',
  'GET /v1/webhooks',
  'DELETE /v1/webhooks/:webhook_id',
  'PATCH /v1/webhooks/:webhook_id',
  'POST /v1/webhooks/:webhook_id/test',
  'GET /v1/webhooks/:webhook_id/deliveries',
  'POST /admin/v1/organizations',
  'POST /admin/v1/organizations/:id/api-keys',
];

type Answer = { status: number; contentType: string; body: string } | { status?: undefined; error: string };

function send(baseUrl: URL, agent: http.Agent, request: FuzzRequest): Promise<Answer> {
  return new Promise((resolve) => {
    const headers: Record<string, string> = { ...request.headers };
    if (request.body) headers['content-length'] = String(request.body.length);
    const outgoing = http.request(
      {
        host: baseUrl.hostname,
        port: baseUrl.port,
        method: request.method,
        path: request.path,
        headers,
        agent,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => resolve({ error: `answer cut: ${error.message}` }));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    // After the answer, a write error (the server closing on a refused upload) changes nothing.
    outgoing.on('error', (error) => resolve({ error: error.message }));
    outgoing.setTimeout(10_000, () => outgoing.destroy(new Error('no answer within 10 s')));
    outgoing.end(request.body);
  });
}

/** What is wrong with an answer, or undefined. */
function problemOf(request: FuzzRequest, answer: Answer, codes: readonly string[]): string | undefined {
  if (answer.status === undefined) return `no answer: ${answer.error}`;
  if (answer.status >= 500) return `${answer.status}: ${answer.body.slice(0, 300)}`;
  if (answer.status < 400 || request.method === 'HEAD') return undefined;
  if (!answer.contentType.startsWith('application/json'))
    return `${answer.status} as ${answer.contentType || 'no content-type'}: ${answer.body.slice(0, 120)}`;
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    return `${answer.status} with a body that is not JSON: ${answer.body.slice(0, 120)}`;
  }
  const error = (body as { error?: Record<string, unknown> }).error;
  const uniform =
    error !== undefined &&
    Object.keys(body as object).length === 1 &&
    codes.includes(error['code'] as string) &&
    typeof error['message'] === 'string' &&
    'details' in error;
  return uniform
    ? undefined
    : `${answer.status} without the uniform error body: ${answer.body.slice(0, 200)}`;
}

interface Outcome {
  request: FuzzRequest;
  answer: Answer;
}

async function sendAll(baseUrl: string, requests: FuzzRequest[]): Promise<Outcome[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const url = new URL(baseUrl);
  const outcomes: Outcome[] = new Array<Outcome>(requests.length);
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const index = next++;
      const request = requests[index] as FuzzRequest;
      outcomes[index] = { request, answer: await send(url, agent, request) };
    }
  };
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  return outcomes;
}

function describeFailure({ request, answer }: Outcome, problem: string): string {
  const body = request.body ? ` body(${request.body.length} B) ${request.body.toString('utf8', 0, 100)}` : '';
  const type = request.headers['content-type'] ?? 'none';
  return `${request.method} ${request.path.slice(0, 160)} [${request.what}] content-type ${type}${body}\n  → ${problem} (${answer.status ?? 'no status'})`;
}

/** Row counts of every table of every schema: each service's own tables, outboxes and inboxes, the event log. */
async function rowCounts(sql: Client): Promise<Record<string, number>> {
  const tables = await sql.query<{ name: string }>(
    `SELECT format('%I.%I', table_schema, table_name) AS name FROM information_schema.tables
      WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')
      ORDER BY 1`,
  );
  const names = tables.rows.map((row) => row.name);
  const counts = await sql.query<{ i: number; rows: number }>(
    names.map((name, i) => `SELECT ${i} AS i, count(*)::int AS rows FROM ${name}`).join(' UNION ALL '),
  );
  return Object.fromEntries(counts.rows.map((row) => [names[row.i] ?? String(row.i), row.rows]));
}

/** The counts once the consumers have caught up with the setup: unchanged over a second. */
async function quietRowCounts(sql: Client): Promise<Record<string, number>> {
  const deadline = Date.now() + 30_000;
  let previous = await rowCounts(sql);
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const current = await rowCounts(sql);
    if (JSON.stringify(current) === JSON.stringify(previous)) return current;
    if (Date.now() > deadline) throw new Error('row counts never settled after the setup');
    previous = current;
  }
}

const normalize = (endpoint: string) => endpoint.replace(/\{[^}]+\}|:[a-z_]+/gi, '{}');

describe('fuzzing every endpoint', () => {
  let database: TestDatabase;
  let sql: Client;
  let app: ServiceProcess;
  let context: FuzzContext;
  let systemId: string;
  const adminToken = `adm_${randomBytes(18).toString('base64url')}`;
  const document = readOpenApiDocument();
  const operations = operationsOf(document);
  const errorCodes = document.components.schemas.Error.properties.error.properties.code.enum;

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await startServiceProcess('standalone', {
      DATABASE_URL: database.url,
      ADMIN_TOKEN: adminToken,
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      REPORT_SIGNING_KEY: randomBytes(32).toString('base64url'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      EVENT_LOG_POLL_INTERVAL_MS: '50',
      PROBE_SILENCE_MS: '3600000',
      LOG_LEVEL: 'warn',
      // Key usage is reported as events every interval: a write behind the refused requests' backs.
      KEY_USAGE_REPORT_MS: '3600000',
      // Eight services share the test PostgreSQL with other test files, so fewer connections than the
      // default 10 each; a connection refused for `max_connections` would be a 500 that says nothing
      // about the input. Not fewer than 8: probe ingest's five consumers each hold a connection while
      // their handler takes another, and a pool of 5 stalls it.
      DATABASE_POOL_SIZE: '8',
    });
    sql = new Client({ connectionString: database.url });
    await sql.connect();

    const organization = await call('POST', '/admin/v1/organizations', adminToken, {
      name: 'Fuzz',
      plan: 'professional',
    });
    expect(organization.status).toBe(201);
    const organizationId = organization.body['id'] as string;
    const apiKey = organization.body['api_key'] as string;
    const system = await call('POST', '/api/service/systems', apiKey, { name: 'Fuzz target' });
    expect(system.status).toBe(201);
    systemId = system.body['id'] as string;
    // A subscription no event of this test triggers, so no delivery writes behind the test's back.
    const webhook = await call('POST', '/v1/webhooks', apiKey, {
      url: 'http://127.0.0.1:9/fuzz',
      events: ['probe.disconnected'],
    });
    expect(webhook.status).toBe(201);
    const policy = await call('POST', '/api/service/policies', apiKey, {
      name: 'Fuzz policy',
      enforcement_mode: 'WARN',
      rules: { all: [{ field: 'labels.pii', op: 'eq', value: 'email' }] },
    });
    expect(policy.status).toBe(201);
    const probe = await call('POST', '/api/service/probe/register', apiKey, {
      probe_name: 'fuzz-probe',
      host: 'fuzz-1.internal',
      system_id: systemId,
    });
    expect(probe.status).toBe(201);
    const probeId = probe.body['probe_id'] as string;

    // A key of its own for the key routes to act on, so a revocation cannot stop the fuzzing key.
    const targetKey = await call('POST', '/api/service/api-keys', apiKey, {
      name: 'Fuzz target',
      scope: 'read_only',
    });
    expect(targetKey.status).toBe(201);
    const invitation = await call('POST', '/api/service/invitations', apiKey, {
      email: 'fuzz@example.com',
      role: 'viewer',
    });
    expect(invitation.status).toBe(201);

    const fakeAssessment = 'asmnt_01JD60A1B2C3D4E5F6G7H8J9KM';
    const realParams: Array<[prefix: string, value: string]> = [
      ['/admin/v1/organizations/', organizationId],
      // Every consuming service's dead letters: none exist, so a well-formed id is simply not found.
      ['/admin/v1/', '1'],
      ['/api/service/systems/', systemId],
      ['/api/service/policies/frameworks/', 'EU_AI_ACT'],
      ['/api/service/policies/', policy.body['id'] as string],
      ['/api/service/probe/probes/', probeId],
      ['/api/service/probe/systems/', systemId],
      // A domain nobody claims: verifying it is simply not found.
      ['/api/service/sso/domains/', 'unclaimed.example'],
      ['/api/service/assess/', fakeAssessment],
      ['/api/service/reports/assessments/', fakeAssessment],
      ['/api/service/reports/', 'rpt_01JD60A1B2C3D4E5F6G7H8J9KM'],
      ['/v1/webhooks/', webhook.body['id'] as string],
      ['/api/service/api-keys/', targetKey.body['id'] as string],
      ['/api/service/invitations/', invitation.body['id'] as string],
      // Nobody but keys in this organization: a well-formed person is simply not found.
      ['/api/service/members/', 'usr_01JD60A1B2C3D4E5F6G7H8J9KM'],
      // A person's own sessions: the fuzzing key is nobody, so these refuse it whatever the id.
      ['/api/service/auth/', 'ses_01JD60A1B2C3D4E5F6G7H8J9KM'],
    ];
    context = {
      adminToken,
      apiKey,
      realParam: (template) => {
        const found = realParams.find(([prefix]) => template.startsWith(prefix));
        if (!found) throw new Error(`no real id for ${template}`);
        return found[1];
      },
      example: (operation: Operation) => {
        const example: Record<string, unknown> = { ...operation.body?.example };
        if ('probe_id' in example) example['probe_id'] = probeId;
        if ('system_id' in example) example['system_id'] = systemId;
        if (operation.template.startsWith('/v1/webhooks') && 'url' in example)
          example['url'] = 'http://127.0.0.1:9/fuzz';
        if (operation.template === '/api/service/systems' || operation.template === '/api/service/policies')
          example['name'] = 'Fuzzed name';
        return example;
      },
    };
  }, 180_000);

  /** The service's own error lines, to explain failures; none are gathered when there is none. */
  const serverErrors = (failures: string[]) =>
    failures.length === 0
      ? []
      : app
          .output()
          .split('\n')
          .filter((line) => line.includes('"level":"error"'))
          .slice(0, 5)
          .map((line) => line.slice(0, 400));

  afterAll(async () => {
    await app?.stop('SIGKILL');
    await sql?.end();
    await database?.drop();
  });

  it('covers every endpoint of the spec and the admin API', () => {
    const fuzzed = new Set(
      operations.map((operation) => `${operation.method} ${normalize(operation.template)}`),
    );
    expect(SPEC_ENDPOINTS.map(normalize).filter((endpoint) => !fuzzed.has(endpoint))).toEqual([]);
  });

  it('refuses bad requests with 4xx and the uniform body, and writes nothing for them', async () => {
    const before = await quietRowCounts(sql);
    expect(Object.keys(before).filter((table) => table.endsWith('.outbox')).length).toBeGreaterThanOrEqual(8);
    const requests = fc.sample(refusedRequests(context, operations), { seed: SEED, numRuns: REFUSED_RUNS });
    const outcomes = await sendAll(app.baseUrl, requests);
    const failures = outcomes.flatMap((outcome) => {
      const problem =
        problemOf(outcome.request, outcome.answer, errorCodes) ??
        (outcome.answer.status !== undefined && outcome.answer.status < 400
          ? `${outcome.answer.status} for a request that must be refused: ${outcome.answer.body.slice(0, 120)}`
          : undefined);
      return problem ? [describeFailure(outcome, problem)] : [];
    });
    expect({ failures: failures.slice(0, 20), serverErrors: serverErrors(failures) }).toEqual({
      failures: [],
      serverErrors: [],
    });
    expect(await rowCounts(sql)).toEqual(before);
  }, 90_000);

  it('answers thousands of mutated requests without a 5xx, a dropped connection or a non-uniform error', async () => {
    const requests = fc.sample(anyRequests(context, operations, systemId), {
      seed: SEED + 1,
      numRuns: ANY_RUNS,
    });
    const outcomes = await sendAll(app.baseUrl, requests);
    const failures = outcomes.flatMap((outcome) => {
      const problem = problemOf(outcome.request, outcome.answer, errorCodes);
      return problem ? [describeFailure(outcome, problem)] : [];
    });
    expect({ failures: failures.slice(0, 20), serverErrors: serverErrors(failures) }).toEqual({
      failures: [],
      serverErrors: [],
    });
    const statuses = new Map<number, number>();
    for (const { answer } of outcomes)
      statuses.set(answer.status ?? 0, (statuses.get(answer.status ?? 0) ?? 0) + 1);
    // Most requests must get past authentication and parsing, and some must be accepted, or the fuzz
    // tests nothing behind them.
    expect((statuses.get(401) ?? 0) / outcomes.length).toBeLessThan(0.3);
    const accepted = [...statuses].filter(([status]) => status >= 200 && status < 300);
    expect(accepted.reduce((sum, [, count]) => sum + count, 0) / outcomes.length).toBeGreaterThan(0.1);
    expect((await fetch(`${app.baseUrl}/health/ready`)).status).toBe(200);
  }, 90_000);
});
