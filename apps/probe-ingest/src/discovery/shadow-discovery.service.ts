import { Injectable } from '@nestjs/common';
import { newId, type TelemetryReceivedDetails } from '@governance/contracts';
import { type Transaction } from '@governance/messaging';
import { probeEvent } from '../probes/probe-event';
import { systemDiscoveredAudit } from '../probes/probe-audit';
import { ProbeRepository } from '../probes/probe.repository';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import { type DiscoveringProbe, discoveredSystemName, discoveryCandidates } from './shadow-discovery';
import { ShadowDiscoveryRepository } from './shadow-discovery.repository';

/**
 * Shadow-AI discovery over telemetry. A record naming a system id this organization never registered, or
 * calling a known AI API host no system of the organization claims, registers an undeclared system: once
 * per discovery (the discoveries table is unique on it), with a replica row so later batches see it, and
 * a system.registration_requested for the systems service, which announces system.registered.
 */
@Injectable()
export class ShadowDiscoveryService {
  constructor(
    private readonly discoveries: ShadowDiscoveryRepository,
    private readonly systems: SystemReplicaRepository,
    private readonly probes: ProbeRepository,
  ) {}

  /** Returns how many systems the batch led to register. */
  async observeBatch(
    tx: Transaction,
    organizationId: string,
    batch: TelemetryReceivedDetails,
  ): Promise<number> {
    const { manager } = tx;
    let candidates = discoveryCandidates(batch);
    if (candidates.length === 0) return 0;

    const undiscovered = await this.discoveries.undiscovered(manager, organizationId, candidates);
    candidates = candidates.filter((candidate) => undiscovered.has(candidate.key));
    if (candidates.length === 0) return 0;

    const probe: DiscoveringProbe = (await this.probes.find(organizationId, batch.probe_id, manager)) ?? {
      probe_id: batch.probe_id,
      host: null,
      runtime: null,
      environment: null,
    };
    let registered = 0;
    for (const candidate of candidates) {
      const endpoint = candidate.method === 'observed_endpoint' ? candidate : undefined;
      const systemId = candidate.method === 'unknown_system_id' ? candidate.systemId : newId('system');
      const claimedNow = await this.discoveries.insertDiscovery(manager, {
        organizationId,
        key: candidate.key,
        systemId,
        method: candidate.method,
        probeId: probe.probe_id,
      });
      if (!claimedNow) continue;
      const requested = {
        system_id: systemId,
        name: discoveredSystemName(candidate, probe),
        registration_source: 'shadow_ai_discovery' as const,
        discovery_method: candidate.method,
        declared: false,
        host: endpoint?.endpointHost ?? probe.host,
        runtime: probe.runtime,
        environment: probe.environment,
        vendor: endpoint?.vendor ?? null,
        model: candidate.model,
        probe_id: probe.probe_id,
      };
      // The replica row later batches see before the systems service announces the system.
      if (!(await this.systems.insertRequested(manager, organizationId, requested))) continue;
      const at = new Date().toISOString();
      tx.publish(probeEvent(organizationId, 'system.registration_requested', requested, at));
      tx.audit(systemDiscoveredAudit(organizationId, requested));
      registered += 1;
    }
    return registered;
  }
}
