import {
  DISCOVERY_METHODS,
  type DiscoveryMethod,
  isId,
  PROBE_STATUSES,
  type ProbeConnectionChangedDetails,
  type ProbeEventRecord,
  type ProbeHeartbeatDetails,
  type ProbeRegisteredDetails,
} from '@governance/contracts';
import { FIELD_MAX_LENGTH, NAME_MAX_LENGTH } from '../systems/system-limits';

/** A registration probe ingest asked for, cleaned to what the systems table accepts. */
export interface RegistrationRequest {
  system_id: string;
  name: string;
  registration_source: 'probe' | 'shadow_ai_discovery';
  discovery_method: DiscoveryMethod;
  declared: boolean;
  host: string | null;
  runtime: string | null;
  environment: string | null;
  vendor: string | null;
  model: string | null;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; reason: string };

type Fields = Record<string, unknown>;

const isObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isTimestamp = (value: unknown): value is string =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value));

const isNumberOrNull = (value: unknown): value is number | null =>
  value === null || (typeof value === 'number' && Number.isFinite(value));

// eslint-disable-next-line no-control-regex -- removing control characters is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

/**
 * Text from another service is cleaned rather than refused: a probe's odd host name must not keep its
 * system out of the inventory. Control characters go, and the length is cut to the API's limit.
 */
function cleanText(value: unknown, max: number): string | null {
  if (typeof value !== 'string') return null;
  const cleaned = value.replace(CONTROL_CHARACTERS, '').trim().slice(0, max).trim();
  return cleaned === '' ? null : cleaned;
}

/** A probe event's envelope, checked before anything reads its details. */
export function checkProbeEventRecord(value: unknown): Checked<ProbeEventRecord> {
  if (!isObject(value)) return { ok: false, reason: 'not a JSON object' };
  if (typeof value['id'] !== 'string') return { ok: false, reason: 'id missing' };
  if (!isId('organization', String(value['organization_id'])))
    return { ok: false, reason: 'bad organization_id' };
  if (typeof value['event'] !== 'string') return { ok: false, reason: 'event missing' };
  if (!isObject(value['details'])) return { ok: false, reason: 'details missing' };
  return { ok: true, value: value as unknown as ProbeEventRecord };
}

export function checkRegistrationRequest(details: unknown): Checked<RegistrationRequest> {
  if (!isObject(details)) return { ok: false, reason: 'details missing' };
  const systemId = details['system_id'];
  if (typeof systemId !== 'string' || !isId('system', systemId))
    return { ok: false, reason: 'bad system_id' };
  const name = cleanText(details['name'], NAME_MAX_LENGTH);
  if (name === null) return { ok: false, reason: 'no usable name' };
  const source = details['registration_source'];
  if (source !== 'probe' && source !== 'shadow_ai_discovery')
    return { ok: false, reason: 'bad registration_source' };
  const method = details['discovery_method'];
  if (typeof method !== 'string' || !(DISCOVERY_METHODS as readonly string[]).includes(method))
    return { ok: false, reason: 'bad discovery_method' };
  if (typeof details['declared'] !== 'boolean') return { ok: false, reason: 'bad declared' };
  return {
    ok: true,
    value: {
      system_id: systemId,
      name,
      registration_source: source,
      discovery_method: method as DiscoveryMethod,
      declared: details['declared'],
      host: cleanText(details['host'], FIELD_MAX_LENGTH),
      runtime: cleanText(details['runtime'], FIELD_MAX_LENGTH),
      environment: cleanText(details['environment'], FIELD_MAX_LENGTH),
      vendor: cleanText(details['vendor'], FIELD_MAX_LENGTH),
      model: cleanText(details['model'], FIELD_MAX_LENGTH),
    },
  };
}

export function checkProbeRegistered(details: unknown): Checked<ProbeRegisteredDetails> {
  if (!isObject(details)) return { ok: false, reason: 'details missing' };
  const probeId = details['probe_id'];
  const systemId = details['system_id'];
  if (typeof probeId !== 'string' || !isId('probe', probeId)) return { ok: false, reason: 'bad probe_id' };
  if (typeof systemId !== 'string' || !isId('system', systemId))
    return { ok: false, reason: 'bad system_id' };
  if (!isTimestamp(details['registered_at'])) return { ok: false, reason: 'bad registered_at' };
  return {
    ok: true,
    value: {
      probe_id: probeId,
      system_id: systemId,
      probe_name: cleanText(details['probe_name'], FIELD_MAX_LENGTH) ?? probeId,
      host: cleanText(details['host'], FIELD_MAX_LENGTH) ?? '',
      runtime: cleanText(details['runtime'], FIELD_MAX_LENGTH),
      environment: cleanText(details['environment'], FIELD_MAX_LENGTH),
      version: cleanText(details['version'], FIELD_MAX_LENGTH),
      registered_at: details['registered_at'],
    },
  };
}

export function checkProbeHeartbeat(details: unknown): Checked<ProbeHeartbeatDetails> {
  if (!isObject(details)) return { ok: false, reason: 'details missing' };
  const probeId = details['probe_id'];
  if (typeof probeId !== 'string' || !isId('probe', probeId)) return { ok: false, reason: 'bad probe_id' };
  const status = details['status'];
  if (typeof status !== 'string' || !(PROBE_STATUSES as readonly string[]).includes(status))
    return { ok: false, reason: 'bad status' };
  if (!isTimestamp(details['received_at'])) return { ok: false, reason: 'bad received_at' };
  const uptime = details['uptime_seconds'] ?? null;
  const queueDepth = details['queue_depth'] ?? null;
  if (!isNumberOrNull(uptime) || !isNumberOrNull(queueDepth)) return { ok: false, reason: 'bad numbers' };
  return {
    ok: true,
    value: {
      probe_id: probeId,
      system_id: typeof details['system_id'] === 'string' ? details['system_id'] : '',
      status: status as ProbeHeartbeatDetails['status'],
      version: cleanText(details['version'], FIELD_MAX_LENGTH),
      uptime_seconds: uptime,
      queue_depth: queueDepth,
      received_at: details['received_at'],
    },
  };
}

export function checkConnectionChanged(details: unknown): Checked<ProbeConnectionChangedDetails> {
  if (!isObject(details)) return { ok: false, reason: 'details missing' };
  const probeId = details['probe_id'];
  if (typeof probeId !== 'string' || !isId('probe', probeId)) return { ok: false, reason: 'bad probe_id' };
  const connection = details['connection'];
  if (connection !== 'connected' && connection !== 'disconnected')
    return { ok: false, reason: 'bad connection' };
  if (!isTimestamp(details['last_seen_at'])) return { ok: false, reason: 'bad last_seen_at' };
  return {
    ok: true,
    value: {
      probe_id: probeId,
      system_id: typeof details['system_id'] === 'string' ? details['system_id'] : '',
      connection,
      last_seen_at: details['last_seen_at'],
    },
  };
}
