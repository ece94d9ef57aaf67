import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';

/** The SQL of shadow-AI discovery: the discoveries table, and reads of the systems replica. */
@Injectable()
export class ShadowDiscoveryRepository {
  /**
   * The keys of the candidates still to discover: not discovered before, naming no system id the replica
   * holds (ids are global: one of another organization is not this one's to register), and calling no
   * host a system of the organization claims.
   */
  async undiscovered(
    manager: EntityManager,
    organizationId: string,
    candidates: ReadonlyArray<{ key: string; systemId?: string; endpointHost?: string }>,
  ): Promise<Set<string>> {
    const rows = await manager.query<{ key: string }[]>(
      `SELECT c.key FROM jsonb_to_recordset($2::jsonb) AS c (key text, "systemId" text, "endpointHost" text)
       WHERE NOT EXISTS (SELECT 1 FROM probe_ingest.discoveries d
                         WHERE d.organization_id = $1 AND d.discovery_key = c.key)
         AND NOT EXISTS (SELECT 1 FROM probe_ingest.systems s WHERE s.system_id = c."systemId")
         AND NOT EXISTS (SELECT 1 FROM probe_ingest.systems s
                         WHERE s.organization_id = $1 AND lower(s.host) = c."endpointHost")`,
      [organizationId, JSON.stringify(candidates)],
    );
    return new Set(rows.map((row) => row.key));
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
