import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ErrorCode, type OpenAPIObject, unmappedValidators } from '@governance/platform';
import { generateOpenApiDocument, isStale, OPENAPI_PATH, renderApiDocs } from './generate-openapi';

type Json = Record<string, unknown>;
interface Operation extends Json {
  operationId: string;
  summary?: string;
  tags?: string[];
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string; required?: boolean; schema?: Json }>;
  requestBody?: { content: Record<string, { schema: Json; example?: unknown }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: Json; example?: unknown }> }
  >;
}

const ROOT = join(__dirname, '..');
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/**
 * Every endpoint of the published interface (docs: governance-service-interface.md, "Endpoints"), with
 * `:id` and `:webhook_id` written as OpenAPI templates, then the endpoints this platform adds.
 */
const SPEC_ENDPOINTS = [
  'POST /api/service/probe/telemetry',
  'POST /api/service/probe/heartbeat',
  'GET /api/service/probe/policy-sync',
  'POST /api/service/probe/register',
  'GET /api/service/systems',
  'POST /api/service/systems',
  'GET /api/service/systems/{id}',
  'PATCH /api/service/systems/{id}',
  'POST /api/service/assess/document',
  'GET /api/service/assess/{id}',
  'GET /api/service/assess/{id}/findings',
  'GET /api/service/assess/templates',
  'GET /api/service/policies',
  'POST /api/service/policies',
  'PATCH /api/service/policies/{id}/enforcement',
  'POST /api/service/policies/frameworks/{id}/import',
  'GET /api/service/dashboard/summary',
  'GET /api/service/dashboard/compliance-status',
  'GET /api/service/dashboard/activity',
  'POST /api/service/reports',
  'GET /api/service/reports',
  'GET /api/service/reports/{id}',
  'POST /v1/webhooks',
  'GET /v1/webhooks',
  'DELETE /v1/webhooks/{id}',
  'PATCH /v1/webhooks/{id}',
  'POST /v1/webhooks/{id}/test',
  'GET /v1/webhooks/{id}/deliveries',
];
/** Each consuming service's dead-letter admin API, under its own name (docs/architecture.md, "Poison records"). */
const DEAD_LETTER_ENDPOINTS = [
  'assess',
  'dashboard',
  'identity',
  'policies',
  'probe-ingest',
  'reports',
  'systems',
  'webhooks',
].flatMap((service) => [
  `GET /admin/v1/${service}/dead-letters`,
  `POST /admin/v1/${service}/dead-letters/replay`,
  `POST /admin/v1/${service}/dead-letters/{id}/replay`,
  `DELETE /admin/v1/${service}/dead-letters/{id}`,
]);
/** The browser's side of SSO, which gives a person their credential (docs/sso.md). */
const SSO_SIGN_IN_ENDPOINTS = [
  'GET /api/service/auth/sso/discover',
  'GET /api/service/auth/sso/start',
  'GET /api/service/auth/sso/callback',
];
const EXTRA_ENDPOINTS = [
  ...DEAD_LETTER_ENDPOINTS,
  'POST /admin/v1/organizations',
  'POST /admin/v1/organizations/{id}/api-keys',
  // Links with live tokens, issued to an operator rather than logged (docs/api.md).
  'POST /admin/v1/setup-link',
  'POST /admin/v1/password-reset-links',
  'GET /api/service/probe/probes/{id}',
  'GET /api/service/probe/systems/{id}/telemetry',
  'GET /api/service/policies/{id}',
  'PATCH /api/service/policies/{id}',
  'DELETE /api/service/policies/{id}',
  'GET /api/service/reports/assessments/{assessmentId}',
  'GET /api/service/reports/{id}/download',
  'GET /v1/webhooks/{id}',
  'GET /v1/webhooks/event-types',
  'GET /v1/webhooks/{id}/deliveries/{deliveryId}',
  'POST /v1/webhooks/{id}/deliveries/{deliveryId}/resend',
  'POST /v1/webhooks/{id}/recover',
  'POST /v1/webhooks/{id}/rotate-secret',
  'GET /api/service/members',
  'PATCH /api/service/members/{id}',
  'DELETE /api/service/members/{id}',
  'DELETE /api/service/members/me',
  'POST /api/service/invitations',
  'GET /api/service/invitations',
  'DELETE /api/service/invitations/{id}',
  'GET /api/service/invitations/lookup',
  'POST /api/service/invitations/accept',
  'GET /api/service/api-keys',
  'POST /api/service/api-keys',
  'DELETE /api/service/api-keys/{id}',
  'GET /api/service/organization',
  'PATCH /api/service/organization',
  'GET /api/service/sso',
  'PUT /api/service/sso',
  'DELETE /api/service/sso',
  'POST /api/service/sso/domains/{domain}/verify',
  ...SSO_SIGN_IN_ENDPOINTS,
  'POST /api/service/auth/login',
  'POST /api/service/auth/logout',
  'GET /api/service/auth/me',
  'GET /api/service/auth/sessions',
  'DELETE /api/service/auth/sessions/{id}',
  'POST /api/service/auth/password',
  'POST /api/service/auth/password-reset',
  'POST /api/service/auth/password-reset/confirm',
  'GET /api/service/auth/setup',
  'POST /api/service/auth/setup',
  'GET /api/service/audit',
  'GET /api/service/audit/export',
  'GET /api/service/audit/verify',
  'GET /api/service/assess',
  // The console's live updates (docs/api.md, "Live updates").
  'GET /api/service/dashboard/stream',
  'GET /api/service/systems/stream',
  'GET /api/service/assess/stream',
  'GET /api/service/reports/stream',
  'GET /v1/webhooks/stream',
];
const ADMIN_PREFIX = '/admin/';
/**
 * Credentials of their own, or how a person gets one: the signed download link (a report opens in a
 * browser), an invitation's token (held before any account exists), a setup or reset link's token,
 * and sign-in (password or SSO).
 */
const PUBLIC_ENDPOINTS = [
  'GET /api/service/reports/{id}/download',
  'GET /api/service/invitations/lookup',
  'POST /api/service/invitations/accept',
  ...SSO_SIGN_IN_ENDPOINTS,
  'POST /api/service/auth/login',
  'GET /api/service/auth/setup',
  'POST /api/service/auth/setup',
  'POST /api/service/auth/password-reset',
  'POST /api/service/auth/password-reset/confirm',
];

function operations(document: OpenAPIObject): Array<[string, Operation]> {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item as Record<string, Operation>)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, operation]): [string, Operation] => [`${method.toUpperCase()} ${path}`, operation]),
  );
}

function localRefs(node: unknown, found: string[] = []): string[] {
  if (Array.isArray(node)) node.forEach((item) => localRefs(item, found));
  else if (node !== null && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') found.push(value);
      else localRefs(value, found);
    }
  }
  return found;
}

function resolve(document: unknown, ref: string): unknown {
  return ref
    .slice(2)
    .split('/')
    .reduce<unknown>(
      (node, key) => (node && typeof node === 'object' ? (node as Json)[key] : undefined),
      document,
    );
}

/** Every schema of the document: components, parameters, request and response bodies. */
function schemas(document: OpenAPIObject): Array<[string, Json]> {
  const found: Array<[string, Json]> = Object.entries(document.components?.schemas ?? {}).map(
    ([name, schema]) => [`components.schemas.${name}`, schema as Json],
  );
  for (const [endpoint, operation] of operations(document)) {
    for (const parameter of operation.parameters ?? [])
      if (parameter.schema) found.push([`${endpoint} parameter ${parameter.name}`, parameter.schema]);
    for (const [type, media] of Object.entries(operation.requestBody?.content ?? {}))
      found.push([`${endpoint} request ${type}`, media.schema]);
    for (const [status, response] of Object.entries(operation.responses))
      for (const [type, media] of Object.entries(response.content ?? {}))
        found.push([`${endpoint} ${status} ${type}`, media.schema]);
  }
  return found;
}

describe('docs/openapi.json', () => {
  let document: OpenAPIObject;
  let all: Array<[string, Operation]>;

  beforeAll(async () => {
    document = await generateOpenApiDocument();
    all = operations(document);
  });

  it('matches the document generated from the controllers, and so does the role matrix', async () => {
    for (const file of await renderApiDocs())
      if (isStale(ROOT, file))
        throw new Error(`Stale ${file.path}; run \`npm run docs:generate\` and commit the result`);
    expect(JSON.parse(readFileSync(join(ROOT, OPENAPI_PATH), 'utf8'))).toEqual(document);
  });

  it('is generated the same way twice, with paths in order', async () => {
    expect(JSON.stringify(await generateOpenApiDocument())).toBe(JSON.stringify(document));
    const paths = Object.keys(document.paths);
    expect(paths).toEqual([...paths].sort());
  });

  it('is OpenAPI 3.0 with both bearer schemes and the uniform error body', () => {
    expect(document.openapi).toMatch(/^3\.0\.\d+$/);
    expect(document.info).toMatchObject({ title: expect.any(String), version: expect.any(String) });
    expect(document.servers).toEqual([{ url: '/', description: expect.any(String) }]);
    expect(document.components?.securitySchemes).toEqual({
      api_key: { type: 'http', scheme: 'bearer', bearerFormat: 'API key', description: expect.any(String) },
      admin_token: {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'ADMIN_TOKEN',
        description: expect.any(String),
      },
      session: { type: 'apiKey', in: 'cookie', name: 'service_session', description: expect.any(String) },
    });
    const error = document.components?.schemas?.['Error'] as Json;
    expect(error).toMatchObject({
      required: ['error'],
      properties: { error: { required: ['code', 'message', 'details'] } },
    });
    const code = ((error['properties'] as Json)['error'] as { properties: { code: { enum: string[] } } })
      .properties.code;
    expect(code.enum).toEqual(Object.values(ErrorCode));
  });

  it('names one permission on every operation a key or session may call, and accepts both', () => {
    for (const [endpoint, operation] of all) {
      const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
      if (!schemes.includes('api_key')) continue;
      expect([endpoint, schemes]).toEqual([endpoint, ['api_key', 'session']]);
      expect([endpoint, (operation as Json)['x-permission']]).toEqual([
        endpoint,
        expect.stringMatching(/^[a-z_]+:[a-z]+$/),
      ]);
    }
  });

  it('has every endpoint of the published interface and of the admin API, and nothing else', () => {
    const documented = all.map(([endpoint]) => endpoint);
    expect(documented.sort()).toEqual([...SPEC_ENDPOINTS, ...EXTRA_ENDPOINTS].sort());
    expect(documented.filter((endpoint) => /\/health\/|\/metrics|\/docs/.test(endpoint))).toEqual([]);
  });

  it('describes each operation: summary, tag, unique id, declared and required path parameters, a success answer', () => {
    const ids = all.map(([, operation]) => operation.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const [endpoint, operation] of all) {
      expect([endpoint, operation.summary]).toEqual([endpoint, expect.any(String)]);
      expect([endpoint, operation.tags?.length]).toEqual([endpoint, 1]);
      const parameters = operation.parameters ?? [];
      expect([endpoint, parameters.filter((p) => !['path', 'query', 'header'].includes(p.in))]).toEqual([
        endpoint,
        [],
      ]);
      expect([endpoint, parameters.filter((p) => p.in === 'path' && p.required !== true)]).toEqual([
        endpoint,
        [],
      ]);
      const declared = parameters.filter((p) => p.in === 'path').map((p) => p.name);
      const templated = [...endpoint.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      expect([endpoint, declared.sort()]).toEqual([endpoint, templated.sort()]);
      // A browser's endpoint may succeed with a redirect, which has no body.
      const success = Object.keys(operation.responses).filter((status) => /^(2\d\d|302)$/.test(status));
      expect([endpoint, success.length > 0]).toEqual([endpoint, true]);
      for (const status of success.filter((s) => s !== '204' && s !== '302')) {
        expect([
          endpoint,
          status,
          // A live stream's answer is server-sent events, not JSON.
          (
            operation.responses[status]?.content?.['application/json'] ??
            operation.responses[status]?.content?.['text/event-stream']
          )?.schema,
        ]).toEqual([endpoint, status, expect.objectContaining({})]);
      }
    }
  });

  it('puts the admin API behind the admin token and everything else behind a key or session, 401 included', () => {
    for (const [endpoint, operation] of all.filter(([endpoint]) => !PUBLIC_ENDPOINTS.includes(endpoint))) {
      // A person's own routes (`x-permission: self`, such as /auth/me) take their session only.
      const security = endpoint.split(' ')[1]!.startsWith(ADMIN_PREFIX)
        ? [{ admin_token: [] }]
        : (operation as Json)['x-permission'] === 'self'
          ? [{ session: [] }]
          : [{ api_key: [] }, { session: [] }];
      expect([endpoint, operation.security]).toEqual([endpoint, security]);
      expect([endpoint, operation.responses['401']?.content?.['application/json']?.schema]).toEqual([
        endpoint,
        { $ref: '#/components/schemas/Error' },
      ]);
    }
    for (const endpoint of PUBLIC_ENDPOINTS) {
      expect(all.find(([documented]) => documented === endpoint)?.[1].security).toBeUndefined();
    }
  });

  it('answers every error status with the uniform error body, and each JSON body endpoint refuses bad JSON', () => {
    for (const [endpoint, operation] of all) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (Number(status) < 400) continue;
        expect([endpoint, status, response.content]).toEqual([
          endpoint,
          status,
          { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        ]);
      }
      if (operation.requestBody?.content['application/json']) {
        expect([endpoint, Object.keys(operation.responses)]).toEqual([
          endpoint,
          expect.arrayContaining(['400', '413', '415']),
        ]);
      }
    }
  });

  it('resolves every $ref', () => {
    expect(localRefs(document).filter((ref) => !ref.startsWith('#/') || !resolve(document, ref))).toEqual([]);
  });

  it('writes every schema in the OpenAPI 3.0 schema dialect', () => {
    const dialectPath = require.resolve('@asyncapi/specs/common/openapiSchema_3_0.json');
    const dialect = JSON.parse(readFileSync(dialectPath, 'utf8')) as Json;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(dialect);
    // A `{ $ref }` in a schema's place is a Reference Object, resolved by the $ref test above.
    const invalid = schemas(document)
      .filter(([, schema]) => !('$ref' in schema) && !validate(schema))
      .map(([where]) => ({ where, errors: validate.errors }));
    expect(invalid).toEqual([]);
  });

  it('derives request schemas from every DTO validator', () => {
    expect(unmappedValidators()).toEqual([]);
  });

  it('gives examples that their own schemas accept', () => {
    const ajv = addFormats(new Ajv({ strict: false, allErrors: true }));
    ajv.addFormat('binary', true);
    ajv.addKeyword('example');
    const compile = (schema: Json): ValidateFunction =>
      ajv.compile({ ...schema, components: document.components });
    let checked = 0;
    for (const [endpoint, operation] of all) {
      const bodies = [
        ...Object.entries(operation.requestBody?.content ?? {}).map(
          ([type, media]) => [`request ${type}`, media] as const,
        ),
        ...Object.entries(operation.responses).flatMap(([status, response]) =>
          Object.values(response.content ?? {}).map((media) => [`response ${status}`, media] as const),
        ),
      ];
      for (const [where, media] of bodies) {
        const example = media.example ?? media.schema['example'];
        if (example === undefined) continue;
        const validate = compile(media.schema);
        expect([endpoint, where, validate(example) ? [] : validate.errors]).toEqual([endpoint, where, []]);
        checked += 1;
      }
    }
    expect(checked).toBeGreaterThan(all.length);
  });
});
