import { Injectable } from '@nestjs/common';
import { type AssessmentSummary } from '../engine';
import { DataSource, type EntityManager } from 'typeorm';
import { type KeysetPosition } from '@governance/platform';
import { type AssessmentRow, type FindingRow, type StoredFinding } from './assessment-records';
import { type ListAssessmentsQuery } from './assessment.dto';

const COLUMNS = `id, system_id, framework, title, status, progress, error, verdict, score, findings_count, high_findings,
  medium_findings, created_at, completed_at`;

/** An assessment a worker holds until its lease ends; `claim` tells this hold from a later one. */
export interface ClaimedAssessment {
  id: string;
  organizationId: string;
  systemId: string;
  framework: string;
  title: string;
  content: string;
  claim: number;
}

/** All SQL on assessments and their findings. Reads on behalf of a caller are scoped by organization id. */
@Injectable()
export class AssessmentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    manager: EntityManager,
    {
      id,
      organizationId,
      systemId,
      framework,
      title,
      content,
      createdAt,
    }: Omit<ClaimedAssessment, 'claim'> & {
      createdAt: Date;
    },
  ): Promise<void> {
    await manager.query(
      `INSERT INTO assess.assessments (id, organization_id, system_id, framework, title, content, status,
         progress, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'queued', 0, $7)`,
      [id, organizationId, systemId, framework, title, content, createdAt],
    );
  }

  async find(organizationId: string, id: string): Promise<AssessmentRow | undefined> {
    const rows = await this.dataSource.query<AssessmentRow[]>(
      `SELECT ${COLUMNS} FROM assess.assessments WHERE organization_id = $1 AND id = $2`,
      [organizationId, id],
    );
    return rows[0];
  }

  /** Newest first; `after` is the last row of the previous page. */
  async list(
    organizationId: string,
    filters: Pick<ListAssessmentsQuery, 'system_id' | 'status' | 'verdict'>,
    limit: number,
    after?: KeysetPosition,
  ): Promise<AssessmentRow[]> {
    return await this.dataSource.query<AssessmentRow[]>(
      `SELECT ${COLUMNS} FROM assess.assessments
       WHERE organization_id = $1
         AND ($2::text IS NULL OR system_id = $2)
         AND ($3::text IS NULL OR status = $3)
         AND ($4::text IS NULL OR verdict = $4)
         AND ($5::timestamptz IS NULL OR (created_at, id) < ($5::timestamptz, $6::text))
       ORDER BY created_at DESC, id DESC
       LIMIT $7`,
      [
        organizationId,
        filters.system_id ?? null,
        filters.status ?? null,
        filters.verdict ?? null,
        after?.at ?? null,
        after?.id ?? null,
        limit,
      ],
    );
  }

  async listFindings(organizationId: string, assessmentId: string): Promise<StoredFinding[]> {
    return await this.dataSource.query<StoredFinding[]>(
      `SELECT id AS finding_id, control, framework, title, description, status, severity, evidence,
         remediation_id, remediation
       FROM assess.findings WHERE organization_id = $1 AND assessment_id = $2 ORDER BY position`,
      [organizationId, assessmentId],
    );
  }

  /**
   * Reserves up to `limit` assessments that are queued, or running under a lease that ended. The claim
   * counter tells this hold from earlier ones, so a worker that lost its lease cannot complete it.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedAssessment[]> {
    const [rows] = await this.dataSource.query<[Array<ClaimedAssessment>, number]>(
      `WITH due AS (
         SELECT id FROM assess.assessments
         WHERE status = 'queued' OR (status = 'running' AND lease_expires_at <= now())
         ORDER BY created_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE assess.assessments a
       SET status = 'running', progress = 10, claims = a.claims + 1,
           lease_expires_at = now() + make_interval(secs => $2 / 1000.0), started_at = coalesce(a.started_at, now())
       FROM due WHERE a.id = due.id
       RETURNING a.id, a.organization_id AS "organizationId", a.system_id AS "systemId", a.framework, a.title,
         a.content, a.claims AS claim`,
      [limit, leaseMs],
    );
    return rows;
  }

  async reportProgress(claimed: ClaimedAssessment, progress: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE assess.assessments SET progress = $3 WHERE id = $1 AND claims = $2 AND status = 'running'`,
      [claimed.id, claimed.claim, progress],
    );
  }

  /** Locks the claimed assessment if this hold is still the current one; false when it was taken over. */
  async lockClaim(manager: EntityManager, claimed: ClaimedAssessment): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM assess.assessments WHERE id = $1 AND claims = $2 AND status = 'running' FOR UPDATE`,
      [claimed.id, claimed.claim],
    );
    return rows.length > 0;
  }

  /** The document text is dropped once the findings hold what the run found in it. */
  async markComplete(
    manager: EntityManager,
    id: string,
    { verdict, score, findings_count, high_findings, medium_findings }: AssessmentSummary,
    completedAt: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE assess.assessments SET status = 'complete', progress = 100, content = NULL, lease_expires_at = NULL,
         verdict = $2, score = $3, findings_count = $4, high_findings = $5, medium_findings = $6,
         completed_at = $7
       WHERE id = $1`,
      [id, verdict, score, findings_count, high_findings, medium_findings, completedAt],
    );
  }

  async markFailed(
    manager: EntityManager,
    claimed: ClaimedAssessment,
    error: string,
    completedAt: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE assess.assessments SET status = 'failed', error = $2, content = NULL, lease_expires_at = NULL,
         completed_at = $3
       WHERE id = $1`,
      [claimed.id, error, completedAt],
    );
  }

  async insertFindings(manager: EntityManager, rows: readonly FindingRow[]): Promise<void> {
    if (rows.length === 0) return;
    // One statement for the whole framework: unnest takes one array per column, whatever the row count.
    const columns = Object.keys(rows[0]!) as (keyof FindingRow)[];
    const type = { position: 'int', evidence: 'jsonb' } as Partial<Record<keyof FindingRow, string>>;
    await manager.query(
      `INSERT INTO assess.findings (${columns.join(', ')})
       SELECT * FROM unnest(${columns.map((column, index) => `$${index + 1}::${type[column] ?? 'text'}[]`).join(', ')})`,
      columns.map((column) =>
        rows.map((row) => (column === 'evidence' ? JSON.stringify(row.evidence) : row[column])),
      ),
    );
  }
}
