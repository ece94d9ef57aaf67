import { type ProbeRegistrationResponse, type ProbeResponse } from './probe.dto';

/* Examples of probe registration, heartbeats and probe detail; the response types check them. */

const registration: ProbeRegistrationResponse = {
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
  } satisfies ProbeResponse,
};
