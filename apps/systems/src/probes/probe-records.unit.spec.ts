import { newId, newUuidV7 } from '@governance/contracts';
import {
  checkConnectionChanged,
  checkProbeEventRecord,
  checkProbeHeartbeat,
  checkProbeRegistered,
  checkRegistrationRequest,
} from './probe-records';

const systemId = newId('system');
const probeId = newId('probe');

const request = {
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

describe('checkProbeEventRecord', () => {
  it('accepts a well-formed envelope', () => {
    const record = {
      id: newUuidV7(),
      organization_id: newId('organization'),
      event: 'probe.heartbeat',
      timestamp: new Date().toISOString(),
      details: {},
    };
    expect(checkProbeEventRecord(record)).toEqual({ ok: true, value: record });
  });

  it.each([
    [undefined],
    [null],
    [[]],
    ['text'],
    [{ id: 'x', organization_id: 'org_nope', event: 'probe.heartbeat', details: {} }],
    [{ id: 'x', organization_id: newId('organization'), event: 'probe.heartbeat' }],
    [{ organization_id: newId('organization'), event: 'probe.heartbeat', details: {} }],
  ])('refuses %j', (value) => {
    expect(checkProbeEventRecord(value).ok).toBe(false);
  });
});

describe('checkRegistrationRequest', () => {
  it('keeps the requested id and the asker’s facts', () => {
    expect(checkRegistrationRequest(request)).toEqual({
      ok: true,
      value: {
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
      },
    });
  });

  it('cleans text it can use instead of refusing it: control characters out, length cut to the limit', () => {
    const checked = checkRegistrationRequest({
      ...request,
      name: `  Bot\u0000 ${'x'.repeat(300)}`,
      host: '\u0007',
      model: 'm'.repeat(250),
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.value.name).toHaveLength(200);
    expect(checked.value.name.startsWith('Bot x')).toBe(true);
    expect(checked.value.host).toBeNull();
    expect(checked.value.model).toHaveLength(200);
  });

  it.each([
    ['a malformed system id', { system_id: 'sys_nope' }],
    ['another kind of id', { system_id: newId('probe') }],
    ['no name', { name: undefined }],
    ['a blank name', { name: ' \u0000 ' }],
    ['a name that is not text', { name: 42 }],
    ['an unknown source', { registration_source: 'api' }],
    ['an unknown discovery method', { discovery_method: 'guess' }],
    ['declared as text', { declared: 'false' }],
  ])('refuses %s', (_, change) => {
    expect(checkRegistrationRequest({ ...request, ...change }).ok).toBe(false);
  });
});

describe('probe replica records', () => {
  const registeredAt = '2026-11-22T10:00:00.000Z';

  it('accepts a registration, naming a nameless probe by its id', () => {
    const checked = checkProbeRegistered({
      probe_id: probeId,
      probe_name: '',
      system_id: systemId,
      host: 'gpu-7',
      runtime: 'node22',
      environment: null,
      version: '1.2.0',
      registered_at: registeredAt,
    });
    expect(checked).toEqual({
      ok: true,
      value: {
        probe_id: probeId,
        probe_name: probeId,
        system_id: systemId,
        host: 'gpu-7',
        runtime: 'node22',
        environment: null,
        version: '1.2.0',
        registered_at: registeredAt,
      },
    });
  });

  it('refuses registrations without usable ids or time', () => {
    const base = { probe_id: probeId, system_id: systemId, host: 'h', registered_at: registeredAt };
    expect(checkProbeRegistered({ ...base, probe_id: 'prb_x' }).ok).toBe(false);
    expect(checkProbeRegistered({ ...base, system_id: 'nope' }).ok).toBe(false);
    expect(checkProbeRegistered({ ...base, registered_at: 'soon' }).ok).toBe(false);
  });

  it('accepts heartbeats with numbers or nulls and refuses anything else', () => {
    const heartbeat = {
      probe_id: probeId,
      system_id: systemId,
      status: 'degraded',
      version: null,
      uptime_seconds: 12.5,
      queue_depth: null,
      received_at: registeredAt,
    };
    expect(checkProbeHeartbeat(heartbeat)).toEqual({ ok: true, value: heartbeat });
    expect(checkProbeHeartbeat({ ...heartbeat, status: 'fine' }).ok).toBe(false);
    expect(checkProbeHeartbeat({ ...heartbeat, uptime_seconds: '12' }).ok).toBe(false);
    expect(checkProbeHeartbeat({ ...heartbeat, queue_depth: Number.NaN }).ok).toBe(false);
    expect(checkProbeHeartbeat({ ...heartbeat, received_at: 42 }).ok).toBe(false);
  });

  it('accepts connection changes in both directions only', () => {
    const change = {
      probe_id: probeId,
      system_id: systemId,
      connection: 'disconnected',
      last_seen_at: registeredAt,
    };
    expect(checkConnectionChanged(change)).toEqual({ ok: true, value: change });
    expect(checkConnectionChanged({ ...change, connection: 'connected' }).ok).toBe(true);
    expect(checkConnectionChanged({ ...change, connection: 'lost' }).ok).toBe(false);
    expect(checkConnectionChanged({ ...change, last_seen_at: null }).ok).toBe(false);
  });
});
