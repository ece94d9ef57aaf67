import { type InternalEventRecord } from './internal-event';
import {
  arrayOf,
  boolean,
  details,
  type DetailsOf,
  id,
  nullableNumber,
  nullableText,
  number,
  oneOf,
  recordOf,
  text,
  timestamp,
  type TypeOf,
} from './json-schema';
import { DISCOVERY_METHODS } from './systems-events';

export const PROBE_STATUSES = ['healthy', 'degraded', 'unhealthy'] as const;
export type ProbeStatus = (typeof PROBE_STATUSES)[number];

/** `connected` until a silence longer than PROBE_SILENCE_MS; telemetry makes it `connected` again. */
const probeConnection = oneOf(['connected', 'disconnected']);
export type ProbeConnection = TypeOf<typeof probeConnection>;

export const PROBE_DETAILS_SCHEMAS = {
  'probe.registered': details({
    probe_id: id('prb'),
    probe_name: text,
    system_id: id('sys'),
    host: text,
    runtime: nullableText,
    environment: nullableText,
    version: nullableText,
    registered_at: timestamp,
  }),
  'probe.heartbeat': details({
    probe_id: id('prb'),
    system_id: text,
    status: oneOf(PROBE_STATUSES),
    version: nullableText,
    uptime_seconds: nullableNumber,
    queue_depth: nullableNumber,
    received_at: timestamp,
  }),
  /** A probe's connection changed; `disconnected` also goes out publicly as probe.disconnected. */
  'probe.connection_changed': details({
    probe_id: id('prb'),
    system_id: text,
    connection: probeConnection,
    last_seen_at: timestamp,
  }),
  /**
   * Probe ingest asks the systems service to register a system it met first: named by a probe at
   * registration, or discovered in telemetry. The id is minted by the asker, so the probe gets its
   * `system_id` at once; the systems service records the system and announces system.registered.
   */
  'system.registration_requested': details({
    system_id: id('sys'),
    name: text,
    registration_source: oneOf(['probe', 'shadow_ai_discovery']),
    discovery_method: oneOf(DISCOVERY_METHODS),
    declared: boolean,
    host: nullableText,
    runtime: nullableText,
    environment: nullableText,
    vendor: nullableText,
    model: nullableText,
    /** The probe whose registration or telemetry led here. */
    probe_id: id('prb'),
  }),
};
export type ProbeEventDetails = DetailsOf<typeof PROBE_DETAILS_SCHEMAS>;
export type ProbeRegisteredDetails = ProbeEventDetails['probe.registered'];
export type ProbeHeartbeatDetails = ProbeEventDetails['probe.heartbeat'];
export type ProbeConnectionChangedDetails = ProbeEventDetails['probe.connection_changed'];
export type SystemRegistrationRequestedDetails = ProbeEventDetails['system.registration_requested'];
export type ProbeEventType = keyof ProbeEventDetails;

/** Internal events of probe ingest about probes, published on INTERNAL_TOPICS.probes. */
export type ProbeEventRecord = InternalEventRecord<ProbeEventDetails>;

/**
 * The longest text a telemetry record may hold in each string field policy rules read: probe ingest
 * refuses longer ones, and the policies service bounds a rule set's worst-case cost with them.
 */
export const TELEMETRY_TEXT_LIMITS = {
  maxLabelValueLength: 1_024,
  maxModelLength: 256,
  maxObservedEndpointLength: 2_048,
} as const;

/** One telemetry record as a probe sends it, after validation. */
const telemetryRecord = details(
  { timestamp: text, metrics: recordOf(number) },
  {
    system_id: text,
    labels: recordOf(text),
    model: text,
    /** `sha256:<hex>` of the model input, when the probe reports one. */
    input_hash: text,
    /** A host (or URL) the system was seen calling. */
    observed_endpoint: text,
    /**
     * Policies the probe enforced locally on this record, with what it did; each counts as a violation of
     * that policy, exactly as if the service had matched the record itself.
     */
    enforcement: arrayOf(details({ policy_id: text, action: oneOf(['blocked', 'warned']) })),
  },
);
export type TelemetryRecord = TypeOf<typeof telemetryRecord>;

export const TELEMETRY_DETAILS_SCHEMAS = {
  /** One accepted telemetry batch; records without a system_id belong to the probe's system. */
  'telemetry.received': details({
    probe_id: id('prb'),
    system_id: text,
    received_at: timestamp,
    records: arrayOf(telemetryRecord),
  }),
};
export type TelemetryEventDetails = DetailsOf<typeof TELEMETRY_DETAILS_SCHEMAS>;
export type TelemetryReceivedDetails = TelemetryEventDetails['telemetry.received'];

/** Accepted telemetry batches, published on INTERNAL_TOPICS.telemetry. Large: one record per batch. */
export type TelemetryEventRecord = InternalEventRecord<TelemetryEventDetails>;
