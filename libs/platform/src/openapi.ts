import { applyDecorators, HttpCode, type INestApplication, type Type as DtoClass } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiExtension,
  ApiSecurity,
  ApiBody,
  ApiOperation,
  type ApiOperationOptions,
  ApiParam,
  ApiQuery,
  ApiResponse,
  type OpenAPIObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { type Static, type TSchema, type TString, type TUnsafe, Type } from '@sinclair/typebox';
import { getMetadataStorage, IS_ISO8601, IS_OPTIONAL, MAX, MIN, ValidationTypes } from 'class-validator';
import { validationMetadataArrayToSchemas } from 'class-validator-jsonschema';
import { ErrorCode } from './errors';

export type { OpenAPIObject, SchemaObject };

/** The security scheme of the product API: `Authorization: Bearer <API key>`. */
const API_KEY_AUTH = 'api_key';
const SESSION_AUTH = 'session';
/** The security scheme of the admin API: `Authorization: Bearer <ADMIN_TOKEN>`. */
export const ADMIN_TOKEN_AUTH = 'admin_token';

const DOCS_PATH = 'docs';
const OPENAPI_JSON_PATH = 'docs/openapi.json';

const ERROR_SCHEMA = 'Error';
const errorRef: ReferenceObject = { $ref: `#/components/schemas/${ERROR_SCHEMA}` };

/** Paths every service answers for the process rather than for the API; they are not part of the document. */
const PROCESS_PATHS = [/^\/health\//, /^\/metrics$/];
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options', 'trace'];

/** What each error status means across the API; an operation lists the statuses it can answer. */
const ERROR_MEANINGS: Record<number, string> = {
  400:
    '`validation_failed` (`details` lists each bad field as `{ field, message }`), `malformed_json`, or ' +
    '`body_too_deep` (objects and arrays nested deeper than `MAX_JSON_DEPTH`).',
  401: '`unauthorized`: the API key or session is missing, malformed, unknown, revoked or ended.',
  403:
    '`forbidden`: the caller’s role or key scope lacks this operation’s permission (`x-permission`), or ' +
    'the person is not a member of the organization named; `csrf_rejected`: a session request that changes ' +
    'state lacks the console’s `Origin` or the `X-Service-CSRF` token; `plan_not_eligible`: the ' +
    'organization’s plan does not include this feature.',
  404: '`not_found`: nothing with this id in the caller’s organization.',
  409: '`conflict`: the request collides with the current state.',
  410: '`link_invalid`: the one-time link is unknown, used or expired (`details.reason`).',
  406: '`not_acceptable`: a stream answers only a request that accepts `text/event-stream`.',
  413: '`payload_too_large`: the body is larger than the endpoint accepts.',
  415: '`unsupported_media_type`: the body is not in a media type this endpoint reads.',
  429: '`too_many_requests`: too many failed attempts; `Retry-After` gives the seconds to wait.',
  503: '`service_unavailable`: the service cannot take the request now; retry later.',
};

/** A status, or a status with what it means for this operation. */
export type ErrorStatus = number | [status: number, meaning: string];

const ERROR_BODY_SCHEMA: SchemaObject = {
  type: 'object',
  description:
    'The uniform error body of every 4xx and 5xx answer. Clients switch on `code`; `message` is for people.',
  required: ['error'],
  additionalProperties: false,
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'details'],
      additionalProperties: false,
      properties: {
        code: { type: 'string', enum: Object.values(ErrorCode) },
        message: { type: 'string' },
        details: {
          description:
            'For `validation_failed`, the list of `{ field, message }` problems; otherwise null or an object ' +
            'that depends on the code.',
        },
      },
    },
  },
  example: {
    error: {
      code: 'validation_failed',
      message: 'Invalid request: url: url must be a string',
      details: [{ field: 'url', message: 'url must be a string' }],
    },
  },
};

/** The error answers an operation can give, each with the uniform error body. */
export function ApiErrors(...statuses: ErrorStatus[]): MethodDecorator & ClassDecorator {
  return applyDecorators(
    ...statuses.map((entry) => {
      const [status, meaning] = typeof entry === 'number' ? [entry, ERROR_MEANINGS[entry]] : entry;
      return ApiResponse({
        status,
        description: meaning ?? 'An error, in the uniform error body.',
        content: { 'application/json': { schema: errorRef } },
      });
    }),
  );
}

/** A controller whose callers are an organization's API keys or its members' sessions. */
export const ApiKeyAuth = (): MethodDecorator & ClassDecorator =>
  applyDecorators(ApiBearerAuth(API_KEY_AUTH), ApiSecurity(SESSION_AUTH), ApiErrors(401, 403));

/** An operation of the signed-in person themselves (`/auth/me`): a session only, never an API key. */
export const ApiSessionAuth = (): MethodDecorator & ClassDecorator =>
  applyDecorators(ApiSecurity(SESSION_AUTH), ApiErrors(401));

/** An operation that needs `permission`: shown as `x-permission`, which docs/security/roles.md expands. */
export const ApiPermission = (permission: string): MethodDecorator & ClassDecorator =>
  ApiExtension('x-permission', permission);

/** A JSON body: a class-validator DTO, whose schema follows from its validators, or a schema (an Ajv one). */
export function ApiJsonBody(body: DtoClass | SchemaObject, example?: unknown): MethodDecorator {
  const schema = typeof body === 'function' ? dtoSchema(body) : body;
  return ApiBody({ required: true, schema: example === undefined ? schema : { ...schema, example } });
}

/** One query parameter per property of a class-validator query DTO. */
export function ApiQueryFrom(dto: DtoClass): MethodDecorator {
  const schema = dtoSchema(dto, 'query');
  const required = new Set(schema.required ?? []);
  return applyDecorators(
    ...Object.entries(schema.properties).map(([name, property]) =>
      ApiQuery({ name, required: required.has(name), schema: property }),
    ),
  );
}

/** A JSON response with its schema and, when given, an example the schema's type checks. */
export function ApiJsonResponse<T extends TSchema | SchemaObject>(
  status: number,
  description: string,
  schema: T,
  example?: T extends TSchema ? Static<T> : unknown,
): MethodDecorator {
  const media = example === undefined ? { schema } : { schema, example };
  return ApiResponse({ status, description, content: { 'application/json': media } });
}

/** The `:id` path parameter of a record with a prefixed id. */
export const ApiIdParam = (what: string, prefix: string, name = 'id'): MethodDecorator =>
  ApiParam({ name, description: `The ${what} id.`, schema: Id(prefix) });

/** One operation: its words, its inputs, its success answer, and the errors its inputs do not imply. */
export interface EndpointOptions<T extends TSchema> extends ApiOperationOptions {
  /** The `:id` path parameter: what it names and its id prefix; an unknown id answers 404. */
  id?: [what: string, prefix: string];
  /** The class-validator DTO of the query string; a bad parameter answers 400. */
  query?: DtoClass;
  /** The JSON body (a DTO or a schema) and its example; a bad, large or non-JSON body answers 400, 413, 415. */
  body?: [body: DtoClass | SchemaObject, example: unknown];
  /** The success answer; its status is also the one Nest sends unless the handler sets another. */
  answer: [status: number, description: string, schema?: T, example?: Static<T>];
  /** More error statuses, or another meaning for an implied one. */
  errors?: ErrorStatus[];
}

/** The documentation and status code of an operation, in one decorator, from what it takes and answers. */
export function Endpoint<T extends TSchema>(options: EndpointOptions<T>): MethodDecorator {
  const { id, query, body, answer, errors = [], ...operation } = options;
  const [status, description, schema, example] = answer;
  const implied = [...(body ? [400, 413, 415] : query ? [400] : []), ...(id ? [404] : [])];
  const named = new Set(errors.map((entry) => (typeof entry === 'number' ? entry : entry[0])));
  return applyDecorators(
    HttpCode(status),
    ApiOperation(operation),
    ...(id ? [ApiIdParam(...id)] : []),
    ...(query ? [ApiQueryFrom(query)] : []),
    ...(body ? [ApiJsonBody(...body)] : []),
    schema
      ? ApiJsonResponse<TSchema>(status, description, schema, example)
      : ApiResponse({ status, description }),
    ApiErrors(...implied.filter((code) => !named.has(code)), ...errors),
  );
}

/* ---------------------------------------------------------------------------------------------------------
 * Response shapes are TypeBox schemas: `Static<typeof X>` is the TypeScript type of the very schema the
 * document shows. These builders write OpenAPI 3.0 (`nullable`, `enum`), not TypeBox's `anyOf` of `const`.
 * ------------------------------------------------------------------------------------------------------- */

const described = (description?: string) => (description === undefined ? {} : { description });

/** A prefixed id such as `wh_01J…`: the prefix, then a ULID in Crockford base32. */
export const Id = (prefix: string, description?: string): TString =>
  Type.String({ pattern: `^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`, ...described(description) });

export const Timestamp = (description?: string): TString =>
  Type.String({ format: 'date-time', ...described(description) });

/** The schema or null, as OpenAPI 3.0 says it: `nullable`, since it has no `type: 'null'`. */
export const Nullable = <T extends TSchema>(schema: T): TUnsafe<Static<T> | null> =>
  Type.Unsafe<Static<T> | null>({ ...schema, nullable: true });

/** One of these strings. */
export const StringEnum = <const T extends readonly string[]>(
  values: T,
  description?: string,
): TUnsafe<T[number]> =>
  Type.Unsafe<T[number]>({ type: 'string', enum: [...values], ...described(description) });

/** `{ data: [...] }`: a short list that is never paged. */
export const List = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item) });

/** `{ data: [...], next_cursor }`: one page of a keyset-paged list. */
export const Page = <T extends TSchema>(item: T) =>
  Type.Object({
    data: Type.Array(item),
    next_cursor: Nullable(
      Type.String({ description: 'Pass it as `cursor` to read the next page; null on the last page.' }),
    ),
  });

/* ---------------------------------------------------------------------------------------------------------
 * Requests are class-validator DTOs, which class-validator-jsonschema reads as JSON Schema: what validates a
 * request also describes it. The converters below say what this API means where the library differs.
 * ------------------------------------------------------------------------------------------------------- */

const unmapped = new Set<string>();

/** `Dto.property: validator` for each validator dtoSchema could not express, since the process started. */
export function unmappedValidators(): string[] {
  return [...unmapped].sort();
}

type Location = 'body' | 'query';
type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];
type Converters = NonNullable<
  NonNullable<Parameters<typeof validationMetadataArrayToSchemas>[1]>['additionalConverters']
>;

const constraint = (meta: ValidationMetadata): unknown => (meta.constraints as unknown[])[0];

function converters(location: Location): Converters {
  return {
    // Conditional validators make a property optional; IsOptional also admits null, which no query carries.
    [ValidationTypes.CONDITIONAL_VALIDATION]: (meta) =>
      meta.name === IS_OPTIONAL && location === 'body' ? { nullable: true } : {},
    // `required` says it; OpenAPI 3.0 has no `type: 'null'` for the library's `not`.
    [ValidationTypes.IS_DEFINED]: {},
    // Written out in place, like the rest of the body, rather than as a `$ref` to a definition.
    [ValidationTypes.NESTED_VALIDATION]: (meta) =>
      dtoSchema(
        Reflect.getMetadata(
          'design:type',
          (meta.target as DtoClass).prototype as object,
          meta.propertyName,
        ) as DtoClass,
      ),
    // Bounds without the library's `type: number`, which would override an IsInt merged before them.
    [MIN]: (meta) => ({ minimum: constraint(meta) }),
    [MAX]: (meta) => ({ maximum: constraint(meta) }),
    [IS_ISO8601]: { type: 'string', format: 'date-time' },
    // A validator no converter knows lands here: recorded, so the document test names it.
    [ValidationTypes.CUSTOM_VALIDATION]: (meta) => {
      unmapped.add(`${(meta.target as DtoClass).name}.${meta.propertyName}: ${meta.type}`);
      return {};
    },
  };
}

/**
 * The JSON Schema (OpenAPI 3.0 dialect) of a class-validator DTO. A property is required unless it has a
 * conditional validator; `@IsOptional()` also admits null in a body, a `ValidateIf(present)` guard does not.
 * Unknown fields are refused by the validation pipe, hence `additionalProperties: false`. `@JSONSchema()`
 * on a property adds what the validators cannot say, such as a description.
 */
export function dtoSchema(
  dto: DtoClass,
  location: Location = 'body',
): SchemaObject & { properties: Record<string, SchemaObject> } {
  // Inherited validators as the DTO's own, under their validator names: the library would describe a
  // subclass without validators of its own as its parent, and miss the subclass's @JSONSchema notes.
  const storage = getMetadataStorage();
  const metadatas = storage.getTargetValidationMetadatas(dto, '', true, false).map((meta) => ({
    ...meta,
    target: dto,
    type:
      (meta.constraintCls && storage.getTargetValidatorConstraints(meta.constraintCls)[0]?.name) || meta.type,
  }));
  const schemas = validationMetadataArrayToSchemas(metadatas, { additionalConverters: converters(location) });
  const schema = (schemas[dto.name] ?? { type: 'object' }) as SchemaObject;
  const properties = (schema.properties ?? {}) as Record<string, SchemaObject>;
  // OpenAPI 3.0 allows `nullable` only beside a `type`; such a property's description says null is taken.
  for (const property of Object.values(properties)) if (!property.type) delete property.nullable;
  return { ...schema, additionalProperties: false, properties };
}

/**
 * A JSON Schema written for Ajv (draft 2020-12 style) in the OpenAPI 3.0 dialect: `const` becomes a
 * one-value `enum`, a `[type, "null"]` union becomes `nullable`, and what 3.0 cannot say (`propertyNames`)
 * moves into the description.
 */
export function openApiSchema(jsonSchema: object): SchemaObject {
  const source = jsonSchema as Record<string, unknown>;
  const target: Record<string, unknown> = {};
  const notes: string[] = [];
  for (const [key, value] of Object.entries(source)) {
    switch (key) {
      case '$id':
      case '$schema':
        break;
      case 'const':
        target['enum'] = [value];
        break;
      case 'type':
        if (Array.isArray(value)) {
          const types = value.filter((type) => type !== 'null');
          target['type'] = types[0];
          if (types.length < value.length) target['nullable'] = true;
        } else target['type'] = value;
        break;
      case 'propertyNames':
        notes.push(`Keys: ${describeKeys(value as Record<string, unknown>)}.`);
        break;
      case 'properties':
        target[key] = Object.fromEntries(
          Object.entries(value as Record<string, object>).map(([name, schema]) => [
            name,
            openApiSchema(schema),
          ]),
        );
        break;
      case 'items':
      case 'not':
        target[key] = openApiSchema(value as object);
        break;
      case 'additionalProperties':
        target[key] = typeof value === 'boolean' ? value : openApiSchema(value as object);
        break;
      case 'allOf':
      case 'anyOf':
      case 'oneOf':
        target[key] = (value as object[]).map(openApiSchema);
        break;
      case 'required':
        target[key] = [...(value as string[])];
        break;
      default:
        target[key] = value;
    }
  }
  if (notes.length > 0) {
    const description = typeof target['description'] === 'string' ? `${target['description']} ` : '';
    target['description'] = `${description}${notes.join(' ')}`;
  }
  return target;
}

function describeKeys(schema: Record<string, unknown>): string {
  const min = typeof schema['minLength'] === 'number' ? schema['minLength'] : undefined;
  const max = typeof schema['maxLength'] === 'number' ? schema['maxLength'] : undefined;
  const parts: string[] = [];
  if (min !== undefined && max !== undefined) parts.push(`${min} to ${max} characters`);
  else if (max !== undefined) parts.push(`at most ${max} characters`);
  else if (min !== undefined) parts.push(`at least ${min} characters`);
  if (typeof schema['pattern'] === 'string') parts.push(`matching \`${schema['pattern']}\``);
  return parts.join(', ');
}

/* ---------------------------------------------------------------------------------------------------------
 * The document: every service's routes, scanned from its Nest application, as one OpenAPI 3.0 document.
 * ------------------------------------------------------------------------------------------------------- */

const DESCRIPTION =
  'The HTTP API of the AI governance service: the admin API, systems, probes, assessments, policies, ' +
  'the dashboard and webhooks.\n\n' +
  '* **Authentication.** Every endpoint but the admin API takes an organization API key as ' +
  '`Authorization: Bearer <API key>`; the admin API takes the deployment’s `ADMIN_TOKEN` the same way.\n' +
  '* **Errors.** Every 4xx and 5xx answer has the body `{ "error": { "code", "message", "details" } }` ' +
  '(schema `Error`).\n' +
  '* **Paged lists** take `limit` (1 to 100) and the opaque `cursor` from the previous page’s ' +
  '`next_cursor`, which is null on the last page.\n' +
  '* **Events.** The events the service publishes, on Kafka and as signed webhook deliveries, are in ' +
  '`docs/asyncapi.json`.\n\n' +
  'Generated from the controllers by `tools/generate-openapi.ts`; do not edit `docs/openapi.json`.';

const bearer = (bearerFormat: string, description: string) =>
  ({ scheme: 'bearer', bearerFormat, type: 'http', description }) as const;

/** What DocumentBuilder would build: the document's info, server and security schemes. */
function documentConfig(): Omit<OpenAPIObject, 'paths'> {
  return {
    openapi: '3.0.3',
    info: { title: 'Governance service API', description: DESCRIPTION, version: '1.0.0', contact: {} },
    tags: [],
    servers: [{ url: '/', description: 'The server that serves this document' }],
    components: {
      securitySchemes: {
        [API_KEY_AUTH]: bearer(
          'API key',
          'An organization API key (`sk_…`); its scope (`full`, `read_only`, `probe`) decides what it may do.',
        ),
        [SESSION_AUTH]: {
          type: 'apiKey',
          in: 'cookie',
          name: 'service_session',
          description:
            'A person’s session, set by `POST /api/service/auth/login`; their role decides what they may do. ' +
            'A person in several organizations names one in `X-Service-Organization`. Requests that change ' +
            'state also need an `Origin` of the console and an `X-Service-CSRF` header equal to the ' +
            '`service_csrf` cookie (`__Host-service_csrf` when cookies are Secure, over HTTPS).',
        },
        [ADMIN_TOKEN_AUTH]: bearer('ADMIN_TOKEN', 'The deployment’s `ADMIN_TOKEN`, for the admin API.'),
      },
    },
  };
}

const byKey = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));

const byMethod = <T>(record: Record<string, T>): Record<string, T> =>
  Object.fromEntries(
    Object.entries(record).sort(([a], [b]) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b)),
  );

/**
 * One OpenAPI 3.0 document of the routes of every given application, in a stable order. The applications
 * need not be initialised nor connected: a preview-mode application (`NestFactory.create(module,
 * { preview: true })`) is scanned the same way, which is how the committed document is generated.
 */
export function buildOpenApiDocument(apps: INestApplication[]): OpenAPIObject {
  const config = documentConfig();
  const paths: OpenAPIObject['paths'] = {};
  const schemas: Record<string, SchemaObject | ReferenceObject> = {};
  for (const app of apps) {
    const scanned = SwaggerModule.createDocument(app, config, {
      operationIdFactory: (controller, method) => `${controller.replace(/Controller$/, '')}_${method}`,
    });
    for (const [path, item] of Object.entries(scanned.paths)) {
      if (PROCESS_PATHS.some((pattern) => pattern.test(path))) continue;
      const existing = paths[path] ?? {};
      for (const method of Object.keys(item)) {
        if (method in existing) throw new Error(`two applications answer ${method.toUpperCase()} ${path}`);
      }
      paths[path] = byMethod({ ...existing, ...item });
    }
    Object.assign(schemas, scanned.components?.schemas ?? {});
  }
  schemas[ERROR_SCHEMA] = ERROR_BODY_SCHEMA;

  const tags = [
    ...new Set(
      Object.values(paths).flatMap((item) =>
        Object.values(item as Record<string, { tags?: string[] }>).flatMap(
          (operation) => operation.tags ?? [],
        ),
      ),
    ),
  ].map((name) => ({ name }));

  const document: OpenAPIObject = {
    openapi: config.openapi,
    info: config.info,
    servers: config.servers,
    tags,
    paths: byKey(paths),
    components: { securitySchemes: config.components?.securitySchemes ?? {}, schemas: byKey(schemas) },
  };
  // Plain JSON: TypeBox marks its schemas with symbol keys, which are no part of the document.
  return JSON.parse(JSON.stringify(document)) as OpenAPIObject;
}

/**
 * Serves Swagger UI at `/docs` and the document at `/docs/openapi.json`, through SwaggerModule (Swagger
 * UI's files come from swagger-ui-dist by @fastify/static). The document is built on the first request,
 * so serving it costs nothing at start-up.
 */
export function serveOpenApiDocs(app: INestApplication, document: () => OpenAPIObject): void {
  SwaggerModule.setup(DOCS_PATH, app, document, {
    jsonDocumentUrl: OPENAPI_JSON_PATH,
    raw: ['json'],
    customSiteTitle: 'Governance service API',
    // The UI loads the document by URL rather than the copy SwaggerModule embeds in its script: the compose
    // edge answers /docs/openapi.json with the merged document of every service, the UI page from identity.
    swaggerOptions: { url: `/${OPENAPI_JSON_PATH}`, spec: {} },
  });
}
