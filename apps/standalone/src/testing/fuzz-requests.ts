import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import fc from 'fast-check';

/*
 * Request generators for the fuzz test. Every operation comes from the committed OpenAPI document, so a
 * new endpoint is fuzzed without touching this file; valid bodies start from the document's examples.
 */

export interface FuzzRequest {
  method: string;
  /** Path and query string, already percent-encoded. */
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
  /** What the generator did, for failure messages. */
  what: string;
}

interface Schema {
  type?: string;
  enum?: unknown[];
  required?: string[];
  properties?: Record<string, Schema>;
  example?: unknown;
}

interface MediaType {
  schema?: Schema;
  example?: unknown;
}

interface OpenApiOperation {
  parameters?: Array<{ name: string; in: string; schema?: Schema }>;
  requestBody?: { content: Record<string, MediaType> };
  security?: Array<Record<string, unknown>>;
}

/**
 * What credential an operation takes, from its documented security: the admin token, an API key (or a
 * session, which the fuzzer has not got), or none at all (sign-in, invitations, signed download links).
 */
function authOf(operation: OpenApiOperation): Operation['auth'] {
  const schemes = (operation.security ?? []).flatMap((requirement) => Object.keys(requirement));
  if (schemes.length === 0) return 'none';
  return schemes.includes('admin_token') ? 'admin' : 'key';
}

export interface Operation {
  method: string;
  /** The path as the document writes it, `{id}` for a parameter. */
  template: string;
  params: string[];
  query: Array<{ name: string; schema: Schema }>;
  body?: { example: Record<string, unknown>; schema: Schema };
  multipart: boolean;
  auth: 'admin' | 'key' | 'none';
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { schemas: { Error: { properties: { error: { properties: { code: { enum: string[] } } } } } } };
}

const DOCUMENT_PATH = resolve(__dirname, '../../../../docs/openapi.json');

export function readOpenApiDocument(): OpenApiDocument {
  return JSON.parse(readFileSync(DOCUMENT_PATH, 'utf8')) as OpenApiDocument;
}

export function operationsOf(document: OpenApiDocument): Operation[] {
  return Object.entries(document.paths).flatMap(([template, operations]) =>
    Object.entries(operations).map(([method, operation]): Operation => {
      const parameters = operation.parameters ?? [];
      const json = operation.requestBody?.content['application/json'];
      const example = json?.example ?? json?.schema?.example;
      return {
        method: method.toUpperCase(),
        template,
        params: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body:
          json && example && typeof example === 'object'
            ? { example: example as Record<string, unknown>, schema: json.schema ?? {} }
            : undefined,
        multipart: Boolean(operation.requestBody?.content['multipart/form-data']),
        auth: authOf(operation),
      };
    }),
  );
}

export interface FuzzContext {
  adminToken: string;
  apiKey: string;
  /** A real value for each parameter of a path, so requests reach past the lookup. */
  realParam(template: string, param: string): string;
  /** The example body of an operation with real ids in it. */
  example(operation: Operation): Record<string, unknown>;
}

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** Percent-encodes every byte of the UTF-8 form that is not unreserved; lone surrogates become U+FFFD. */
export function encodeBytes(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const char = String.fromCharCode(byte);
    out +=
      byte < 0x80 && UNRESERVED.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ'.split('');
const PREFIXES = ['sys', 'fnd', 'asmnt', 'rem', 'pol', 'vio', 'prb', 'dft', 'wh', 'org', 'key', 'rpt'];

/** Well-formed ids of every kind that name nothing. */
const unknownId = fc
  .tuple(
    fc.constantFrom(...PREFIXES),
    fc.string({ unit: fc.constantFrom(...CROCKFORD), minLength: 26, maxLength: 26 }),
  )
  .map(([prefix, body]) => `${prefix}_${body}`);

/** Path segments that name nothing: odd characters, encodings, prototype names, lengths. */
const oddId: fc.Arbitrary<string> = fc
  .oneof(
    fc.constantFrom(
      '__proto__',
      'constructor',
      'prototype',
      'toString',
      'hasOwnProperty',
      '%00',
      '%',
      '%zz',
      '%E0%A4%A',
      '%C0%AF',
      '..',
      '%2e%2e',
      '.',
      '%2F',
      '%20',
      '%5B%5D',
      'null',
      'undefined',
      '0',
      '-1',
      '1e308',
      'NaN',
      'sys_',
      'sys_01JD60A1B2C3D4E5F6G7H8J9K',
      'sys_01jd60a1b2c3d4e5f6g7h8j9km',
      'sys_01JD60A1B2C3D4E5F6G7H8J9KMX',
      "sys_01JD60A1B2C3D4E5F6G7H8J9KM'--",
    ),
    unknownId,
    fc.string({ maxLength: 60 }).map(encodeBytes),
    fc.string({ unit: 'grapheme', maxLength: 30 }).map(encodeBytes),
    fc.string({ unit: 'binary', maxLength: 30 }).map(encodeBytes),
    fc.integer({ min: 90, max: 3000 }).map((n) => 'a'.repeat(n)),
    fc
      .tuple(fc.string({ minLength: 1, maxLength: 10 }), fc.string({ minLength: 1, maxLength: 10 }))
      .map(([a, b]) => `${encodeBytes(a)}/${encodeBytes(b)}`),
  )
  // An empty segment would turn `/reports/{id}` into the list route.
  .filter((id) => id.length > 0);

/** JSON values of every type, odd numbers and strings among them. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.constantFrom(
    0,
    -1,
    1.5,
    -0,
    1e308,
    Number.MAX_SAFE_INTEGER + 2,
    '',
    ' ',
    'null',
    '\u0000',
    '\ud800',
    '💥'.repeat(50),
  ),
  fc.string({ unit: 'binary', maxLength: 200 }),
);

const TYPE_OF_VALUE = (value: unknown): string =>
  value === null
    ? 'null'
    : Array.isArray(value)
      ? 'array'
      : typeof value === 'number'
        ? 'number'
        : typeof value;

const SAMPLE_OF_TYPE: Record<string, unknown[]> = {
  string: ['', 'x', 'a'.repeat(300), '\u0000\u0007', '💥'],
  number: [0, -1, 1.5, 1e308, 2 ** 64],
  boolean: [true, false],
  array: [[], [1, 'a'], [[[]]], [{}]],
  object: [{}, { a: 1 }, { '': null }],
};

/** A value of a JSON type other than the schema's; null is left out, as optional fields may take it. */
function wrongTypeFor(schema: Schema): fc.Arbitrary<unknown> {
  const declared = schema.type === 'integer' ? 'number' : (schema.type ?? 'none');
  const candidates = Object.entries(SAMPLE_OF_TYPE)
    .filter(([type]) => type !== declared)
    .flatMap(([, values]) => values);
  return fc.constantFrom(...candidates);
}

function nestedText(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array'
    ? `${'['.repeat(depth)}${']'.repeat(depth)}`
    : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
}

const json = (value: unknown) => JSON.stringify(value);

/** Inserts raw JSON text as the first member of an object's text. */
function withRawMember(text: string, member: string): string {
  return text === '{}' ? `{${member}}` : `{${member},${text.slice(1)}`;
}

interface BodyMutation {
  text: string | Buffer;
  what: string;
}

const fieldsOf = (operation: Operation, example: Record<string, unknown>): string[] => [
  ...new Set([...Object.keys(example), ...Object.keys(operation.body?.schema.properties ?? {})]),
];

/**
 * Bodies every endpoint must refuse with 4xx: a field of the wrong type, an unknown field, a missing
 * required field, `__proto__`, truncated or non-object JSON, nesting past the limit, over the size limit.
 */
function refusedBody(operation: Operation, example: Record<string, unknown>): fc.Arbitrary<BodyMutation> {
  const schema = operation.body?.schema ?? {};
  const typed = Object.entries(schema.properties ?? {}).filter(([, property]) => property.type !== undefined);
  const required = schema.required ?? [];
  const text = json(example);
  const options: Array<fc.Arbitrary<BodyMutation>> = [
    fc.tuple(fc.string({ unit: 'grapheme', maxLength: 20 }), anyJson).map(([key, value]) => ({
      text: json({ ...example, [`x_${key}`]: value }),
      what: `unknown field x_${key}`,
    })),
    fc.tuple(fc.constantFrom('{"admin":true}', '{}', '1', 'null'), fc.boolean()).map(([value, nested]) => {
      const member = `"__proto__":${value}`;
      return {
        text: nested ? withRawMember(text, `"x":{${member}}`) : withRawMember(text, member),
        what: `__proto__ ${nested ? 'nested' : 'top'}`,
      };
    }),
    fc.constant({
      text: withRawMember(text, '"constructor":{"prototype":{"admin":true}}'),
      what: 'constructor.prototype',
    }),
    fc
      .integer({ min: 0, max: Math.max(0, text.length - 1) })
      .filter((cut) => !parses(text.slice(0, cut)))
      .map((cut) => ({ text: text.slice(0, cut), what: `truncated at ${cut}` })),
    fc
      .tuple(
        fc.constantFrom(65, 66, 100, 5_000, 50_000),
        fc.constantFrom<'array' | 'object'>('array', 'object'),
        fc.boolean(),
      )
      .map(([depth, kind, top]) => ({
        text: top ? nestedText(depth, kind) : withRawMember(text, `"deep":${nestedText(depth - 1, kind)}`),
        what: `${kind}s nested ${depth} deep${top ? '' : ' in a field'}`,
      })),
    fc
      .tuple(fc.constantFrom(...fieldsOf(operation, example)), fc.constantFrom(1_100_000, 2_000_000))
      .map(([field, size]) => ({
        text: json({ ...example, [field]: 'x'.repeat(size) }),
        what: `${field}: ${size} characters`,
      })),
    fc
      .constantFrom(
        '',
        '[]',
        'null',
        '"body"',
        '42',
        'true',
        '[{}]',
        ' ',
        '{',
        '}',
        '{"a":1}{"b":2}',
        'NaN',
        "{'a':1}",
      )
      .map((body) => ({ text: body, what: `body ${JSON.stringify(body)}` })),
    fc.constant({
      text: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0xc0, 0x22, 0x3a, 0x31, 0x7d]),
      what: 'invalid UTF-8',
    }),
  ];
  if (typed.length > 0) {
    options.push(
      fc.constantFrom(...typed).chain(([field, property]) =>
        wrongTypeFor(property).map((value) => ({
          text: json({ ...example, [field]: value }),
          what: `${field}: wrong type ${TYPE_OF_VALUE(value)}`,
        })),
      ),
    );
  }
  if (required.length > 0) {
    options.push(
      fc.constantFrom(...required).map((field) => {
        const rest = { ...example };
        delete rest[field];
        return { text: json(rest), what: `without ${field}` };
      }),
    );
  }
  return fc.oneof(...options);
}

function parses(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/** Any body: valid, near-valid, odd or refused. */
function anyBody(operation: Operation, example: Record<string, unknown>): fc.Arbitrary<BodyMutation> {
  const fields = fieldsOf(operation, example);
  const text = json(example);
  return fc.oneof(
    { weight: 3, arbitrary: refusedBody(operation, example) },
    { weight: 1, arbitrary: fc.constant({ text, what: 'the example' }) },
    {
      weight: 2,
      arbitrary: fc.tuple(fc.constantFrom(...fields), anyJson).map(([field, value]) => ({
        text: json({ ...example, [field]: value }),
        what: `${field}: ${json(value)?.slice(0, 60)}`,
      })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('constructor', 'prototype', 'toString', 'hasOwnProperty', '__defineGetter__'),
          anyJson,
        )
        .map(([key, value]) => ({
          text: withRawMember(text, `${json(key)}:${json(value) ?? 'null'}`),
          what: `key ${key}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...fields),
          fc.constantFrom(1_000, 60_000, 500_000),
          fc.constantFrom('x', 'é', '💥', '\\', '"', '\u0000'),
        )
        .map(([field, size, unit]) => ({
          text: json({ ...example, [field]: unit.repeat(size) }),
          what: `${field}: ${size} × ${json(unit)}`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...fields),
          fc.constantFrom(2, 10, 63, 64),
          fc.constantFrom<'array' | 'object'>('array', 'object'),
        )
        .map(([field, depth, kind]) => ({
          text: withRawMember(text, `${json(field)}:${nestedText(depth - 1, kind)}`),
          what: `${field}: ${kind}s nested ${depth} deep`,
        })),
    },
    {
      weight: 1,
      arbitrary: fc.jsonValue({ maxDepth: 4 }).map((value) => ({ text: json(value), what: 'random JSON' })),
    },
    {
      weight: 1,
      arbitrary: fc.constantFrom(...fields).map((field) => ({
        text: `{${json(field)}:1e400,${json(field)}:-0,"n":123456789012345678901234567890}`,
        what: `duplicate ${field}, huge numbers`,
      })),
    },
  );
}

const REFUSED_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'application/xml',
  'application/jsonx',
  'text/json',
  'application/octet-stream',
  'image/png',
  'json',
  '*/*',
];

const ODD_CONTENT_TYPES = [
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json-patch+json',
  'application/vnd.api+json',
  'application/json;;',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=fuzz',
  ...REFUSED_CONTENT_TYPES,
];

/** Authorization headers no endpoint accepts; `undefined` sends none. */
function refusedAuthorization(context: FuzzContext, operation: Operation): fc.Arbitrary<string | undefined> {
  const other = operation.auth === 'admin' ? context.apiKey : context.adminToken;
  return fc.oneof(
    fc.constantFrom(
      undefined,
      '',
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer sk_',
      'Bearer sk__',
      'Bearer sk_key_01JD60A1B2C3D4E5F6G7H8J9KM_secret',
      `Bearer ${other}`,
      `Bearer ${context.apiKey.slice(0, -1)}`,
      `Bearer ${context.adminToken}x`,
      `Token ${context.apiKey}`,
      `Bearer ${'x'.repeat(8_000)}`,
      `Bearer ${'x'.repeat(20_000)}`,
    ),
    fc
      .string({
        unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
        maxLength: 80,
      })
      .map((token) => `Bearer ${token}`),
  );
}

function validAuthorization(context: FuzzContext, operation: Operation): string | undefined {
  if (operation.auth === 'none') return undefined;
  return `Bearer ${operation.auth === 'admin' ? context.adminToken : context.apiKey}`;
}

function queryValue(schema: Schema): fc.Arbitrary<string> {
  const values = (schema.enum ?? []).map(String);
  return fc.oneof(
    values.length > 0 ? fc.constantFrom(...values) : fc.constantFrom('1', '20', 'abc'),
    fc.constantFrom(
      '',
      '0',
      '1',
      '100',
      '101',
      '-1',
      '1.5',
      '1e3',
      'NaN',
      'Infinity',
      'true',
      'false',
      'null',
      '[]',
      '{}',
      '__proto__',
      '2026-11-22T10:14:58.000Z',
      'not-a-date',
    ),
    fc.string({ maxLength: 50 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.constantFrom(1_000, 6_000, 20_000).map((n) => 'q'.repeat(n)),
  );
}

function queryString(operation: Operation): fc.Arbitrary<string> {
  const declared = operation.query.map((parameter) =>
    queryValue(parameter.schema).map((value) => `${encodeBytes(parameter.name)}=${encodeBytes(value)}`),
  );
  const raw = fc.constantFrom(
    '%',
    '%zz=1',
    '&&',
    '=',
    '=1',
    'a[b]=c',
    '__proto__=1',
    '__proto__[admin]=1',
    'constructor[prototype][admin]=1',
    'prototype=1',
    'limit=1&limit=2',
    'cursor=a&cursor=b&cursor=c',
    'expires=1&expires=2',
    'signature=a&signature=b',
    'probe_id=a&probe_id=b',
    'q=%00',
    'since=%E0%A4%A',
  );
  const extra = fc
    .tuple(fc.string({ maxLength: 15 }), fc.string({ maxLength: 15 }))
    .map(([key, value]) => `${encodeBytes(key)}=${encodeBytes(value)}`);
  const parts = fc.array(fc.oneof(...declared, raw, extra), { maxLength: 4 });
  return parts.map((list) => (list.length > 0 ? `?${list.join('&')}` : ''));
}

function pathWith(operation: Operation, ids: Record<string, string>): string {
  return operation.template.replace(/\{([^}]+)\}/g, (_, name: string) => ids[name] ?? '');
}

function realIds(context: FuzzContext, operation: Operation): Record<string, string> {
  return Object.fromEntries(
    operation.params.map((param) => [param, encodeBytes(context.realParam(operation.template, param))]),
  );
}

function request(
  operation: Operation,
  path: string,
  authorization: string | undefined,
  body: BodyMutation | undefined,
  contentType: string | undefined,
  what: string,
): FuzzRequest {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers['authorization'] = authorization;
  if (contentType !== undefined) headers['content-type'] = contentType;
  return {
    method: operation.method,
    path,
    headers,
    body: body === undefined ? undefined : Buffer.from(body.text),
    what,
  };
}

/**
 * Requests every endpoint must refuse, and that must therefore write nothing: refused bodies with a
 * valid key and real ids, valid requests with a refused key, valid requests for ids that name nothing,
 * and bodies in media types the API does not read.
 */
export function refusedRequests(context: FuzzContext, operations: Operation[]): fc.Arbitrary<FuzzRequest> {
  // Writes are what a refused request must not do: operations that take a body come up three times as
  // often, and a refused body four times as often as each other way of being refused.
  // An operation with no body, no credential and no id (a public query such as SSO discovery) has nothing
  // to refuse here.
  const refusable = operations.filter((o) => o.body || o.auth !== 'none' || o.params.length > 0);
  const weighted = fc.oneof(
    ...refusable.map((candidate) => ({ weight: candidate.body ? 3 : 1, arbitrary: fc.constant(candidate) })),
  );
  return weighted.chain((operation) => {
    const options: Array<fc.WeightedArbitrary<FuzzRequest>> = [];
    const ids = realIds(context, operation);
    const example = operation.body ? context.example(operation) : undefined;
    const exampleBody = example ? { text: json(example), what: 'the example' } : undefined;
    const jsonType = example ? 'application/json' : undefined;
    const auth = validAuthorization(context, operation);
    if (example) {
      options.push(
        {
          weight: 4,
          arbitrary: refusedBody(operation, example).map((body) =>
            request(operation, pathWith(operation, ids), auth, body, 'application/json', body.what),
          ),
        },
        {
          weight: 1,
          arbitrary: fc
            .constantFrom(...REFUSED_CONTENT_TYPES, undefined)
            .map((type) =>
              request(
                operation,
                pathWith(operation, ids),
                auth,
                exampleBody,
                type,
                `content-type ${type ?? 'none'}`,
              ),
            ),
        },
      );
    }
    if (operation.auth !== 'none') {
      options.push({
        weight: 1,
        arbitrary: refusedAuthorization(context, operation).map((authorization) =>
          request(
            operation,
            pathWith(operation, ids),
            authorization,
            exampleBody,
            jsonType,
            `authorization ${json(authorization)?.slice(0, 40)}`,
          ),
        ),
      });
    }
    if (operation.params.length > 0) {
      options.push({
        weight: 1,
        arbitrary: fc.tuple(...operation.params.map(() => oddId)).map((odd) => {
          const oddIds = Object.fromEntries(operation.params.map((param, i) => [param, odd[i] ?? '']));
          return request(
            operation,
            pathWith(operation, oddIds),
            auth,
            exampleBody,
            jsonType,
            `ids ${json(oddIds).slice(0, 80)}`,
          );
        }),
      });
    }
    return fc.oneof(...options);
  });
}

const MULTIPART_BOUNDARY = 'fuzzboundary';

function multipartBody(systemId: string): fc.Arbitrary<BodyMutation> {
  const part = (name: string, value: string, file?: string) =>
    `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"${file ? `; filename="${file}"\r\nContent-Type: text/markdown` : ''}\r\n\r\n${value}\r\n`;
  const valid = `${part('system_id', systemId)}${part('framework', 'EU_AI_ACT')}${part('file', '# AI policy\n\nRisk management.', 'policy.md')}--${MULTIPART_BOUNDARY}--\r\n`;
  return fc.oneof(
    fc
      .integer({ min: 0, max: valid.length })
      .map((cut) => ({ text: valid.slice(0, cut), what: `multipart cut at ${cut}` })),
    fc
      .tuple(
        fc.string({ maxLength: 20 }),
        fc.string({ maxLength: 2000 }),
        fc.option(fc.string({ maxLength: 20 })),
      )
      .map(([name, value, file]) => ({
        text: `${part(name.replace(/["\r\n]/g, ''), value, file?.replace(/["\r\n]/g, '') ?? undefined)}--${MULTIPART_BOUNDARY}--\r\n`,
        what: 'multipart odd part',
      })),
    fc.constant({
      text: `${part('framework', 'EU_AI_ACT')}${part('framework', 'NIST_AI_RMF')}--${MULTIPART_BOUNDARY}--\r\n`,
      what: 'multipart repeated field',
    }),
    fc.constant({ text: valid, what: 'multipart valid' }),
  );
}

/** Everything: valid requests, near misses, odd methods, bodies where none is read, and all of the above. */
export function anyRequests(
  context: FuzzContext,
  operations: Operation[],
  systemId: string,
): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((operation) => {
    const example = operation.body ? context.example(operation) : undefined;
    const ids = fc.tuple(
      ...operation.params.map(() =>
        fc.oneof({ weight: 3, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: oddId }),
      ),
    );
    const path = fc.tuple(ids, queryString(operation)).map(([odd, query]) => {
      const real = realIds(context, operation);
      const chosen = Object.fromEntries(
        operation.params.map((param, i) => [param, odd[i] ?? real[param] ?? '']),
      );
      return `${pathWith(operation, chosen)}${query}`;
    });
    const authorization = fc.oneof(
      { weight: 6, arbitrary: fc.constant(validAuthorization(context, operation)) },
      { weight: 1, arbitrary: refusedAuthorization(context, operation) },
    );
    const jsonContentType = fc.oneof(
      { weight: 6, arbitrary: fc.constant('application/json') },
      { weight: 1, arbitrary: fc.constantFrom(...ODD_CONTENT_TYPES, undefined) },
    );
    const body: fc.Arbitrary<{ body: BodyMutation | undefined; contentType: string | undefined }> =
      operation.multipart
        ? fc.oneof(
            fc
              .tuple(anyBody(operation, example ?? {}), jsonContentType)
              .map(([mutation, contentType]) => ({ body: mutation, contentType })),
            multipartBody(systemId).map((mutation) => ({
              body: mutation,
              contentType: `multipart/form-data; boundary=${MULTIPART_BOUNDARY}`,
            })),
          )
        : example
          ? fc
              .tuple(anyBody(operation, example), jsonContentType)
              .map(([mutation, contentType]) => ({ body: mutation, contentType }))
          : fc.oneof(
              { weight: 4, arbitrary: fc.constant({ body: undefined, contentType: undefined }) },
              {
                weight: 1,
                arbitrary: fc.constantFrom('{}', '{"a":', nestedText(5_000, 'array')).map((text) => ({
                  body: { text, what: `unread body ${text.slice(0, 10)}` },
                  contentType: 'application/json',
                })),
              },
            );
    const method = fc.oneof(
      { weight: 12, arbitrary: fc.constant(operation.method) },
      { weight: 1, arbitrary: fc.constantFrom('PUT', 'OPTIONS', 'POST', 'DELETE', 'PATCH', 'TRACE') },
    );
    return fc
      .tuple(method, path, authorization, body)
      .map(([chosenMethod, chosenPath, auth, { body: mutation, contentType }]) => ({
        ...request(
          operation,
          chosenPath,
          auth,
          mutation,
          mutation ? contentType : undefined,
          `${mutation?.what ?? 'no body'}`,
        ),
        method: chosenMethod,
      }));
  });
}
