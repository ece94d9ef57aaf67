import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, chmodSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId, newUuidV7 } from '@governance/contracts';
import { PostgresLogTransport, publicEventMessage } from '@governance/messaging';
import {
  createTestDatabase,
  openDataSource,
  freePort,
  startServiceProcess,
  startWebhookReceiver,
  type ServiceProcess,
  type TestDatabase,
  type WebhookReceiver,
} from '@governance/testing';
import { type DataSource } from 'typeorm';

async function eventually<T>(
  check: () => Promise<T | false | undefined>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The product as `npm start` runs it: every service in one process, on one port. */
describe('standalone composition', () => {
  let database: TestDatabase;
  let sql: DataSource;
  let app: ServiceProcess;
  let receiver: WebhookReceiver;
  const adminToken = `adm_${randomBytes(18).toString('base64url')}`;
  const secrets = new Map<string, string>();

  beforeAll(async () => {
    database = await createTestDatabase();
    receiver = await startWebhookReceiver({ secret: (hookId) => secrets.get(hookId) });
    app = await startServiceProcess('standalone', {
      DATABASE_URL: database.url,
      ADMIN_TOKEN: adminToken,
      SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      REPORT_SIGNING_KEY: randomBytes(32).toString('base64url'),
      WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
      WEBHOOK_ALLOW_HTTP: 'true',
      WEBHOOK_RETRY_DELAYS_MS: '200,400',
      EVENT_LOG_POLL_INTERVAL_MS: '50',
      LOG_LEVEL: 'info',
    });
    sql = await openDataSource(database, 2);
  }, 150_000);

  afterAll(async () => {
    await app?.stop('SIGKILL');
    await receiver.close();
    await sql.destroy();
    await database.drop();
  });

  const call = async (method: string, path: string, token?: string, body?: unknown) => {
    const response = await fetch(`${app.baseUrl}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
      text,
    };
  };

  async function organization(plan: string): Promise<{ id: string; api_key: string }> {
    const created = await call('POST', '/admin/v1/organizations', adminToken, { name: `Org ${plan}`, plan });
    expect(created.status).toBe(201);
    // Every service learns of the key through a identity event; the key works on each at once.
    return created.body as { id: string; api_key: string };
  }

  /**
   * A webhook of the organization for one event type; `nextDelivery` waits for the next delivery to it,
   * requires that the receiver verified its signature, and returns the payload.
   */
  async function subscribe(apiKey: string, event: string): Promise<{ nextDelivery(): Promise<unknown> }> {
    const created = await call('POST', '/v1/webhooks', apiKey, { url: receiver.url, events: [event] });
    const webhook = created.body as { id: string; signing_secret: string };
    secrets.set(webhook.id, webhook.signing_secret);
    let seen = 0;
    return {
      async nextDelivery() {
        const delivery = await eventually(async () => {
          const mine = receiver.deliveries.filter(
            (entry) => entry.headers['x-service-hook-id'] === webhook.id,
          );
          return mine[seen];
        }, `a delivery to ${webhook.id}`);
        seen += 1;
        expect(delivery.verdict).toBe('ok');
        return JSON.parse(delivery.rawBody.toString('utf8')) as unknown;
      },
    };
  }

  it('answers health and metrics for the whole process', async () => {
    expect((await call('GET', '/health/live')).status).toBe(200);
    const ready = await call('GET', '/health/ready');
    expect(ready.status).toBe(200);
    expect(ready.body).toMatchObject({
      status: 'ok',
      services: {
        identity: { status: 'ok' },
        systems: { status: 'ok' },
        'probe-ingest': { status: 'ok' },
        assess: { status: 'ok' },
        policies: { status: 'ok' },
        dashboard: { status: 'ok' },
        webhooks: { status: 'ok' },
      },
    });
    const metrics = await fetch(`${app.baseUrl}/metrics`);
    expect(metrics.headers.get('content-type')).toContain('text/plain');
    expect(await metrics.text()).toContain('http_request_duration_seconds');
  });

  it('serves the API docs of every service: Swagger UI and the committed OpenAPI document', async () => {
    const page = await fetch(`${app.baseUrl}/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('swagger-ui');
    const document = await fetch(`${app.baseUrl}/docs/openapi.json`);
    expect(document.status).toBe(200);
    const committed = readFileSync(join(__dirname, '..', '..', '..', 'docs', 'openapi.json'), 'utf8');
    expect(await document.json()).toEqual(JSON.parse(committed));
  });

  it('guards the admin API with the admin token', async () => {
    expect(
      (await call('POST', '/admin/v1/organizations', undefined, { name: 'x', plan: 'free' })).status,
    ).toBe(401);
    expect(
      (await call('POST', '/admin/v1/organizations', 'wrong-token-wrong-token', { name: 'x', plan: 'free' }))
        .status,
    ).toBe(401);
  });

  it("routes each service's dead-letter admin API to that service, behind the admin token", async () => {
    for (const service of [
      'identity',
      'systems',
      'probe-ingest',
      'assess',
      'policies',
      'dashboard',
      'reports',
      'webhooks',
    ]) {
      const listed = await call('GET', `/admin/v1/${service}/dead-letters`, adminToken);
      expect([service, listed.status, listed.body]).toEqual([service, 200, { data: [] }]);
      const replayed = await call('POST', `/admin/v1/${service}/dead-letters/1/replay`, adminToken);
      expect([service, replayed.status]).toEqual([service, 404]);
      expect([service, (await call('GET', `/admin/v1/${service}/dead-letters`)).status]).toEqual([
        service,
        401,
      ]);
    }
  });

  it('runs the webhook flow end to end: organization, key, webhook, test call, event delivery, log', async () => {
    const org = await organization('professional');
    const extraKey = await call('POST', `/admin/v1/organizations/${org.id}/api-keys`, adminToken);
    expect(extraKey.status).toBe(201);
    expect(extraKey.body).toMatchObject({ organization_id: org.id, api_key: expect.stringMatching(/^sk_/) });
    expect((await call('GET', '/v1/webhooks', extraKey.body!.api_key as string)).status).toBe(200);

    const created = await call('POST', '/v1/webhooks', org.api_key, {
      url: receiver.url,
      events: ['probe.disconnected'],
      description: 'pager',
    });
    expect(created.status).toBe(201);
    const webhook = created.body as { id: string; signing_secret: string };
    secrets.set(webhook.id, webhook.signing_secret);

    const test = await call('POST', `/v1/webhooks/${webhook.id}/test`, org.api_key, {
      event: 'probe.disconnected',
    });
    expect(test.body).toMatchObject({ event: 'probe.disconnected', status_code: 200, success: true });

    const record = {
      id: newUuidV7(),
      organization_id: org.id,
      event: 'probe.disconnected' as const,
      timestamp: new Date().toISOString(),
      severity: 'HIGH' as const,
      system_id: newId('system'),
      details: {
        probe_id: newId('probe'),
        probe_name: 'edge-7',
        last_seen_at: new Date(Date.now() - 400_000).toISOString(),
        silence_duration_seconds: 400,
        environment: 'production',
      },
    };
    await new PostgresLogTransport(sql).publish([publicEventMessage(record)]);
    const [, live] = await receiver.waitFor(2, 15_000);
    expect(live!.verdict).toBe('ok');
    expect(live!.headers['x-service-event']).toBe('probe.disconnected');
    expect(JSON.parse(live!.rawBody.toString('utf8'))).toEqual({
      event: record.event,
      timestamp: record.timestamp,
      severity: record.severity,
      system_id: record.system_id,
      details: record.details,
    });

    const log = await eventually(async () => {
      const response = await call('GET', `/v1/webhooks/${webhook.id}/deliveries`, org.api_key);
      const data = (response.body as { data: Array<{ outcome: string; test: boolean }> }).data;
      return data.length === 2 && data.every((entry) => entry.outcome === 'succeeded') && data;
    }, 'both deliveries logged');
    expect(log.map((entry) => entry.test)).toEqual([false, true]);
  });

  it('announces a system registered through the API to a subscribed webhook, signed', async () => {
    const org = await organization('federal');
    const webhook = await subscribe(org.api_key, 'system.registered');

    const system = await call('POST', '/api/service/systems', org.api_key, {
      name: 'Support Bot',
      risk_tier: 'limited',
      host: 'bot-1.internal',
      runtime: 'python3.12',
    });
    expect(system.status).toBe(201);
    const systemId = (system.body as { id: string }).id;

    const summary = await eventually(async () => {
      const response = await call('GET', '/api/service/dashboard/summary', org.api_key);
      const body = response.body as { systems?: { total: number } } | undefined;
      return body?.systems?.total === 1 && body;
    }, 'the dashboard to count the system');
    expect(summary).toMatchObject({ systems: { total: 1, declared: 1, shadow: 0 } });

    expect(await webhook.nextDelivery()).toMatchObject({
      event: 'system.registered',
      severity: 'INFO',
      system_id: systemId,
      details: {
        system_name: 'Support Bot',
        registration_source: 'api',
        discovery_method: 'manual',
        host: 'bot-1.internal',
        runtime: 'python3.12',
        declared: true,
      },
    });
  });

  it('registers a probe, its new system and its telemetry, and shows the probe on the system', async () => {
    const org = await organization('embedded');
    const webhook = await subscribe(org.api_key, 'system.registered');

    const registered = await call('POST', '/api/service/probe/register', org.api_key, {
      probe_name: 'edge-1',
      system_name: 'Claims Triage',
      host: 'claims-1.internal',
      runtime: 'python3.12',
      environment: 'production',
      version: '1.4.0',
    });
    expect(registered.status).toBe(201);
    const { probe_id: probeId, system_id: systemId } = registered.body as {
      probe_id: string;
      system_id: string;
    };
    expect(probeId).toMatch(/^prb_/);

    const telemetry = await call('POST', '/api/service/probe/telemetry', org.api_key, {
      probe_id: probeId,
      records: [{ timestamp: new Date().toISOString(), metrics: { latency_ms: 120, 'output.tokens': 210 } }],
    });
    expect(telemetry).toMatchObject({ status: 202, body: { accepted: 1 } });

    expect(await webhook.nextDelivery()).toMatchObject({
      event: 'system.registered',
      system_id: systemId,
      details: {
        system_name: 'Claims Triage',
        registration_source: 'probe',
        discovery_method: 'probe_registration',
        declared: true,
      },
    });
    const system = await eventually(async () => {
      const response = await call('GET', `/api/service/systems/${systemId}`, org.api_key);
      const probes = (response.body as { probes?: Array<{ probe_id: string }> } | undefined)?.probes;
      return response.status === 200 && probes?.length === 1 && response.body;
    }, 'the probe to show on its system');
    expect(system).toMatchObject({
      id: systemId,
      name: 'Claims Triage',
      registration_source: 'probe',
      probes: [
        { probe_id: probeId, probe_name: 'edge-1', host: 'claims-1.internal', connection: 'connected' },
      ],
    });
  });

  it('assesses a document for a registered system and announces the result, signed', async () => {
    const org = await organization('professional');
    const webhook = await subscribe(org.api_key, 'assessment.complete');
    const system = await call('POST', '/api/service/systems', org.api_key, { name: 'Loan Scorer' });
    const systemId = (system.body as { id: string }).id;

    // The assess service learns of the system through an event, yet accepts the id at once.
    const submitted = await call('POST', '/api/service/assess/document', org.api_key, {
      system_id: systemId,
      framework: 'NIST_AI_RMF',
      document: { title: 'AI policy', content: '# AI policy\n\nWe use AI responsibly.\n' },
    });
    expect(submitted.status).toBe(202);
    const queued = submitted.body as { id: string; status: string };
    expect(queued).toMatchObject({ id: expect.stringMatching(/^asmnt_/), status: 'queued' });

    const assessment = await eventually(async () => {
      const response = await call('GET', `/api/service/assess/${queued.id}`, org.api_key);
      const body = response.body as { status: string };
      return body.status === 'complete' && body;
    }, 'the assessment to complete');
    expect(assessment).toMatchObject({ framework: 'NIST_AI_RMF', verdict: 'fail' });

    expect(await webhook.nextDelivery()).toMatchObject({
      event: 'assessment.complete',
      severity: 'INFO',
      system_id: systemId,
      details: { assessment_id: queued.id, verdict: 'fail', framework: 'NIST_AI_RMF' },
    });

    // The reports service builds the assessment's PDF from the same events; report_url leads to it.
    const { report_url: reportUrl } = assessment as unknown as { report_url: string };
    const location = await eventually(async () => {
      const response = await fetch(`${app.baseUrl}${new URL(reportUrl).pathname}`, {
        headers: { authorization: `Bearer ${org.api_key}` },
        redirect: 'manual',
      });
      return response.status === 303 && (response.headers.get('location') ?? false);
    }, 'the assessment report');
    const link = new URL(location);
    const pdf = await fetch(`${app.baseUrl}${link.pathname}${link.search}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    link.searchParams.set('expires', String(Number(link.searchParams.get('expires')) + 60));
    expect((await fetch(`${app.baseUrl}${link.pathname}${link.search}`)).status).toBe(403);
  });

  // 1,300 requests one after another, and the assessments and reports they queue: minutes on a busy machine.
  it('uses a new key and a new system id in the very next request on every service, 100 times in a row', async () => {
    const rounds = 100;
    const steps = {
      'POST organization (identity)': 201,
      'new key: POST webhook (webhooks)': 201,
      'new key: POST system (systems)': 201,
      'new system id: POST probe register (probe-ingest)': 201,
      'new system id: POST assessment (assess)': 202,
      'new system id: POST report (reports)': 202,
      'new system id: POST policy scope (policies)': 201,
      'new key: GET summary (dashboard)': 200,
      'POST probe register by system name (probe-ingest)': 201,
      'system id minted by probe ingest: POST assessment (assess)': 202,
      'system id minted by probe ingest: POST report (reports)': 202,
      'POST api-key (identity)': 201,
      'second key: GET reports (reports)': 200,
    } as const;
    type Step = keyof typeof steps;
    const succeeded = new Map<Step, number>();
    const times = new Map<Step, number[]>();
    const timed = async (step: Step, answer: () => ReturnType<typeof call>) => {
      const started = performance.now();
      const response = await answer();
      times.set(step, [...(times.get(step) ?? []), performance.now() - started]);
      if (response.status === steps[step]) succeeded.set(step, (succeeded.get(step) ?? 0) + 1);
      return response;
    };
    for (let round = 0; round < rounds; round += 1) {
      const created = await timed('POST organization (identity)', () =>
        call('POST', '/admin/v1/organizations', adminToken, { name: `Round ${round}`, plan: 'embedded' }),
      );
      const { id: orgId, api_key: key } = created.body as { id: string; api_key: string };
      await timed('new key: POST webhook (webhooks)', () =>
        call('POST', '/v1/webhooks', key, { url: receiver.url, events: ['finding.created'] }),
      );
      const system = await timed('new key: POST system (systems)', () =>
        call('POST', '/api/service/systems', key, { name: `Bot ${round}` }),
      );
      const systemId = String(system.body?.['id']);
      await timed('new system id: POST probe register (probe-ingest)', () =>
        call('POST', '/api/service/probe/register', key, {
          probe_name: `edge-${round}`,
          system_id: systemId,
          host: 'edge.internal',
        }),
      );
      await timed('new system id: POST assessment (assess)', () =>
        call('POST', '/api/service/assess/document', key, {
          system_id: systemId,
          framework: 'EU_AI_ACT',
          document: { title: 'Model card', content: 'Human oversight is documented.' },
        }),
      );
      await timed('new system id: POST report (reports)', () =>
        call('POST', '/api/service/reports', key, { type: 'system', format: 'json', system_id: systemId }),
      );
      await timed('new system id: POST policy scope (policies)', () =>
        call('POST', '/api/service/policies', key, {
          name: `Low accuracy ${round}`,
          enforcement_mode: 'WARN',
          rules: { all: [{ field: 'metrics.accuracy', op: 'lt', value: 0.8 }] },
          scope: { system_ids: [systemId] },
        }),
      );
      await timed('new key: GET summary (dashboard)', () =>
        call('GET', '/api/service/dashboard/summary', key),
      );
      const minted = await timed('POST probe register by system name (probe-ingest)', () =>
        call('POST', '/api/service/probe/register', key, {
          probe_name: `edge-minted-${round}`,
          system_name: `Minted ${round}`,
          host: 'edge.internal',
        }),
      );
      const mintedId = String(minted.body?.['system_id']);
      await timed('system id minted by probe ingest: POST assessment (assess)', () =>
        call('POST', '/api/service/assess/document', key, {
          system_id: mintedId,
          framework: 'EU_AI_ACT',
          document: { title: 'Model card', content: 'Human oversight is documented.' },
        }),
      );
      await timed('system id minted by probe ingest: POST report (reports)', () =>
        call('POST', '/api/service/reports', key, { type: 'system', format: 'json', system_id: mintedId }),
      );
      const issued = await timed('POST api-key (identity)', () =>
        call('POST', `/admin/v1/organizations/${orgId}/api-keys`, adminToken),
      );
      await timed('second key: GET reports (reports)', () =>
        call('GET', '/api/service/reports', String(issued.body?.['api_key'])),
      );
    }
    const lines = (Object.keys(steps) as Step[]).map((step) => {
      const sorted = [...(times.get(step) ?? [])].sort((a, b) => a - b);
      const p50 = sorted[Math.floor(sorted.length / 2)] ?? 0;
      const p95 = sorted[Math.floor(sorted.length * 0.95)] ?? 0;
      return `  ${step}: ${succeeded.get(step) ?? 0}/${rounds} at once; p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, max ${(sorted.at(-1) ?? 0).toFixed(1)} ms`;
    });
    console.log(`read your writes in the standalone process, ${rounds} rounds:\n${lines.join('\n')}`);
    for (const step of Object.keys(steps) as Step[])
      expect([step, succeeded.get(step) ?? 0]).toEqual([step, rounds]);
  }, 600_000);

  it('refuses webhooks to free organizations and hides other organizations’ webhooks', async () => {
    const free = await organization('free');
    const refused = await call('POST', '/v1/webhooks', free.api_key, {
      url: receiver.url,
      events: ['finding.created'],
    });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'plan_not_eligible' } });

    const owner = await organization('federal');
    const other = await organization('embedded');
    const created = await call('POST', '/v1/webhooks', owner.api_key, {
      url: receiver.url,
      events: ['finding.created'],
    });
    const id = (created.body as { id: string }).id;
    expect((await call('GET', `/v1/webhooks/${id}`, other.api_key)).status).toBe(404);
  });

  it('answers bad input to every endpoint with a 4xx uniform error and writes nothing', async () => {
    const org = await organization('professional');
    const count = async () =>
      (
        await sql.query<Array<{ orgs: number; hooks: number }>>(
          'SELECT (SELECT count(*) FROM tenancy.organizations)::int AS orgs, (SELECT count(*) FROM webhooks.webhooks)::int AS hooks',
        )
      )[0];
    const before = await count();
    const junk: unknown[] = [
      '{',
      '[]',
      'null',
      '"x"',
      { name: '', plan: 'free' },
      { name: 'x', plan: 'gold' },
      { name: 'x'.repeat(201), plan: 'free' },
      { name: 7, plan: 'free' },
      { name: 'x', plan: 'free', id: 'org_mine' },
    ];
    const routes: Array<[string, string, string]> = [
      ['POST', '/admin/v1/organizations', adminToken],
      ['POST', '/admin/v1/organizations/org_nope/api-keys', adminToken],
      ['POST', '/v1/webhooks', org.api_key],
      ['PATCH', '/v1/webhooks/wh_nope', org.api_key],
      ['POST', '/v1/webhooks/wh_nope/test', org.api_key],
      ['GET', '/v1/webhooks/wh_nope/deliveries?limit=-1', org.api_key],
      ['DELETE', '/v1/webhooks/nope', org.api_key],
      ['GET', '/nowhere', org.api_key],
    ];
    for (const [method, path, token] of routes) {
      for (const body of method === 'GET' || method === 'DELETE' ? [undefined] : junk) {
        const response = await call(method, path, token, body);
        expect([method, path, body, response.status >= 400 && response.status < 500]).toEqual([
          method,
          path,
          body,
          true,
        ]);
        expect(Object.keys((response.body as { error: object }).error).sort()).toEqual([
          'code',
          'details',
          'message',
        ]);
      }
    }
    expect(await count()).toEqual(before);
  });

  it('logs JSON lines without secrets, and stops cleanly on SIGTERM', async () => {
    expect(await app.stop('SIGTERM')).toBe(0);
    const lines = app
      .output()
      .trim()
      .split('\n')
      .filter((line) => line.startsWith('{'));
    expect(lines.length).toBeGreaterThan(10);
    for (const line of lines) expect(() => JSON.parse(line) as unknown).not.toThrow();
    expect(app.output()).not.toContain(adminToken);
    for (const secret of secrets.values()) expect(app.output()).not.toContain(secret);
  });
});

describe('embedded mode', () => {
  it('starts with nothing configured: embedded PostgreSQL and generated secrets under DATA_DIR', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'governance-embedded-'));
    chmodSync(dataDir, 0o755);
    const standalone = await startServiceProcess(
      'standalone',
      { DATA_DIR: dataDir, EMBEDDED_POSTGRES_PORT: String(await freePort()), LOG_LEVEL: 'warn' },
      60_000,
    );
    try {
      for (const file of [
        'admin-token',
        'secrets-encryption-key',
        'postgres-password',
        'postgres/PG_VERSION',
      ]) {
        expect(existsSync(join(dataDir, file))).toBe(true);
      }
      const token = readFileSync(join(dataDir, 'admin-token'), 'utf8').trim();
      expect(standalone.output()).toContain(token);
      const response = await fetch(`${standalone.baseUrl}/admin/v1/organizations`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'Local', plan: 'embedded' }),
      });
      expect(response.status).toBe(201);
    } finally {
      expect(await standalone.stop('SIGTERM')).toBe(0);
    }
  }, 90_000);
});
