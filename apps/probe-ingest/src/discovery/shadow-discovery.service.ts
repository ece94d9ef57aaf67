import { Injectable } from '@nestjs/common';
import { newId, newUuidV7, type TelemetryReceivedDetails } from '@governance/contracts';
import { probeEventMessage, type Transaction } from '@governance/messaging';
import { type DiscoveryCandidate, discoveredSystemName, discoveryCandidates } from './shadow-discovery';
import { type DiscoveringProbe, ShadowDiscoveryRepository } from './shadow-discovery.repository';

/**
 * Shadow-AI discovery over telemetry. A record naming a system id this organization never registered, or
 * calling a known AI API host no system of the organization claims, registers an undeclared system: once
 * per discovery (the discoveries table is unique on it), with a replica row so later batches see it, and
 * a system.registration_requested for the systems service, which announces system.registered.
 */
@Injectable()
export class ShadowDiscoveryService {
  constructor(private readonly discoveries: ShadowDiscoveryRepository) {}

  /** Returns how many systems the batch led to register. */
  async observeBatch(
    tx: Transaction,
    organizationId: string,
    batch: TelemetryReceivedDetails,
  ): Promise<number> {
    const { manager } = tx;
    let candidates = discoveryCandidates(batch);
    if (candidates.length === 0) return 0;

    const known = await this.discoveries.knownDiscoveryKeys(
      manager,
      organizationId,
      candidates.map((candidate) => candidate.key),
    );
    candidates = candidates.filter((candidate) => !known.has(candidate.key));
    const systemIds = candidates.flatMap((c) => (c.method === 'unknown_system_id' ? [c.systemId] : []));
    const hosts = candidates.flatMap((c) => (c.method === 'observed_endpoint' ? [c.endpointHost] : []));
    // An id in the replica is known; one owned by another organization is not this one's to register.
    const owners =
      systemIds.length > 0
        ? await this.discoveries.systemOwners(manager, systemIds)
        : new Map<string, string>();
    const claimed =
      hosts.length > 0
        ? await this.discoveries.claimedHosts(manager, organizationId, hosts)
        : new Set<string>();
    candidates = candidates.filter((candidate) =>
      candidate.method === 'unknown_system_id'
        ? !owners.has(candidate.systemId)
        : !claimed.has(candidate.endpointHost),
    );
    if (candidates.length === 0) return 0;

    const probe = (await this.discoveries.findProbe(manager, organizationId, batch.probe_id)) ?? {
      probeId: batch.probe_id,
      host: null,
      runtime: null,
      environment: null,
    };
    let registered = 0;
    for (const candidate of candidates) {
      if (await this.register(tx, organizationId, candidate, probe)) registered += 1;
    }
    return registered;
  }

  private async register(
    tx: Transaction,
    organizationId: string,
    candidate: DiscoveryCandidate,
    probe: DiscoveringProbe,
  ): Promise<boolean> {
    const systemId = candidate.method === 'unknown_system_id' ? candidate.systemId : newId('system');
    const claimedNow = await this.discoveries.insertDiscovery(tx.manager, {
      organizationId,
      key: candidate.key,
      systemId,
      method: candidate.method,
      probeId: probe.probeId,
    });
    if (!claimedNow) return false;
    const name = discoveredSystemName(candidate, probe);
    const host = candidate.method === 'observed_endpoint' ? candidate.endpointHost : probe.host;
    const vendor = candidate.method === 'observed_endpoint' ? candidate.vendor : null;
    const inserted = await this.discoveries.insertDiscoveredSystem(tx.manager, {
      systemId,
      organizationId,
      name,
      host,
      runtime: probe.runtime,
      vendor,
    });
    if (!inserted) return false;
    tx.publish(
      probeEventMessage({
        id: newUuidV7(),
        organization_id: organizationId,
        event: 'system.registration_requested',
        timestamp: new Date().toISOString(),
        details: {
          system_id: systemId,
          name,
          registration_source: 'shadow_ai_discovery',
          discovery_method: candidate.method,
          declared: false,
          host,
          runtime: probe.runtime,
          environment: probe.environment,
          vendor,
          model: candidate.model,
          probe_id: probe.probeId,
        },
      }),
    );
    return true;
  }
}
