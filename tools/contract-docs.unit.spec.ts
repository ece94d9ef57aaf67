import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import {
  newId,
  newUuidV7,
  PUBLIC_EVENT_SCHEMAS,
  PUBLIC_EVENT_TYPES,
  PUBLIC_TOPICS,
} from '@governance/contracts';
import { deliveryRequest } from '../apps/webhooks/src/deliveries/delivery-request';
import { ASYNCAPI_PATH, renderContractDocs, staleContractDocs } from './generate-contract-docs';

type Json = Record<string, unknown>;

const ROOT = join(__dirname, '..');
const files = renderContractDocs();
const asyncapi = JSON.parse(files.find((file) => file.path === ASYNCAPI_PATH)!.content) as Json;

function resolvePointer(document: unknown, ref: string): unknown {
  const segments = ref
    .slice(2)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
  return segments.reduce<unknown>(
    (node, segment) => (node !== null && typeof node === 'object' ? (node as Json)[segment] : undefined),
    document,
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

describe('generated contract docs', () => {
  it('match the files on disk', () => {
    const stale = staleContractDocs(ROOT, files);
    if (stale.length > 0) {
      throw new Error(
        `Stale contract docs; run \`npm run docs:generate\` and commit the result:\n${stale.join('\n')}`,
      );
    }
  });

  it('publish a payload and a record schema for each public event, as 2-space JSON with a final newline', () => {
    const schemaFiles = files.filter((file) => file.path !== ASYNCAPI_PATH);
    expect(schemaFiles.map((file) => file.path)).toEqual(
      PUBLIC_EVENT_TYPES.flatMap((event) => [
        `libs/contracts/schemas/${event}.payload.json`,
        `libs/contracts/schemas/${event}.record.json`,
      ]),
    );
    for (const [index, { payload, record }] of PUBLIC_EVENT_SCHEMAS.entries()) {
      expect(schemaFiles[2 * index]!.content).toBe(`${JSON.stringify(payload, null, 2)}\n`);
      expect(schemaFiles[2 * index + 1]!.content).toBe(`${JSON.stringify(record, null, 2)}\n`);
    }
  });

  it('is a valid AsyncAPI 3.0.0 document', () => {
    const specPath = require.resolve('@asyncapi/specs/schemas/3.0.0.json');
    const metaSchema = JSON.parse(readFileSync(specPath, 'utf8')) as Json & { definitions: Json };
    // The bundle carries its own copies of the JSON Schema meta-schemas; Ajv has draft-07 built in and
    // refuses a second schema with the same id (the AsyncAPI parser drops them the same way).
    delete metaSchema.definitions['http://json-schema.org/draft-07/schema'];
    delete metaSchema.definitions['http://json-schema.org/draft-04/schema'];
    const ajv = new Ajv({ strict: false, allErrors: true, allowUnionTypes: true, unicodeRegExp: false });
    const validate = addFormats(ajv).compile(metaSchema);
    const valid = validate(asyncapi);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('resolves every local $ref, and each operation sends or receives messages of its own channel', () => {
    const unresolved = localRefs(asyncapi).filter(
      (ref) => !ref.startsWith('#/') || !resolvePointer(asyncapi, ref),
    );
    expect(unresolved).toEqual([]);
    for (const operation of Object.values(asyncapi['operations'] as Record<string, Json>)) {
      const channelRef = (operation['channel'] as { $ref: string }).$ref;
      for (const message of operation['messages'] as Array<{ $ref: string }>) {
        expect(message.$ref.startsWith(`${channelRef}/messages/`)).toBe(true);
      }
    }
  });

  it('describes every public topic, keyed by organization and receivable by consumers', () => {
    const channels = asyncapi['channels'] as Record<string, Json>;
    const operations = Object.values(asyncapi['operations'] as Record<string, Json>);
    const components = asyncapi['components'] as {
      messages: Record<string, Json>;
      schemas: Record<string, Json>;
    };
    for (const topic of PUBLIC_TOPICS) {
      expect(channels[topic]).toMatchObject({ address: topic, bindings: { kafka: { topic } } });
      expect(
        operations.filter(
          (op) =>
            op['action'] === 'receive' &&
            resolvePointer(asyncapi, (op['channel'] as { $ref: string }).$ref) === channels[topic],
        ),
      ).toHaveLength(1);
    }
    for (const event of PUBLIC_EVENT_TYPES) {
      expect(components.messages[`${event}.record`]).toMatchObject({
        payload: { $ref: `#/components/schemas/${event}.record` },
        bindings: { kafka: { key: components.schemas['organization-id'] } },
      });
    }
  });

  it('documents exactly the headers of a real delivery, and they validate', () => {
    const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));
    const schemas = (asyncapi['components'] as { schemas: Record<string, Json> }).schemas;
    for (const event of PUBLIC_EVENT_TYPES) {
      const { headers } = deliveryRequest({
        url: 'https://receiver.example/hooks',
        signingSecret: 'whsec_test',
        deliveryId: newUuidV7(),
        webhookId: newId('webhook'),
        eventType: event,
        payload: '{}',
        timeoutMs: 30_000,
      });
      const schema = schemas[`${event}.delivery.headers`]!;
      expect(Object.keys(schema['properties'] as Json)).toEqual(Object.keys(headers));
      const validate = ajv.compile(schema);
      expect(validate(headers) ? [] : validate.errors).toEqual([]);
      expect(validate({ ...headers, 'X-Service-Event': 'other.event' })).toBe(false);
    }
  });
});
