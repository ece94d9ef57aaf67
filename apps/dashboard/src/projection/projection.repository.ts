import { Injectable } from '@nestjs/common';
import {
  eventRow,
  type PolicySnapshot,
  type ProbeConnection,
  type PublicEventRecord,
} from '@governance/contracts';
import { type EntityManager } from 'typeorm';

/** A (system, framework) of one organization: what an assessment head is kept for. */
export interface HeadKey {
  organizationId: string;
  systemKey: string;
  framework: string;
}

export interface ProbeHeartbeat {
  organizationId: string;
  probeId: string;
  receivedAt: string;
}

/**
 * The read model's writes but its systems (the SystemsReplica's), in the consumer's transaction and scoped
 * by organization id. Each keeps the newest state by the event's own clock, so late or repeated records
 * never move the read model backwards.
 */
@Injectable()
export class ProjectionRepository {
  async touchOrganization(manager: EntityManager, organizationId: string, at: string): Promise<void> {
    await manager.query(
      `INSERT INTO dashboard.organization_state (organization_id, updated_at) VALUES ($1, $2)
       ON CONFLICT (organization_id) DO UPDATE
       SET updated_at = GREATEST(organization_state.updated_at, EXCLUDED.updated_at)`,
      [organizationId, at],
    );
  }

  async applyProbeConnection(
    manager: EntityManager,
    organizationId: string,
    probe: { probeId: string; probeName: string | null; connection: ProbeConnection; lastSeenAt: string },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO dashboard.probes (organization_id, probe_id, probe_name, connection, last_seen_at)
       VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (organization_id, probe_id) DO UPDATE SET
         probe_name = COALESCE(EXCLUDED.probe_name, probes.probe_name),
         connection = CASE WHEN probes.last_seen_at <= EXCLUDED.last_seen_at
                      THEN EXCLUDED.connection ELSE probes.connection END,
         last_seen_at = GREATEST(probes.last_seen_at, EXCLUDED.last_seen_at)`,
      [organizationId, probe.probeId, probe.probeName, probe.connection, probe.lastSeenAt],
    );
  }

  /** The newest heartbeat of each probe; a probe not yet known keeps none (as when it came alone). */
  async applyProbeHeartbeats(manager: EntityManager, heartbeats: readonly ProbeHeartbeat[]): Promise<void> {
    await forRows(
      manager,
      `UPDATE dashboard.probes p SET last_heartbeat_at = GREATEST(p.last_heartbeat_at, h.received_at)
       FROM unnest($1::text[], $2::text[], $3::timestamptz[]) AS h(organization_id, probe_id, received_at)
       WHERE p.organization_id = h.organization_id AND p.probe_id = h.probe_id`,
      heartbeats,
      (heartbeat) => [heartbeat.organizationId, heartbeat.probeId, heartbeat.receivedAt],
    );
  }

  async applyPolicySnapshot(
    manager: EntityManager,
    organizationId: string,
    policy: PolicySnapshot,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO dashboard.policies (organization_id, policy_id, name, status, enforcement_mode, version)
       VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (organization_id, policy_id) DO UPDATE SET
         name = EXCLUDED.name, status = EXCLUDED.status, enforcement_mode = EXCLUDED.enforcement_mode,
         version = EXCLUDED.version
       WHERE policies.version <= EXCLUDED.version`,
      [organizationId, policy.policy_id, policy.name, policy.status, policy.enforcement_mode, policy.version],
    );
  }

  /** Findings are only ever added; a repeated one changes nothing. */
  async insertFindings(
    manager: EntityManager,
    findings: ReadonlyArray<HeadKey & { findingId: string; assessmentId: string; severity: string }>,
  ): Promise<void> {
    await forRows(
      manager,
      `INSERT INTO dashboard.findings (organization_id, finding_id, system_key, framework, assessment_id, severity)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[])
       ON CONFLICT (organization_id, finding_id) DO NOTHING`,
      findings,
      (finding) => [
        finding.organizationId,
        finding.findingId,
        finding.systemKey,
        finding.framework,
        finding.assessmentId,
        finding.severity,
      ],
    );
  }

  /**
   * Moves each (system, framework)'s head to the newest assessment its findings belong to. Ids are sortable
   * by creation, so the head is a maximum, and one row per head is enough however many findings came.
   */
  async advanceAssessmentHeads(
    manager: EntityManager,
    heads: ReadonlyArray<HeadKey & { assessmentId: string }>,
  ): Promise<void> {
    await forRows(
      manager,
      `INSERT INTO dashboard.assessment_heads (organization_id, system_key, framework, head_assessment_id)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (organization_id, system_key, framework) DO UPDATE
       SET head_assessment_id = GREATEST(assessment_heads.head_assessment_id, EXCLUDED.head_assessment_id)`,
      heads,
      (head) => [head.organizationId, head.systemKey, head.framework, head.assessmentId],
    );
  }

  /** Recounts the open findings, by severity, of the heads given: their head assessment's findings. */
  async recountOpenFindings(manager: EntityManager, heads: readonly HeadKey[]): Promise<void> {
    await forRows(
      manager,
      `UPDATE dashboard.assessment_heads h SET (open_info, open_medium, open_high, open_critical) = (
         SELECT count(*) FILTER (WHERE f.severity = 'INFO'), count(*) FILTER (WHERE f.severity = 'MEDIUM'),
           count(*) FILTER (WHERE f.severity = 'HIGH'), count(*) FILTER (WHERE f.severity = 'CRITICAL')
         FROM dashboard.findings f
         WHERE f.organization_id = h.organization_id AND f.system_key = h.system_key
           AND f.framework = h.framework AND f.assessment_id = h.head_assessment_id)
       FROM unnest($1::text[], $2::text[], $3::text[]) AS k(organization_id, system_key, framework)
       WHERE h.organization_id = k.organization_id AND h.system_key = k.system_key AND h.framework = k.framework`,
      heads,
      (head) => [head.organizationId, head.systemKey, head.framework],
    );
  }

  async applyAssessmentComplete(
    manager: EntityManager,
    assessment: HeadKey & { assessmentId: string; verdict: string; score: number; assessedAt: string },
  ): Promise<void> {
    const newer = `(assessment_heads.completed_assessment_id IS NULL
      OR assessment_heads.completed_assessment_id < EXCLUDED.completed_assessment_id)`;
    await manager.query(
      `INSERT INTO dashboard.assessment_heads (organization_id, system_key, framework, head_assessment_id,
         completed_assessment_id, verdict, score, assessed_at)
       VALUES ($1, $2, $3, $4, $4, $5, $6, $7)
       ON CONFLICT (organization_id, system_key, framework) DO UPDATE SET
         head_assessment_id = GREATEST(assessment_heads.head_assessment_id, EXCLUDED.head_assessment_id),
         verdict = CASE WHEN ${newer} THEN EXCLUDED.verdict ELSE assessment_heads.verdict END,
         score = CASE WHEN ${newer} THEN EXCLUDED.score ELSE assessment_heads.score END,
         assessed_at = CASE WHEN ${newer} THEN EXCLUDED.assessed_at ELSE assessment_heads.assessed_at END,
         completed_assessment_id = CASE WHEN ${newer} THEN EXCLUDED.completed_assessment_id
                                   ELSE assessment_heads.completed_assessment_id END`,
      [
        assessment.organizationId,
        assessment.systemKey,
        assessment.framework,
        assessment.assessmentId,
        assessment.verdict,
        assessment.score,
        assessment.assessedAt,
      ],
    );
  }

  async insertActivity(manager: EntityManager, records: readonly PublicEventRecord[]): Promise<void> {
    await forRows(
      manager,
      `INSERT INTO dashboard.activity (organization_id, event_id, event, severity, system_id, occurred_at, details)
       SELECT organization_id, event_id, event, severity, system_id, date_trunc('milliseconds', at), details
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::jsonb[])
         AS r(organization_id, event_id, event, severity, system_id, at, details)
       ON CONFLICT (organization_id, event_id) DO NOTHING`,
      records,
      eventRow,
    );
  }
}

/**
 * Runs `sql` once for all `rows` (none: not at all), each column passed as one array that `unnest` turns
 * back into rows, so a batch of any size is one statement.
 */
async function forRows<T>(
  manager: EntityManager,
  sql: string,
  rows: readonly T[],
  columnsOf: (row: T) => unknown[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns: unknown[][] = [];
  for (const row of rows) columnsOf(row).forEach((value, index) => (columns[index] ??= []).push(value));
  await manager.query(sql, columns);
}
