import { Injectable } from '@nestjs/common';
import {
  type PolicySnapshot,
  type ProbeConnection,
  type PublicEventRecord,
  type SystemSnapshot,
} from '@governance/contracts';
import { type EntityManager } from 'typeorm';

/**
 * All writes to the read model, each inside the consumer's transaction (the same one that records the
 * event as processed). Every statement is scoped by organization id. Writes are order-tolerant: each keeps
 * the newest state by the event's own clock (updated_at, version, last_seen_at, assessment id), so late or
 * repeated records never move the read model backwards.
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

  async applySystemSnapshot(
    manager: EntityManager,
    organizationId: string,
    system: SystemSnapshot,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO dashboard.systems (organization_id, system_id, name, declared, risk_tier, status, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (organization_id, system_id) DO UPDATE SET
         name = EXCLUDED.name, declared = EXCLUDED.declared, risk_tier = EXCLUDED.risk_tier,
         status = EXCLUDED.status, updated_at = EXCLUDED.updated_at
       WHERE systems.updated_at IS NULL OR systems.updated_at <= EXCLUDED.updated_at`,
      [
        organizationId,
        system.system_id,
        system.name,
        system.declared,
        system.risk_tier,
        system.status,
        system.updated_at,
      ],
    );
  }

  /** The public announcement; any snapshot, earlier or later, is more complete and wins. */
  async applySystemRegistered(
    manager: EntityManager,
    organizationId: string,
    systemId: string,
    name: string,
    declared: boolean,
  ): Promise<void> {
    await manager.query(
      `INSERT INTO dashboard.systems (organization_id, system_id, name, declared) VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, system_id) DO NOTHING`,
      [organizationId, systemId, name, declared],
    );
  }

  /** A requested id that now stands for an existing system is not a system of its own. */
  async applyRegistrationMerged(
    manager: EntityManager,
    organizationId: string,
    requestedSystemId: string,
    systemId: string,
  ): Promise<void> {
    if (requestedSystemId === systemId) return;
    await manager.query(
      `DELETE FROM dashboard.systems WHERE organization_id = $1 AND system_id = $2 AND updated_at IS NULL`,
      [organizationId, requestedSystemId],
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

  async applyProbeHeartbeat(
    manager: EntityManager,
    organizationId: string,
    probeId: string,
    receivedAt: string,
  ): Promise<void> {
    await manager.query(
      `UPDATE dashboard.probes SET last_heartbeat_at = GREATEST(last_heartbeat_at, $3::timestamptz)
       WHERE organization_id = $1 AND probe_id = $2`,
      [organizationId, probeId, receivedAt],
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

  async applyFinding(
    manager: EntityManager,
    organizationId: string,
    finding: {
      findingId: string;
      systemKey: string;
      framework: string;
      assessmentId: string;
      severity: string;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO dashboard.findings (organization_id, finding_id, system_key, framework, assessment_id, severity)
       VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (organization_id, finding_id) DO NOTHING`,
      [
        organizationId,
        finding.findingId,
        finding.systemKey,
        finding.framework,
        finding.assessmentId,
        finding.severity,
      ],
    );
    await manager.query(
      `INSERT INTO dashboard.assessment_heads (organization_id, system_key, framework, head_assessment_id)
       VALUES ($1, $2, $3, $4)
       ON CONFLICT (organization_id, system_key, framework) DO UPDATE
       SET head_assessment_id = GREATEST(assessment_heads.head_assessment_id, EXCLUDED.head_assessment_id)`,
      [organizationId, finding.systemKey, finding.framework, finding.assessmentId],
    );
  }

  async applyAssessmentComplete(
    manager: EntityManager,
    organizationId: string,
    assessment: {
      systemKey: string;
      framework: string;
      assessmentId: string;
      verdict: string;
      score: number;
      assessedAt: string;
    },
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
        organizationId,
        assessment.systemKey,
        assessment.framework,
        assessment.assessmentId,
        assessment.verdict,
        assessment.score,
        assessment.assessedAt,
      ],
    );
  }

  async insertActivity(manager: EntityManager, record: PublicEventRecord): Promise<void> {
    await manager.query(
      `INSERT INTO dashboard.activity (organization_id, event_id, event, severity, system_id, occurred_at, details)
       VALUES ($1, $2, $3, $4, $5, date_trunc('milliseconds', $6::timestamptz), $7)
       ON CONFLICT (organization_id, event_id) DO NOTHING`,
      [
        record.organization_id,
        record.id,
        record.event,
        record.severity,
        record.system_id,
        record.timestamp,
        JSON.stringify(record.details),
      ],
    );
  }
}
