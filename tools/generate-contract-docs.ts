/**
 * Writes the published contract documents from the code that defines the contracts, so they cannot drift:
 * one JSON Schema file per public event payload and record, and an AsyncAPI 3.0.0 document of the Kafka
 * topics and the webhook deliveries.
 *
 *   npm run docs:generate   writes the files
 *   npm run docs:check      exits 1 and lists the files that differ from what would be generated
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import {
  EVENT_HEADERS,
  type JsonSchema,
  PUBLIC_EVENT_SCHEMAS,
  type PublicEventType,
  publicTopicFor,
  SCHEMA_VERSION,
} from '@governance/contracts';
import { deliveryRequest, USER_AGENT } from '../apps/webhooks/src/deliveries/delivery-request';

export interface GeneratedFile {
  /** Relative to the repository root, with forward slashes. */
  path: string;
  content: string;
}

export const SCHEMAS_DIR = 'libs/contracts/schemas';
export const ASYNCAPI_PATH = 'docs/asyncapi.json';
const WEBHOOK_CHANNEL = 'webhook';

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** A local reference; segments are escaped as RFC 6901 requires. */
function ref(...segments: string[]): { $ref: string } {
  return { $ref: `#/${segments.map((s) => s.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}` };
}

/** `finding.created` -> `FindingCreated`, for operation ids. */
function pascal(event: PublicEventType): string {
  return event
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

function property(schema: JsonSchema, name: string): JsonSchema {
  const properties = schema['properties'] as Record<string, JsonSchema> | undefined;
  const found = properties?.[name];
  if (!found) throw new Error(`schema ${String(schema['$id'])} has no property ${name}`);
  return found;
}

const names = {
  payloadSchema: (event: PublicEventType) => `${event}.payload`,
  recordSchema: (event: PublicEventType) => `${event}.record`,
  recordHeaders: (event: PublicEventType) => `${event}.record.headers`,
  deliveryHeaders: (event: PublicEventType) => `${event}.delivery.headers`,
  recordMessage: (event: PublicEventType) => `${event}.record`,
  deliveryMessage: (event: PublicEventType) => `${event}.delivery`,
  organizationId: 'organization-id',
};

const DEDUPE_BY_EVENT_ID =
  'Delivery is at least once: a record can be read more than once (a producer retry, or a consumer restart before ' +
  "its offset commit), so deduplicate by the `event-id` header, which equals the value's `id`.";

const ORDERING =
  'The record key is the organization id, so all records of one organization land on one partition of the topic ' +
  'and are read in the order they were published. There is no order across organizations, nor across topics.';

const RETRIES =
  'A delivery makes at most 3 attempts: at once, 30 seconds after the first failure, and 5 minutes after the ' +
  'second. Each attempt waits at most 30 seconds for the response. Any 2xx status is success; any other ' +
  'status, a time-out or a connection error is a failure. Redirects (3xx) are not followed and count as a ' +
  'failure. After the third failure the delivery is marked failed; every attempt shows in the delivery log ' +
  '(`GET /v1/webhooks/{webhook_id}/deliveries`) for 30 days.';

const VERIFY =
  'Verify before parsing: (1) read the raw body bytes; (2) read `X-Service-Signature-256` and require the ' +
  '`sha256=` prefix followed by 64 lowercase hex digits, else answer 400; (3) compute HMAC-SHA256 of the raw ' +
  'body keyed with the whole signing secret, `whsec_` prefix included; (4) compare the digests in constant ' +
  'time, and answer 403 on a mismatch.';

const DEDUPE_BY_DELIVERY =
  'The same delivery can arrive more than once (a retry after a time-out whose request did reach you), so ' +
  'deduplicate by `X-Service-Delivery`, which is the same on every attempt of one delivery. Deliveries are not ' +
  'ordered: a retried delivery can arrive after a later event. Answer 2xx at once and process asynchronously.';

/** The schema of each delivery header; the names themselves come from the request the service really sends. */
function deliveryHeaderSchema(name: string, event: PublicEventType): JsonSchema {
  switch (name) {
    case 'Content-Type':
      return { type: 'string', const: 'application/json' };
    case 'X-Service-Event':
      return { type: 'string', const: event, description: 'The event type; equals the payload `event`.' };
    case 'X-Service-Signature-256':
      return {
        type: 'string',
        pattern: '^sha256=[0-9a-f]{64}$',
        description:
          "HMAC-SHA256 of the raw request body keyed with the webhook's `signing_secret` (the whole " +
          'string, `whsec_` prefix included), in lowercase hex.',
      };
    case 'X-Service-Delivery':
      return {
        type: 'string',
        format: 'uuid',
        description: 'Unique per delivery and the same on each of its attempts: the deduplication key.',
      };
    case 'X-Service-Hook-ID':
      return {
        type: 'string',
        pattern: '^wh_[0-9A-HJKMNP-TV-Z]{26}$',
        description: 'The id of the webhook this delivery is for.',
      };
    case 'User-Agent':
      return { type: 'string', const: USER_AGENT };
    default:
      throw new Error(
        `delivery header ${name} is sent but not documented: describe it in tools/generate-contract-docs.ts`,
      );
  }
}

function deliveryHeaderNames(): string[] {
  const request = deliveryRequest({
    url: 'https://receiver.example/hooks',
    signingSecret: 'whsec_docs',
    deliveryId: '00000000-0000-7000-8000-000000000000',
    webhookId: 'wh_00000000000000000000000000',
    eventType: 'finding.created',
    payload: '{}',
    timeoutMs: 30_000,
  });
  return Object.keys(request.headers);
}

function recordHeadersSchema(event: PublicEventType): JsonSchema {
  return {
    type: 'object',
    description: 'Kafka record headers; each value is a UTF-8 string.',
    required: Object.values(EVENT_HEADERS),
    properties: {
      [EVENT_HEADERS.eventId]: {
        type: 'string',
        format: 'uuid',
        description: 'Equals the value `id`: the deduplication key.',
      },
      [EVENT_HEADERS.eventType]: { type: 'string', const: event, description: 'Equals the value `event`.' },
      [EVENT_HEADERS.organizationId]: ref('components', 'schemas', names.organizationId),
      [EVENT_HEADERS.schemaVersion]: {
        type: 'string',
        const: SCHEMA_VERSION,
        description:
          'Version of the value schema. Additive changes keep it; a breaking change gets a new topic.',
      },
    },
  };
}

function deliveryHeadersSchema(event: PublicEventType, headerNames: string[]): JsonSchema {
  return {
    type: 'object',
    description: 'HTTP request headers of a delivery. Header names are case-insensitive.',
    required: headerNames,
    properties: Object.fromEntries(headerNames.map((name) => [name, deliveryHeaderSchema(name, event)])),
  };
}

function asyncApiDocument(): Record<string, unknown> {
  const headerNames = deliveryHeaderNames();
  const firstRecord = PUBLIC_EVENT_SCHEMAS[0]?.record;
  if (!firstRecord) throw new Error('no public events');
  const organizationId: JsonSchema = {
    ...property(firstRecord, 'organization_id'),
    description: 'The organization (tenant) id: the Kafka record key, and the `organization-id` header.',
  };

  const schemas: Record<string, unknown> = { [names.organizationId]: organizationId };
  const messages: Record<string, unknown> = {};
  const channels: Record<string, unknown> = {};
  const operations: Record<string, unknown> = {};
  const webhookMessages: Record<string, unknown> = {};

  for (const { event, payload, record } of PUBLIC_EVENT_SCHEMAS) {
    const topic = publicTopicFor(event);
    schemas[names.recordSchema(event)] = record;
    schemas[names.recordHeaders(event)] = recordHeadersSchema(event);
    schemas[names.payloadSchema(event)] = payload;
    schemas[names.deliveryHeaders(event)] = deliveryHeadersSchema(event, headerNames);

    messages[names.recordMessage(event)] = {
      name: event,
      title: `${event} record`,
      summary: `A ${event} event as a record on ${topic}.`,
      contentType: 'application/json',
      headers: ref('components', 'schemas', names.recordHeaders(event)),
      payload: ref('components', 'schemas', names.recordSchema(event)),
      // The key schema is inline: the official 3.0.0 JSON Schema lets it be a Reference or a Schema through
      // `oneOf`, and a `{ $ref }` object matches both, so a reference here fails validation.
      bindings: { kafka: { key: organizationId, bindingVersion: '0.5.0' } },
    };
    messages[names.deliveryMessage(event)] = {
      name: event,
      title: `${event} delivery`,
      summary: `A ${event} event as the body of a webhook delivery.`,
      contentType: 'application/json',
      headers: ref('components', 'schemas', names.deliveryHeaders(event)),
      payload: ref('components', 'schemas', names.payloadSchema(event)),
    };

    channels[topic] = {
      address: topic,
      title: topic,
      description: `Every ${event} event of every organization. ${ORDERING}`,
      servers: [ref('servers', 'kafka')],
      messages: { [event]: ref('components', 'messages', names.recordMessage(event)) },
      bindings: { kafka: { topic, bindingVersion: '0.5.0' } },
    };
    operations[`receive${pascal(event)}`] = {
      action: 'receive',
      title: `Consume ${topic}`,
      summary: `A downstream consumer reads ${event} records.`,
      description: `${ORDERING} ${DEDUPE_BY_EVENT_ID}`,
      channel: ref('channels', topic),
      messages: [ref('channels', topic, 'messages', event)],
      tags: [{ name: 'kafka' }],
    };

    webhookMessages[event] = ref('components', 'messages', names.deliveryMessage(event));
    operations[`deliver${pascal(event)}`] = {
      action: 'send',
      title: `Deliver ${event}`,
      summary: `The service POSTs a ${event} event to every active webhook subscribed to it.`,
      description: `${RETRIES} ${VERIFY} ${DEDUPE_BY_DELIVERY}`,
      channel: ref('channels', WEBHOOK_CHANNEL),
      messages: [ref('channels', WEBHOOK_CHANNEL, 'messages', event)],
      bindings: { http: { method: 'POST', bindingVersion: '0.3.0' } },
      tags: [{ name: 'webhook' }],
    };
  }

  channels[WEBHOOK_CHANNEL] = {
    address: null,
    title: "The subscriber's webhook URL",
    description:
      'Deliveries go by HTTP POST to the `url` a subscriber registered with `POST /v1/webhooks` (server ' +
      '`subscriber`). The address is that URL, so it is known only per webhook. Only the event types in the ' +
      "webhook's `events` are delivered, and only while it is `active`. The body is the common payload " +
      '`{event, timestamp, severity, system_id, details}`, the bytes the signature covers.',
    servers: [ref('servers', 'subscriber')],
    messages: webhookMessages,
  };

  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Governance service events',
      version: SCHEMA_VERSION,
      description:
        'The governance events downstream teams can rely on, in two forms.\n\n' +
        '* **Kafka**: one topic per event type, `governance.<event>`. The value is the event record (the ' +
        'common payload plus `id` and `organization_id`), the key is the organization id, and the headers ' +
        `are \`${Object.values(EVENT_HEADERS).join('`, `')}\`. The operations are those of a downstream ` +
        'consumer (`receive`).\n' +
        '* **Webhooks**: a signed HTTP POST of the common payload to each subscribed webhook URL. The ' +
        'operations are those of the service (`send`).\n\n' +
        'Schema versions: additive changes (a new optional field, a new header) keep `schema-version` ' +
        `${SCHEMA_VERSION}; a breaking change gets a new version, published on a parallel topic while the old ` +
        'one lives on. Consumers must ignore fields they do not know.\n\n' +
        'Generated by `tools/generate-contract-docs.ts` from `libs/contracts`; do not edit. The same schemas ' +
        'are in `libs/contracts/schemas/`, and `docs/events.md` is the guide for consumers.',
    },
    defaultContentType: 'application/json',
    servers: {
      kafka: {
        host: 'kafka:9092',
        protocol: 'kafka',
        title: 'Kafka',
        description: 'The Kafka cluster of the deployment; `kafka:9092` stands for its bootstrap servers.',
      },
      subscriber: {
        host: '{host}',
        pathname: '{path}',
        protocol: 'https',
        title: 'Webhook subscriber',
        description: 'The endpoint a subscriber registered as the webhook `url`; the service is the client.',
        variables: {
          host: { description: 'Host, and port when not 443, of the webhook `url`.' },
          path: { description: 'Path and query of the webhook `url`.' },
        },
      },
    },
    channels,
    operations,
    components: { schemas, messages },
  };
}

/** Every generated file, in a fixed order; pure apart from reading the contracts. */
export function renderContractDocs(): GeneratedFile[] {
  const files: GeneratedFile[] = [];
  for (const { event, payload, record } of PUBLIC_EVENT_SCHEMAS) {
    files.push({ path: `${SCHEMAS_DIR}/${event}.payload.json`, content: json(payload) });
    files.push({ path: `${SCHEMAS_DIR}/${event}.record.json`, content: json(record) });
  }
  files.push({ path: ASYNCAPI_PATH, content: json(asyncApiDocument()) });
  return files;
}

/** Paths of generated files whose content on disk differs or is missing. */
export function staleContractDocs(root: string, files: GeneratedFile[] = renderContractDocs()): string[] {
  return files.filter((file) => readOrNull(join(root, file.path)) !== file.content).map((file) => file.path);
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

/**
 * `--check`: 1 and the stale paths when any file differs from what would be generated; otherwise writes
 * the stale files. The command line of every generator in tools/.
 */
export function syncGeneratedFiles(
  root: string,
  files: GeneratedFile[],
  argv: string[],
  what: string,
): number {
  const stale = new Set(staleContractDocs(root, files));
  if (argv.includes('--check')) {
    if (stale.size === 0) return 0;
    console.error(
      `Stale ${what}; run \`npm run docs:generate\`:\n${[...stale].map((p) => `  ${p}`).join('\n')}`,
    );
    return 1;
  }
  for (const file of files.filter((f) => stale.has(f.path))) {
    const target = join(root, file.path);
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    console.log(`wrote ${file.path}`);
  }
  if (stale.size === 0) console.log(`${what} are up to date`);
  return 0;
}

function main(argv: string[]): number {
  return syncGeneratedFiles(join(__dirname, '..'), renderContractDocs(), argv, 'contract docs');
}

if (require.main === module) process.exitCode = main(process.argv.slice(2));
