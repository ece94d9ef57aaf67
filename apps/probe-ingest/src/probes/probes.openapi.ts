import { PROBE_STATUSES } from '@governance/contracts';
import {
  dtoSchema,
  idSchema,
  nullable,
  recordSchema,
  type SchemaObject,
  timestampSchema,
} from '@governance/platform';
import { HeartbeatDto, RegisterProbeDto } from './probe.dto';

/* The OpenAPI description of probe registration, heartbeats and probe detail; requests come from the DTOs. */

export const registerProbeBody = dtoSchema(RegisterProbeDto, {
  probe_name: {
    description: 'With `host`, identifies the probe: registering the same pair again is idempotent.',
  },
  system_name: {
    description:
      'The system the probe watches, by name: found, or registered (`registration_source: probe`) when new. ' +
      'Give exactly one of `system_name` and `system_id`.',
  },
  system_id: {
    description: 'The system the probe watches, by id. Give exactly one of `system_name` and `system_id`.',
  },
});
export const heartbeatBody = dtoSchema(HeartbeatDto);

const registrationProperties = {
  probe_id: idSchema('prb'),
  system_id: idSchema('sys'),
  probe_name: { type: 'string' },
  host: { type: 'string' },
  runtime: nullable({ type: 'string' }),
  environment: nullable({ type: 'string' }),
  version: nullable({ type: 'string' }),
  registered_at: timestampSchema(),
} satisfies Record<string, SchemaObject>;

export const registrationSchema = recordSchema(registrationProperties);

export const heartbeatSchema = recordSchema({ probe_id: idSchema('prb'), received_at: timestampSchema() });

export const probeSchema = recordSchema({
  ...registrationProperties,
  status: nullable({
    type: 'string',
    enum: [...PROBE_STATUSES],
    description: 'From the last heartbeat; null before the first one.',
  }),
  uptime_seconds: nullable({ type: 'integer' }),
  queue_depth: nullable({ type: 'integer' }),
  last_heartbeat_at: nullable(timestampSchema()),
  last_telemetry_at: nullable(timestampSchema()),
  connection: {
    type: 'string',
    enum: ['connected', 'disconnected'],
    description:
      '`disconnected` once the probe has sent no telemetry for longer than the silence limit (5 minutes by default).',
  },
});

const registration = {
  probe_id: 'prb_01JD60C3D4E5F6G7H8J9KMNPQR',
  system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
  probe_name: 'edge-1',
  host: 'claims-1.internal',
  runtime: 'python3.12',
  environment: 'production',
  version: '1.4.0',
  registered_at: '2026-11-22T09:12:00.000Z',
};

export const examples = {
  register: {
    probe_name: 'edge-1',
    system_name: 'Claims Triage',
    host: 'claims-1.internal',
    runtime: 'python3.12',
    environment: 'production',
    version: '1.4.0',
  },
  registration,
  heartbeat: {
    probe_id: registration.probe_id,
    status: 'healthy',
    version: '1.4.0',
    uptime_seconds: 86400,
    queue_depth: 0,
  },
  heartbeatReceived: { probe_id: registration.probe_id, received_at: '2026-11-22T10:14:30.000Z' },
  probe: {
    ...registration,
    status: 'healthy',
    uptime_seconds: 86400,
    queue_depth: 0,
    last_heartbeat_at: '2026-11-22T10:14:30.000Z',
    last_telemetry_at: '2026-11-22T10:14:58.000Z',
    connection: 'connected',
  },
};
