import { type CreateSystemDto, type SystemDetailResponse, type SystemResponse } from './system.dto';

/* Examples of the systems inventory; the request and response types check them. */

const create = {
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
} satisfies CreateSystemDto;

const system: SystemResponse = {
  id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
  ...create,
  declared: true,
  registration_source: 'api',
  discovery_method: 'manual',
  status: 'active',
  created_at: '2026-11-22T09:10:00.000Z',
  updated_at: '2026-11-22T09:10:00.000Z',
};

export const examples = {
  create,
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
  } satisfies SystemDetailResponse,
};
