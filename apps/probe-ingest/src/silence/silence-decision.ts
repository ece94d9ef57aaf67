import { type ProbeDisconnectedDetails } from '@governance/contracts';
import { type ProbeRow } from '../probes/probe.repository';

/** The spec: a probe silent for 5 minutes is disconnected (`probe.disconnected`). */
export const SPEC_PROBE_SILENCE_MS = 5 * 60_000;

export type SilenceCandidate = Pick<
  ProbeRow,
  'probe_id' | 'probe_name' | 'environment' | 'connection' | 'last_telemetry_at' | 'registered_at'
>;

/**
 * The probe.disconnected details (exactly the published fields, environment "" when unknown) of a probe
 * silent for strictly longer than `silenceMs` since its last telemetry, or its registration if it never
 * sent any. Undefined for a disconnected probe: it was already announced, once per silence.
 */
export function decideSilence(
  probe: SilenceCandidate,
  now: Date,
  silenceMs: number,
): ProbeDisconnectedDetails | undefined {
  if (probe.connection !== 'connected') return undefined;
  const lastSeenAt = probe.last_telemetry_at ?? probe.registered_at;
  const silentMs = now.getTime() - lastSeenAt.getTime();
  if (silentMs <= silenceMs) return undefined;
  return {
    probe_id: probe.probe_id,
    probe_name: probe.probe_name,
    last_seen_at: lastSeenAt.toISOString(),
    silence_duration_seconds: Math.floor(silentMs / 1000),
    environment: probe.environment ?? '',
  };
}
