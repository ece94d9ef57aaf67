import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

export interface DiscoveringProbe {
  probeId: string;
  host: string | null;
  runtime: string | null;
  environment: string | null;
}

export interface DiscoveredSystem {
  systemId: string;
  organizationId: string;
  name: string;
  host: string | null;
  runtime: string | null;
  vendor: string | null;
}

/** All SQL of shadow-AI discovery: the discoveries table, and reads and inserts on the systems replica. */
@Injectable()
export class ShadowDiscoveryRepository {
  async knownDiscoveryKeys(
    manager: EntityManager,
    organizationId: string,
    keys: string[],
  ): Promise<Set<string>> {
    const rows = await manager.query<{ discovery_key: string }[]>(
      `SELECT discovery_key FROM probe_ingest.discoveries WHERE organization_id = $1 AND discovery_key = ANY($2::text[])`,
      [organizationId, keys],
    );
    return new Set(rows.map((row) => row.discovery_key));
  }

  /** Owners of these system ids in the replica, whatever the organization (ids are global). */
  async systemOwners(manager: EntityManager, systemIds: string[]): Promise<Map<string, string>> {
    const rows = await manager.query<{ system_id: string; organization_id: string }[]>(
      `SELECT system_id, organization_id FROM probe_ingest.systems WHERE system_id = ANY($1::text[])`,
      [systemIds],
    );
    return new Map(rows.map((row) => [row.system_id, row.organization_id]));
  }

  /** Which of these hosts some system of the organization claims (its host equals the endpoint host). */
  async claimedHosts(manager: EntityManager, organizationId: string, hosts: string[]): Promise<Set<string>> {
    const rows = await manager.query<{ host: string }[]>(
      `SELECT DISTINCT lower(host) AS host FROM probe_ingest.systems
       WHERE organization_id = $1 AND lower(host) = ANY($2::text[])`,
      [organizationId, hosts],
    );
    return new Set(rows.map((row) => row.host));
  }

  async findProbe(
    manager: EntityManager,
    organizationId: string,
    probeId: string,
  ): Promise<DiscoveringProbe | undefined> {
    const rows = await manager.query<DiscoveringProbe[]>(
      `SELECT probe_id AS "probeId", host, runtime, environment FROM probe_ingest.probes
       WHERE organization_id = $1 AND probe_id = $2`,
      [organizationId, probeId],
    );
    return rows[0];
  }

  /** Claims a discovery; false when it was already made (then nothing else must happen). */
  async insertDiscovery(
    manager: EntityManager,
    discovery: { organizationId: string; key: string; systemId: string; method: string; probeId: string },
  ): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO probe_ingest.discoveries (organization_id, discovery_key, system_id, discovery_method, probe_id)
       VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING discovery_key`,
      [discovery.organizationId, discovery.key, discovery.systemId, discovery.method, discovery.probeId],
    );
    return rows.length > 0;
  }

  /** The replica row later batches see before the systems service announces the system. */
  async insertDiscoveredSystem(manager: EntityManager, system: DiscoveredSystem): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `INSERT INTO probe_ingest.systems (system_id, organization_id, name, host, runtime, vendor, declared)
       VALUES ($1, $2, $3, $4, $5, $6, false) ON CONFLICT (system_id) DO NOTHING RETURNING system_id`,
      [system.systemId, system.organizationId, system.name, system.host, system.runtime, system.vendor],
    );
    return rows.length > 0;
  }
}
