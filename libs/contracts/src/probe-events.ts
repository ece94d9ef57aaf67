import { type InternalEventRecord } from './internal-event';
import { type DiscoveryMethod } from './systems-events';

export const PROBE_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
export type ProbeStatus = (typeof PROBE_STATUSES)[number];

/** `connected` until a silence longer than PROBE_SILENCE_MS; telemetry makes it `connected` again. */
export type ProbeConnection = 'connected' | 'disconnected';

export interface ProbeRegisteredDetails {
  probe_id: string;
  probe_name: string;
  system_id: string;
  host: string;
  runtime: string | null;
  environment: string | null;
  version: string | null;
  registered_at: string;
}

export interface ProbeHeartbeatDetails {
  probe_id: string;
  system_id: string;
  status: ProbeStatus;
  version: string | null;
  uptime_seconds: number | null;
  queue_depth: number | null;
  received_at: string;
}

/** A probe's connection changed; `disconnected` also goes out publicly as probe.disconnected. */
export interface ProbeConnectionChangedDetails {
  probe_id: string;
  system_id: string;
  connection: ProbeConnection;
  last_seen_at: string;
}

/**
 * Probe ingest asks the systems service to register a system it met first: named by a probe at
 * registration, or discovered in telemetry. The id is minted by the asker, so the probe gets its
 * `system_id` at once; the systems service records the system and announces system.registered.
 */
export interface SystemRegistrationRequestedDetails {
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
  /** The probe whose registration or telemetry led here. */
  probe_id: string;
}

export interface ProbeEventDetails {
  'probe.registered': ProbeRegisteredDetails;
  'probe.heartbeat': ProbeHeartbeatDetails;
  'probe.connection_changed': ProbeConnectionChangedDetails;
  'system.registration_requested': SystemRegistrationRequestedDetails;
}
export type ProbeEventType = keyof ProbeEventDetails;

/** Internal events of probe ingest about probes, published on INTERNAL_TOPICS.probes. */
export type ProbeEventRecord = InternalEventRecord<ProbeEventDetails>;

/** One telemetry record as a probe sends it, after validation. */
export interface TelemetryRecord {
  timestamp: string;
  system_id?: string;
  metrics: Record<string, number>;
  labels?: Record<string, string>;
  model?: string;
  /** `sha256:<hex>` of the model input, when the probe reports one. */
  input_hash?: string;
  /** A host (or URL) the system was seen calling. */
  observed_endpoint?: string;
  /**
   * Policies the probe enforced locally on this record, with what it did; each counts as a violation of
   * that policy, exactly as if the service had matched the record itself.
   */
  enforcement?: Array<{ policy_id: string; action: 'blocked' | 'warned' }>;
}

/** One accepted telemetry batch; records without a system_id belong to the probe's system. */
export interface TelemetryReceivedDetails {
  probe_id: string;
  system_id: string;
  received_at: string;
  records: TelemetryRecord[];
}

export interface TelemetryEventDetails {
  'telemetry.received': TelemetryReceivedDetails;
}

/** Accepted telemetry batches, published on INTERNAL_TOPICS.telemetry. Large: one record per batch. */
export type TelemetryEventRecord = InternalEventRecord<TelemetryEventDetails>;
