import { isId, type TelemetryReceivedDetails } from '@governance/contracts';
import { type ProbeRow } from '../probes/probe.repository';
import { endpointHost, matchAiApiHost } from './endpoint-host';

/** The probe whose telemetry revealed the system; its host is null if the probe is not found. */
export type DiscoveringProbe = Pick<ProbeRow, 'probe_id' | 'runtime' | 'environment'> & {
  host: string | null;
};

/** Something in telemetry that may reveal an undeclared system, keyed so each is discovered once. */
export type DiscoveryCandidate =
  | { method: 'unknown_system_id'; key: string; systemId: string; model: string | null }
  | {
      method: 'observed_endpoint';
      key: string;
      endpointHost: string;
      vendor: string;
      /** The host names one tenant's resource (e.g. an Azure endpoint), so it belongs in the name. */
      wildcard: boolean;
      model: string | null;
    };

/**
 * The distinct candidates of one batch, in order of first appearance: system ids other than the probe's
 * own, and endpoints on the curated AI API host list.
 */
export function discoveryCandidates(batch: TelemetryReceivedDetails): DiscoveryCandidate[] {
  const candidates = new Map<string, DiscoveryCandidate>();
  for (const record of batch.records) {
    const model = typeof record.model === 'string' ? record.model : null;
    const systemId = record.system_id;
    if (systemId !== undefined && systemId !== batch.system_id && isId('system', systemId)) {
      const key = `system:${systemId}`;
      if (!candidates.has(key)) candidates.set(key, { method: 'unknown_system_id', key, systemId, model });
    }
    if (typeof record.observed_endpoint === 'string') {
      const host = endpointHost(record.observed_endpoint);
      const api = host === undefined ? undefined : matchAiApiHost(host);
      if (host !== undefined && api) {
        const key = `endpoint:${host}`;
        if (!candidates.has(key))
          candidates.set(key, { method: 'observed_endpoint', key, endpointHost: host, ...api, model });
      }
    }
  }
  return [...candidates.values()];
}

/** A readable name that differs per discovered system, since the systems service merges equal names. */
export function discoveredSystemName(
  candidate: DiscoveryCandidate,
  probe: Pick<DiscoveringProbe, 'probe_id' | 'host'>,
): string {
  const where = probe.host ?? `probe ${probe.probe_id}`;
  switch (candidate.method) {
    case 'unknown_system_id':
      return `Undeclared system ${candidate.systemId} on ${where}`;
    case 'observed_endpoint':
      return candidate.wildcard
        ? `${candidate.vendor} API use (${candidate.endpointHost}) seen from ${where}`
        : `${candidate.vendor} API use seen from ${where}`;
  }
}
