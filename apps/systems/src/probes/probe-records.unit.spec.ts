import {
  INTERNAL_TOPICS,
  newId,
  newUuidV7,
  type SystemRegistrationRequestedDetails,
} from '@governance/contracts';
import { checkRecordContract } from '@governance/messaging';
import { cleanProbeHeartbeat, cleanProbeRegistered, registrationRequest } from './probe-records';

const systemId = newId('system');
const probeId = newId('probe');

const request: SystemRegistrationRequestedDetails & { probe_id: string } = {
  system_id: systemId,
  name: 'Support Bot',
  registration_source: 'shadow_ai_discovery',
  discovery_method: 'observed_endpoint',
  declared: false,
  host: 'gpu-7',
  runtime: null,
  environment: 'prod',
  vendor: null,
  model: null,
  probe_id: probeId,
};

/** What the bus decides before the consumer sees a record: the probes topic's contract. */
const keepsContract = (event: string, details: unknown, organizationId: unknown = newId('organization')) => {
  const id = newUuidV7();
  const value = { id, organization_id: organizationId, event, timestamp: new Date().toISOString(), details };
  return checkRecordContract({ topic: INTERNAL_TOPICS.probes, eventId: id, payload: JSON.stringify(value) })
    .ok;
};

describe('registrationRequest', () => {
  it('keeps the requested id and the asker’s facts', () => {
    expect(registrationRequest(request)).toEqual({
      system_id: systemId,
      name: 'Support Bot',
      registration_source: 'shadow_ai_discovery',
      discovery_method: 'observed_endpoint',
      declared: false,
      host: 'gpu-7',
      runtime: null,
      environment: 'prod',
      vendor: null,
      model: null,
    });
  });

  it('cleans text it can use instead of refusing it: control characters out, length cut to the limit', () => {
    const cleaned = registrationRequest({
      ...request,
      name: `  Bot\u0000 ${'x'.repeat(300)}`,
      host: '\u0007',
      model: 'm'.repeat(250),
    });
    expect(cleaned?.name).toHaveLength(200);
    expect(cleaned?.name.startsWith('Bot x')).toBe(true);
    expect(cleaned?.host).toBeNull();
    expect(cleaned?.model).toHaveLength(200);
  });

  it('has none for a name that cleans to nothing', () => {
    expect(registrationRequest({ ...request, name: ' \u0000 ' })).toBeUndefined();
  });

  it.each([
    ['a malformed system id', { system_id: 'sys_nope' }],
    ['another kind of id', { system_id: newId('probe') }],
    ['no name', { name: undefined }],
    ['a name that is not text', { name: 42 }],
    ['an unknown source', { registration_source: 'api' }],
    ['an unknown discovery method', { discovery_method: 'guess' }],
    ['declared as text', { declared: 'false' }],
  ])('is never handed a request with %s: the contract refuses it', (_, change) => {
    expect(keepsContract('system.registration_requested', request)).toBe(true);
    expect(keepsContract('system.registration_requested', { ...request, ...change })).toBe(false);
  });
});

describe('probe replica records', () => {
  const registeredAt = '2026-11-22T10:00:00.000Z';
  const registered = {
    probe_id: probeId,
    probe_name: '',
    system_id: systemId,
    host: 'gpu-7',
    runtime: 'node22',
    environment: null,
    version: '1.2.0',
    registered_at: registeredAt,
  };
  const heartbeat = {
    probe_id: probeId,
    system_id: systemId,
    status: 'degraded' as const,
    version: null,
    uptime_seconds: 12.5,
    queue_depth: null,
    received_at: registeredAt,
  };
  const change = {
    probe_id: probeId,
    system_id: systemId,
    connection: 'disconnected',
    last_seen_at: registeredAt,
  };

  it('names a nameless probe by its id', () => {
    expect(cleanProbeRegistered(registered)).toEqual({ ...registered, probe_name: probeId });
  });

  it('cleans a heartbeat’s version', () => {
    expect(cleanProbeHeartbeat(heartbeat)).toEqual(heartbeat);
    expect(cleanProbeHeartbeat({ ...heartbeat, version: ' 1.2\u0000 ' }).version).toBe('1.2');
  });

  it('is never handed records without usable ids, times, numbers or states: the contract refuses them', () => {
    expect(keepsContract('probe.registered', registered)).toBe(true);
    expect(keepsContract('probe.registered', { ...registered, probe_id: 'prb_x' })).toBe(false);
    expect(keepsContract('probe.registered', { ...registered, system_id: 'nope' })).toBe(false);
    expect(keepsContract('probe.registered', { ...registered, registered_at: 'soon' })).toBe(false);
    expect(keepsContract('probe.heartbeat', heartbeat)).toBe(true);
    expect(keepsContract('probe.heartbeat', { ...heartbeat, status: 'fine' })).toBe(false);
    expect(keepsContract('probe.heartbeat', { ...heartbeat, uptime_seconds: '12' })).toBe(false);
    expect(keepsContract('probe.heartbeat', { ...heartbeat, received_at: 42 })).toBe(false);
    expect(keepsContract('probe.connection_changed', change)).toBe(true);
    expect(keepsContract('probe.connection_changed', { ...change, connection: 'connected' })).toBe(true);
    expect(keepsContract('probe.connection_changed', { ...change, connection: 'lost' })).toBe(false);
    expect(keepsContract('probe.connection_changed', { ...change, last_seen_at: null })).toBe(false);
    expect(keepsContract('probe.heartbeat', heartbeat, 'org_nope')).toBe(false);
  });
});
