import {
  DISCOVERY_METHODS,
  PROBE_STATUSES,
  REGISTRATION_SOURCES,
  RISK_TIERS,
  SYSTEM_STATUSES,
} from '@governance/contracts';
import {
  dtoSchema,
  idSchema,
  nullable,
  pageSchema,
  recordSchema,
  type SchemaObject,
  timestampSchema,
} from '@governance/platform';
import { CreateSystemDto, UpdateSystemDto } from './system.dto';

/* The OpenAPI description of the systems inventory: request schemas come from the DTOs. */

export const createSystemBody = dtoSchema(CreateSystemDto, {
  risk_tier: { description: '`unclassified` when left out.' },
});
export const updateSystemBody = dtoSchema(UpdateSystemDto, {
  declared: { description: 'true adopts a discovered (shadow) system into the declared inventory.' },
});

const text = nullable({ type: 'string' });
const systemProperties = {
  id: idSchema('sys'),
  name: { type: 'string', description: 'Unique within the organization.' },
  description: text,
  owner: text,
  vendor: text,
  model: text,
  risk_tier: { type: 'string', enum: [...RISK_TIERS] },
  environment: text,
  host: text,
  runtime: text,
  tags: { type: 'array', items: { type: 'string' } },
  declared: { type: 'boolean', description: 'false for a shadow system found by discovery.' },
  registration_source: { type: 'string', enum: [...REGISTRATION_SOURCES] },
  discovery_method: { type: 'string', enum: [...DISCOVERY_METHODS] },
  status: { type: 'string', enum: [...SYSTEM_STATUSES] },
  created_at: timestampSchema(),
  updated_at: timestampSchema(),
} satisfies Record<string, SchemaObject>;

export const systemSchema = recordSchema(systemProperties);
export const systemPageSchema = pageSchema(systemSchema);

const probeSchema = recordSchema({
  probe_id: idSchema('prb'),
  probe_name: { type: 'string' },
  host: { type: 'string' },
  runtime: text,
  environment: text,
  version: text,
  status: nullable({
    type: 'string',
    enum: [...PROBE_STATUSES],
    description: 'From the last heartbeat; null before the first one.',
  }),
  connection: { type: 'string', enum: ['connected', 'disconnected'] },
  last_heartbeat_at: nullable(timestampSchema()),
  last_seen_at: nullable(timestampSchema()),
  uptime_seconds: nullable({ type: 'integer' }),
  queue_depth: nullable({ type: 'integer' }),
  registered_at: timestampSchema(),
});

export const systemDetailSchema = recordSchema({
  ...systemProperties,
  probes: { type: 'array', items: probeSchema, description: 'The probes attached to the system.' },
});

const system = {
  id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
  name: 'Claims Triage',
  description: 'Routes incoming insurance claims to the right team.',
  owner: 'claims-platform@example.com',
  vendor: 'OpenAI',
  model: 'gpt-4o',
  risk_tier: 'high',
  environment: 'production',
  host: 'claims-1.internal',
  runtime: 'python3.12',
  tags: ['claims', 'customer-facing'],
  declared: true,
  registration_source: 'api',
  discovery_method: 'manual',
  status: 'active',
  created_at: '2026-11-22T09:10:00.000Z',
  updated_at: '2026-11-22T09:10:00.000Z',
};

export const examples = {
  create: {
    name: system.name,
    description: system.description,
    owner: system.owner,
    vendor: system.vendor,
    model: system.model,
    risk_tier: system.risk_tier,
    environment: system.environment,
    host: system.host,
    runtime: system.runtime,
    tags: system.tags,
  },
  update: { risk_tier: 'limited', tags: ['claims'] },
  system,
  page: { data: [system], next_cursor: null },
  detail: {
    ...system,
    probes: [
      {
        probe_id: 'prb_01JD60C3D4E5F6G7H8J9KMNPQR',
        probe_name: 'edge-1',
        host: 'claims-1.internal',
        runtime: 'python3.12',
        environment: 'production',
        version: '1.4.0',
        status: 'healthy',
        connection: 'connected',
        last_heartbeat_at: '2026-11-22T10:14:30.000Z',
        last_seen_at: '2026-11-22T10:14:58.000Z',
        uptime_seconds: 86400,
        queue_depth: 0,
        registered_at: '2026-11-22T09:12:00.000Z',
      },
    ],
  },
};
