import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

/** The SQL of shadow-AI discovery: the discoveries table, and reads of the systems replica. */
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

  /** Which of these system ids the replica holds, whatever the organization (ids are global). */
  async knownSystemIds(manager: EntityManager, systemIds: string[]): Promise<Set<string>> {
    if (systemIds.length === 0) return new Set();
    const rows = await manager.query<{ system_id: string }[]>(
      `SELECT system_id FROM probe_ingest.systems WHERE system_id = ANY($1::text[])`,
      [systemIds],
    );
    return new Set(rows.map((row) => row.system_id));
  }

  /** Which of these hosts some system of the organization claims (its host equals the endpoint host). */
  async claimedHosts(manager: EntityManager, organizationId: string, hosts: string[]): Promise<Set<string>> {
    if (hosts.length === 0) return new Set();
    const rows = await manager.query<{ host: string }[]>(
      `SELECT DISTINCT lower(host) AS host FROM probe_ingest.systems
       WHERE organization_id = $1 AND lower(host) = ANY($2::text[])`,
      [organizationId, hosts],
    );
    return new Set(rows.map((row) => row.host));
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
}
