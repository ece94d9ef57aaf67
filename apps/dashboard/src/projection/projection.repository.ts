import { Injectable } from '@nestjs/common';
import { eventRow } from '@governance/contracts';
import { unnestColumns } from '@governance/persistence';
import { type EntityManager } from 'typeorm';
import { type BatchChanges, type HeadChange, type HeadKey, type ProbeChange } from './batch-changes';

/**
 * The read model's writes but its systems (the SystemsReplica's), in the consumer's transaction and scoped
 * by organization id. Each keeps the newest state by the event's own clock, so late or repeated records
 * never move the read model backwards.
 */
@Injectable()
export class ProjectionRepository {
  /**
   * Writes a batch's changes in two statements: one that writes every table (each write a WITH query of
   * it, on rows no other touches), then the recount of the heads, which reads the findings and heads the
   * first wrote. A replay spends its time in round trips and statements, not in rows.
   */
  async applyChanges(manager: EntityManager, changes: BatchChanges): Promise<void> {
    const writes = new Writes();
    writes.add(INSERT_ACTIVITY, changes.activity, eventRow);
    writes.add(INSERT_FINDINGS, changes.findings, (finding) => [
      finding.organizationId,
      finding.findingId,
      finding.systemKey,
      finding.framework,
      finding.assessmentId,
      finding.severity,
    ]);
    const heads = [...changes.heads.values()];
    writes.add(UPSERT_HEADS, heads, headColumns);
    const probes = [...changes.probes.values()];
    writes.add(
      UPSERT_PROBES,
      probes.filter((probe) => probe.connection !== null),
      probeColumns,
    );
    // Heartbeats alone only reach a probe already known (as when one came alone).
    writes.add(
      UPDATE_HEARTBEATS,
      probes.filter((probe) => probe.connection === null),
      (probe) => [probe.organizationId, probe.probeId, probe.heartbeatAt],
    );
    writes.add(UPSERT_POLICIES, [...changes.policies.values()], ({ organizationId, policy, status }) => [
      organizationId,
      policy.policy_id,
      policy.name,
      status,
      policy.enforcement_mode,
      policy.version,
    ]);
    writes.add(UPSERT_ORGANIZATIONS, [...changes.organizations], ([organizationId, at]) => [
      organizationId,
      at,
    ]);
    await writes.run(manager);
    await this.recountOpenFindings(manager, heads);
  }

  /** Recounts the open findings, by severity, of the heads given: their head assessment's findings. */
  async recountOpenFindings(manager: EntityManager, heads: readonly HeadKey[]): Promise<void> {
    const writes = new Writes();
    writes.add(RECOUNT_OPEN_FINDINGS, heads, (head) => [head.organizationId, head.systemKey, head.framework]);
    await writes.run(manager);
  }
}

/** A statement's text, given how to spell its n-th column array (a numbered parameter). */
type Sql = (column: (index: number) => string) => string;

const INSERT_ACTIVITY: Sql = (c) =>
  `INSERT INTO dashboard.activity (organization_id, event_id, event, severity, system_id, occurred_at, details)
   SELECT organization_id, event_id, event, severity, system_id, date_trunc('milliseconds', at), details
   FROM unnest(${c(0)}::text[], ${c(1)}::text[], ${c(2)}::text[], ${c(3)}::text[], ${c(4)}::text[],
     ${c(5)}::timestamptz[], ${c(6)}::jsonb[]) AS r(organization_id, event_id, event, severity, system_id, at, details)
   ON CONFLICT (organization_id, event_id) DO NOTHING`;

/** Findings are only ever added; a repeated one changes nothing. */
const INSERT_FINDINGS: Sql = (c) =>
  `INSERT INTO dashboard.findings (organization_id, finding_id, system_key, framework, assessment_id, severity)
   SELECT * FROM unnest(${c(0)}::text[], ${c(1)}::text[], ${c(2)}::text[], ${c(3)}::text[], ${c(4)}::text[],
     ${c(5)}::text[])
   ON CONFLICT (organization_id, finding_id) DO NOTHING`;

/**
 * Moves each head to the newest assessment id seen (ids sort by creation, so it is a maximum) and, when
 * the batch completed a newer assessment than the one held, takes that one's verdict.
 */
const UPSERT_HEADS: Sql = (c) => {
  const newer = `(EXCLUDED.completed_assessment_id IS NOT NULL AND (h.completed_assessment_id IS NULL
    OR h.completed_assessment_id < EXCLUDED.completed_assessment_id))`;
  return `INSERT INTO dashboard.assessment_heads AS h (organization_id, system_key, framework, head_assessment_id,
     completed_assessment_id, verdict, score, assessed_at)
   SELECT * FROM unnest(${c(0)}::text[], ${c(1)}::text[], ${c(2)}::text[], ${c(3)}::text[], ${c(4)}::text[],
     ${c(5)}::text[], ${c(6)}::float8[], ${c(7)}::timestamptz[])
   ON CONFLICT (organization_id, system_key, framework) DO UPDATE SET
     head_assessment_id = GREATEST(h.head_assessment_id, EXCLUDED.head_assessment_id),
     verdict = CASE WHEN ${newer} THEN EXCLUDED.verdict ELSE h.verdict END,
     score = CASE WHEN ${newer} THEN EXCLUDED.score ELSE h.score END,
     assessed_at = CASE WHEN ${newer} THEN EXCLUDED.assessed_at ELSE h.assessed_at END,
     completed_assessment_id = CASE WHEN ${newer} THEN EXCLUDED.completed_assessment_id
                               ELSE h.completed_assessment_id END`;
};

const headColumns = (head: HeadChange): unknown[] => [
  head.organizationId,
  head.systemKey,
  head.framework,
  head.headAssessmentId,
  head.completed?.assessmentId ?? null,
  head.completed?.verdict ?? null,
  head.completed?.score ?? null,
  head.completed?.assessedAt ?? null,
];

/** A connection seen later than the one held replaces it; a null name or system keeps the one held. */
const UPSERT_PROBES: Sql = (c) =>
  `INSERT INTO dashboard.probes AS p (organization_id, probe_id, probe_name, connection, last_seen_at,
     last_heartbeat_at, system_id)
   SELECT * FROM unnest(${c(0)}::text[], ${c(1)}::text[], ${c(2)}::text[], ${c(3)}::text[],
     ${c(4)}::timestamptz[], ${c(5)}::timestamptz[], ${c(6)}::text[])
   ON CONFLICT (organization_id, probe_id) DO UPDATE SET
     probe_name = COALESCE(EXCLUDED.probe_name, p.probe_name),
     system_id = COALESCE(EXCLUDED.system_id, p.system_id),
     connection = CASE WHEN p.last_seen_at <= EXCLUDED.last_seen_at THEN EXCLUDED.connection ELSE p.connection END,
     last_seen_at = GREATEST(p.last_seen_at, EXCLUDED.last_seen_at),
     last_heartbeat_at = GREATEST(p.last_heartbeat_at, EXCLUDED.last_heartbeat_at)`;

const probeColumns = (probe: ProbeChange): unknown[] => [
  probe.organizationId,
  probe.probeId,
  probe.connection!.probeName,
  probe.connection!.connection,
  probe.connection!.lastSeenAt,
  probe.heartbeatAt,
  probe.connection!.systemId,
];

const UPDATE_HEARTBEATS: Sql = (c) =>
  `UPDATE dashboard.probes p SET last_heartbeat_at = GREATEST(p.last_heartbeat_at, h.received_at)
   FROM unnest(${c(0)}::text[], ${c(1)}::text[], ${c(2)}::timestamptz[]) AS h(organization_id, probe_id, received_at)
   WHERE p.organization_id = h.organization_id AND p.probe_id = h.probe_id`;

const UPSERT_POLICIES: Sql = (c) =>
  `INSERT INTO dashboard.policies AS p (organization_id, policy_id, name, status, enforcement_mode, version)
   SELECT * FROM unnest(${c(0)}::text[], ${c(1)}::text[], ${c(2)}::text[], ${c(3)}::text[], ${c(4)}::text[],
     ${c(5)}::int[])
   ON CONFLICT (organization_id, policy_id) DO UPDATE SET
     name = EXCLUDED.name, status = EXCLUDED.status, enforcement_mode = EXCLUDED.enforcement_mode,
     version = EXCLUDED.version
   WHERE p.version <= EXCLUDED.version`;

const UPSERT_ORGANIZATIONS: Sql = (c) =>
  `INSERT INTO dashboard.organization_state AS o (organization_id, updated_at)
   SELECT * FROM unnest(${c(0)}::text[], ${c(1)}::timestamptz[])
   ON CONFLICT (organization_id) DO UPDATE SET updated_at = GREATEST(o.updated_at, EXCLUDED.updated_at)`;

const RECOUNT_OPEN_FINDINGS: Sql = (c) =>
  `UPDATE dashboard.assessment_heads h SET (open_info, open_medium, open_high, open_critical) = (
     SELECT count(*) FILTER (WHERE f.severity = 'INFO'), count(*) FILTER (WHERE f.severity = 'MEDIUM'),
       count(*) FILTER (WHERE f.severity = 'HIGH'), count(*) FILTER (WHERE f.severity = 'CRITICAL')
     FROM dashboard.findings f
     WHERE f.organization_id = h.organization_id AND f.system_key = h.system_key
       AND f.framework = h.framework AND f.assessment_id = h.head_assessment_id)
   FROM unnest(${c(0)}::text[], ${c(1)}::text[], ${c(2)}::text[]) AS k(organization_id, system_key, framework)
   WHERE h.organization_id = k.organization_id AND h.system_key = k.system_key AND h.framework = k.framework`;

/**
 * Writes gathered to go out as one statement: each is given its rows' columns as arrays (that `unnest`
 * turns back into rows), and all but a lone one become data-modifying WITH queries of a `SELECT`. Such
 * queries share one snapshot and run to completion whether read or not, so each must write rows no
 * other writes, and none may need another's effects.
 */
class Writes {
  private readonly statements: string[] = [];
  private readonly params: unknown[] = [];

  /** Adds `sql` for `rows`; no rows, no write. */
  add<T>(sql: Sql, rows: readonly T[], columnsOf: (row: T) => unknown[]): void {
    if (rows.length === 0) return;
    const columns = unnestColumns(rows, columnsOf);
    const first = this.params.length;
    this.params.push(...columns);
    this.statements.push(sql((index) => `$${first + index + 1}`));
  }

  async run(manager: EntityManager): Promise<void> {
    if (this.statements.length === 0) return;
    const sql =
      this.statements.length === 1
        ? this.statements[0]!
        : `WITH ${this.statements.map((statement, index) => `w${index} AS (${statement})`).join(',\n')} SELECT 1`;
    await manager.query(sql, this.params);
  }
}
