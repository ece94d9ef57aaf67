import { applyDecorators, type INestApplication, type Type } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiParam,
  ApiQuery,
  ApiResponse,
  DocumentBuilder,
  type OpenAPIObject,
  SwaggerModule,
} from '@nestjs/swagger';
import type { ReferenceObject, SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { ErrorCode } from './errors';

export type { OpenAPIObject, SchemaObject };

/** The security scheme of the product API: `Authorization: Bearer <API key>`. */
export const API_KEY_AUTH = 'api_key';
/** The security scheme of the admin API: `Authorization: Bearer <ADMIN_TOKEN>`. */
export const ADMIN_TOKEN_AUTH = 'admin_token';

export const DOCS_PATH = 'docs';
export const OPENAPI_JSON_PATH = 'docs/openapi.json';

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
  401: '`unauthorized`: the bearer token is missing, malformed or unknown.',
  403: '`plan_not_eligible`: the organization’s plan does not include this feature.',
  404: '`not_found`: nothing with this id in the caller’s organization.',
  409: '`conflict`: the request collides with the current state.',
  413: '`payload_too_large`: the body is larger than the endpoint accepts.',
  415: '`unsupported_media_type`: the body is not in a media type this endpoint reads.',
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

/** A controller authenticated by an organization's API key. */
export const ApiKeyAuth = (): MethodDecorator & ClassDecorator =>
  applyDecorators(ApiBearerAuth(API_KEY_AUTH), ApiErrors(401));

/** A JSON body described by a schema, such as `dtoSchema(CreateWebhookDto)` or an Ajv schema. */
export function ApiJsonBody(schema: SchemaObject, example?: unknown): MethodDecorator {
  return ApiBody({
    required: true,
    schema: example === undefined ? schema : { ...schema, example },
  });
}

/** One query parameter per property of a class-validator query DTO. */
export function ApiQueryFrom(dto: Type): MethodDecorator {
  const schema = dtoSchema(dto, {}, 'query');
  const required = new Set(schema.required ?? []);
  return applyDecorators(
    ...Object.entries(schema.properties ?? {}).map(([name, property]) =>
      ApiQuery({ name, required: required.has(name), schema: property }),
    ),
  );
}

/** A JSON response with its schema and, when given, an example. */
export function ApiJsonResponse(
  status: number,
  description: string,
  schema: SchemaObject,
  example?: unknown,
): MethodDecorator {
  return ApiResponse({
    status,
    description,
    content: {
      'application/json': example === undefined ? { schema } : { schema, example },
    },
  });
}

/* Building blocks of response schemas, so each service describes its records in the same words. */

/** A prefixed id such as `wh_01J…`: the prefix, then a ULID in Crockford base32. */
export const idSchema = (prefix: string, description?: string): SchemaObject => ({
  type: 'string',
  pattern: `^${prefix}_[0-9A-HJKMNP-TV-Z]{26}$`,
  ...(description ? { description } : {}),
});

export const timestampSchema = (description?: string): SchemaObject => ({
  type: 'string',
  format: 'date-time',
  ...(description ? { description } : {}),
});

export const nullable = (schema: SchemaObject): SchemaObject => ({ ...schema, nullable: true });

/** An object whose every listed property is always present (possibly null). */
export const recordSchema = (
  properties: Record<string, SchemaObject>,
  description?: string,
): SchemaObject => ({
  type: 'object',
  ...(description ? { description } : {}),
  required: Object.keys(properties),
  properties,
});

/** `{ data: [...] }`: a short list that is never paged. */
export const listSchema = (item: SchemaObject): SchemaObject =>
  recordSchema({ data: { type: 'array', items: item } });

/** `{ data: [...], next_cursor }`: one page of a keyset-paged list. */
export const pageSchema = (item: SchemaObject): SchemaObject =>
  recordSchema({
    data: { type: 'array', items: item },
    next_cursor: nullable({
      type: 'string',
      description: 'Pass it as `cursor` to read the next page; null on the last page.',
    }),
  });

/** The `:id` path parameter of a record with a prefixed id. */
export const ApiIdParam = (what: string, prefix: string, name = 'id'): MethodDecorator =>
  ApiParam({ name, description: `The ${what} id.`, schema: idSchema(prefix) });

/* ---------------------------------------------------------------------------------------------------------
 * class-validator metadata as JSON Schema: the DTOs that validate a request also describe it, so the two
 * cannot drift. Validators without a mapping are recorded, and the document test requires there be none.
 * ------------------------------------------------------------------------------------------------------- */

type ValidationMetadata = ReturnType<
  ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']
>[number];

const unmapped = new Set<string>();

/** `Dto.property: validator` for each validator dtoSchema could not express, since the process started. */
export function unmappedValidators(): string[] {
  return [...unmapped].sort();
}

type Location = 'body' | 'query';

function applyConstraint(schema: SchemaObject, metadata: ValidationMetadata, where: string): void {
  const [first, second] = (metadata.constraints ?? []) as unknown[];
  switch (metadata.name) {
    case 'isString':
      schema.type = 'string';
      return;
    case 'isBoolean':
      schema.type = 'boolean';
      return;
    case 'isInt':
      schema.type = 'integer';
      return;
    case 'isNumber':
      schema.type = 'number';
      return;
    case 'isArray':
      schema.type = 'array';
      return;
    case 'isObject':
      schema.type = 'object';
      return;
    case 'isIn':
      schema.enum = [...(first as unknown[])];
      return;
    case 'isNotEmpty':
      schema.minLength = Math.max(schema.minLength ?? 0, 1);
      return;
    case 'minLength':
      schema.minLength = first as number;
      return;
    case 'maxLength':
      schema.maxLength = first as number;
      return;
    case 'isLength':
      schema.minLength = first as number;
      if (typeof second === 'number') schema.maxLength = second;
      return;
    case 'min':
      schema.minimum = first as number;
      return;
    case 'max':
      schema.maximum = first as number;
      return;
    case 'matches':
      schema.pattern = (first as RegExp).source;
      return;
    case 'arrayNotEmpty':
      schema.minItems = 1;
      return;
    case 'arrayMinSize':
      schema.minItems = first as number;
      return;
    case 'arrayMaxSize':
      schema.maxItems = first as number;
      return;
    case 'arrayUnique':
      schema.uniqueItems = true;
      return;
    case 'isIso8601':
      schema.type = 'string';
      schema.format = 'date-time';
      return;
    case undefined:
    default:
      unmapped.add(`${where}: ${metadata.name ?? metadata.type}`);
  }
}

/** The same schema with `type` as its first key, as people write them. */
const typeFirst = (schema: SchemaObject): SchemaObject =>
  schema.type === undefined ? schema : { type: schema.type, ...schema };

function inferType(schema: SchemaObject): void {
  if (schema.type || !schema.enum) return;
  schema.type = schema.enum.every((value) => typeof value === 'string') ? 'string' : undefined;
}

/**
 * The JSON Schema (OpenAPI 3.0 dialect) of a class-validator DTO. A property is required unless it has a
 * conditional validator; `@IsOptional()` also admits null, a `ValidateIf(present)` guard does not. Unknown
 * fields are refused by the validation pipe, hence `additionalProperties: false`. `overrides` adds what
 * the decorators cannot say, such as the shape of a field a service validates itself.
 */
export function dtoSchema(
  dto: Type,
  overrides: Record<string, SchemaObject> = {},
  location: Location = 'body',
): SchemaObject & { properties: Record<string, SchemaObject> } {
  const metadatas = getMetadataStorage().getTargetValidationMetadatas(dto, '', true, false);
  const byProperty = new Map<string, ValidationMetadata[]>();
  for (const metadata of metadatas) {
    const list = byProperty.get(metadata.propertyName) ?? [];
    list.push(metadata);
    byProperty.set(metadata.propertyName, list);
  }

  const properties: Record<string, SchemaObject> = {};
  const required: string[] = [];
  for (const [name, list] of byProperty) {
    const property: SchemaObject = {};
    const items: SchemaObject = {};
    let optional = false;
    let admitsNull = false;
    for (const metadata of list.slice().reverse()) {
      const where = `${dto.name}.${name}`;
      if (metadata.type === ValidationTypes.CONDITIONAL_VALIDATION) {
        optional = true;
        admitsNull ||= metadata.name === 'isOptional';
      } else if (metadata.type === ValidationTypes.IS_DEFINED) {
        continue;
      } else if (metadata.type === ValidationTypes.NESTED_VALIDATION) {
        const nested = Reflect.getMetadata('design:type', dto.prototype as object, name) as Type | undefined;
        if (nested) Object.assign(property, dtoSchema(nested));
        else unmapped.add(`${where}: nested type unknown`);
      } else if (metadata.type === ValidationTypes.CUSTOM_VALIDATION) {
        applyConstraint(metadata.each ? items : property, metadata, where);
      } else {
        unmapped.add(`${where}: ${metadata.type}`);
      }
    }
    inferType(items);
    inferType(property);
    if (Object.keys(items).length > 0) property.items = typeFirst(items);
    if (admitsNull && location === 'body') property.nullable = true;
    properties[name] = { ...typeFirst(property), ...overrides[name] };
    if (!optional) required.push(name);
  }
  return {
    type: 'object',
    additionalProperties: false,
    ...(required.length > 0 ? { required } : {}),
    properties,
  };
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

export interface OpenApiDocumentOptions {
  title?: string;
  version?: string;
  description?: string;
}

const DEFAULT_DESCRIPTION =
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

function documentConfig(options: OpenApiDocumentOptions): Omit<OpenAPIObject, 'paths'> {
  return new DocumentBuilder()
    .setOpenAPIVersion('3.0.3')
    .setTitle(options.title ?? 'Governance service API')
    .setVersion(options.version ?? '1.0.0')
    .setDescription(options.description ?? DEFAULT_DESCRIPTION)
    .addServer('/', 'The server that serves this document')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'API key',
        description: 'An organization API key (`sk_…`).',
      },
      API_KEY_AUTH,
    )
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'ADMIN_TOKEN',
        description: 'The deployment’s `ADMIN_TOKEN`, for the admin API.',
      },
      ADMIN_TOKEN_AUTH,
    )
    .build();
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
export function buildOpenApiDocument(
  apps: INestApplication[],
  options: OpenApiDocumentOptions = {},
): OpenAPIObject {
  const config = documentConfig(options);
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

  return {
    openapi: config.openapi,
    info: config.info,
    servers: config.servers,
    tags,
    paths: byKey(paths),
    components: { securitySchemes: config.components?.securitySchemes ?? {}, schemas: byKey(schemas) },
  };
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
    // edge answers /docs/openapi.json with the merged document of every service, the UI page from tenancy.
    swaggerOptions: { url: `/${OPENAPI_JSON_PATH}`, spec: {} },
  });
}
