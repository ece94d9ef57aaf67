import { type ProbeDisconnectedDetails } from '@governance/contracts';

/** The spec: a probe silent for 5 minutes is disconnected (`probe.disconnected`). */
export const SPEC_PROBE_SILENCE_MS = 5 * 60_000;

export interface SilenceCandidate {
  probe_id: string;
  probe_name: string;
  environment: string | null;
  connection: 'connected' | 'disconnected';
  last_telemetry_at: Date | null;
  registered_at: Date;
}

export interface SilenceVerdict {
  probeId: string;
  lastSeenAt: Date;
  silenceDurationSeconds: number;
}

/** A probe is last seen when it last sent telemetry, or when it registered if it never has. */
export function lastSeenAt(probe: Pick<SilenceCandidate, 'last_telemetry_at' | 'registered_at'>): Date {
  return probe.last_telemetry_at ?? probe.registered_at;
}

/** Probes last seen before this instant are silent (spec: silent for more than 5 minutes). */
export function silenceCutoff(now: Date, silenceMs: number): Date {
  return new Date(now.getTime() - silenceMs);
}

/**
 * Whether a probe has been silent too long and is still marked connected (a disconnected probe was
 * already announced: once per silence). Silence is strictly longer than `silenceMs`.
 */
export function decideSilence(
  probe: SilenceCandidate,
  now: Date,
  silenceMs: number,
): SilenceVerdict | undefined {
  if (probe.connection !== 'connected') return undefined;
  const seen = lastSeenAt(probe);
  const silentMs = now.getTime() - seen.getTime();
  if (silentMs <= silenceMs) return undefined;
  return { probeId: probe.probe_id, lastSeenAt: seen, silenceDurationSeconds: Math.floor(silentMs / 1000) };
}

export function findSilent(probes: SilenceCandidate[], now: Date, silenceMs: number): SilenceVerdict[] {
  return probes.flatMap((probe) => decideSilence(probe, now, silenceMs) ?? []);
}

/** The public probe.disconnected details, exactly the published fields; environment "" when unknown. */
export function disconnectedDetails(
  probe: SilenceCandidate,
  verdict: SilenceVerdict,
): ProbeDisconnectedDetails {
  return {
    probe_id: probe.probe_id,
    probe_name: probe.probe_name,
    last_seen_at: verdict.lastSeenAt.toISOString(),
    silence_duration_seconds: verdict.silenceDurationSeconds,
    environment: probe.environment ?? '',
  };
}
