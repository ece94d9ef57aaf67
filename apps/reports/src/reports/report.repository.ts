import { Injectable } from '@nestjs/common';
import { SqlConditions } from '@governance/persistence';
import { type KeysetPosition } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type ReportFormat, type ReportSpec, type ReportType } from '../content/report-content';
import { type ReportJobRow, type ReportRow, type ReportStatus } from './report-records';

const COLUMNS = `r.id, r.organization_id, r.type, r.format, r.origin, r.status, r.system_id, r.framework,
  r.assessment_id, r.period_from, r.period_to, r.error, r.size_bytes, r.file_name, r.created_at, r.completed_at,
  left(s.name, 200) AS system_name, a.framework AS assessment_framework, a.completed_at AS assessment_completed_at`;

/** A report with what names its subject: its system (or its assessment's) and its assessment. */
const WITH_SUBJECT = `reports.reports r
  LEFT JOIN reports.assessments a ON a.organization_id = r.organization_id AND a.assessment_id = r.assessment_id
  LEFT JOIN reports.systems s
    ON s.organization_id = r.organization_id AND s.system_id = coalesce(r.system_id, a.system_id)`;

type NewReport = ReportSpec & { format: ReportFormat; createdAt: Date };

export interface ReportFilter {
  type?: ReportType;
  status?: ReportStatus;
  /** Reports strictly older than this position (newest first). */
  before?: KeysetPosition;
}

/** A report a worker holds until its lease ends; `claim` tells this hold from a later one. */
export interface ClaimedReport {
  row: ReportJobRow;
  claim: number;
}

/** All SQL on report jobs. Reads on behalf of a caller are scoped by organization id. */
@Injectable()
export class ReportRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(manager: EntityManager, report: NewReport): Promise<void> {
    await manager.query(
      `INSERT INTO reports.reports (id, organization_id, type, format, origin, status, system_id, framework,
         assessment_id, period_from, period_to, not_before, created_at)
       VALUES ($1, $2, $3, $4, 'request', 'queued', $5, $6, $7, $8, $9, $10, $10)`,
      [
        report.id,
        report.organizationId,
        report.type,
        report.format,
        report.systemId,
        report.framework,
        report.assessmentId,
        report.period?.from ?? null,
        report.period?.to ?? null,
        report.createdAt,
      ],
    );
  }

  find(organizationId: string, id: string): Promise<ReportRow | undefined> {
    return this.one('r.organization_id = $1 AND r.id = $2', [organizationId, id]);
  }

  /**
   * The one read not scoped by the caller's organization: a download link carries no bearer key. The
   * row's own organization id is part of the link's signature, which the caller checks before serving.
   */
  findForDownload(id: string): Promise<ReportRow | undefined> {
    return this.one('r.id = $1', [id]);
  }

  /** The report queued automatically when the assessment completed. */
  findForAssessment(organizationId: string, assessmentId: string): Promise<ReportRow | undefined> {
    return this.one(`r.organization_id = $1 AND r.assessment_id = $2 AND r.origin = 'assessment_complete'`, [
      organizationId,
      assessmentId,
    ]);
  }

  async list(organizationId: string, filter: ReportFilter, limit: number): Promise<ReportRow[]> {
    const where = new SqlConditions().add('r.organization_id = $', organizationId);
    if (filter.type !== undefined) where.add('r.type = $', filter.type);
    if (filter.status !== undefined) where.add('r.status = $', filter.status);
    if (filter.before !== undefined)
      where.add('(r.created_at, r.id) < ($::timestamptz, $)', filter.before.at, filter.before.id);
    return await this.dataSource.query<ReportRow[]>(
      `SELECT ${COLUMNS} FROM ${WITH_SUBJECT} WHERE ${where.sql}
       ORDER BY r.created_at DESC, r.id DESC LIMIT ${where.param(limit)}`,
      where.params,
    );
  }

  /**
   * Reserves up to `limit` reports that are due: queued, or running under a lease that ended (their worker
   * died). An automatic assessment report is due once all its findings arrived or its grace ended.
   */
  async claim(limit: number, leaseMs: number): Promise<ClaimedReport[]> {
    const [rows] = await this.dataSource.query<[Array<ReportJobRow & { claims: number }>, number]>(
      `WITH due AS (
         SELECT r.id FROM reports.reports r
         WHERE (r.status = 'queued' OR (r.status = 'running' AND r.lease_expires_at <= now()))
           AND (r.not_before <= now()
             OR (SELECT count(*) FROM reports.findings f
                 WHERE f.organization_id = r.organization_id AND f.assessment_id = r.assessment_id)
               >= (SELECT a.findings_count FROM reports.assessments a
                   WHERE a.organization_id = r.organization_id AND a.assessment_id = r.assessment_id))
         ORDER BY r.created_at
         LIMIT $1
         FOR UPDATE SKIP LOCKED
       )
       UPDATE reports.reports r
       SET status = 'running', claims = r.claims + 1,
           lease_expires_at = now() + make_interval(secs => $2 / 1000.0), started_at = coalesce(r.started_at, now())
       FROM due WHERE r.id = due.id
       RETURNING r.*`,
      [limit, leaseMs],
    );
    return rows.map(({ claims, ...row }) => ({ row, claim: claims }));
  }

  /** Locks the claimed report if this hold is still the current one; false when it was taken over. */
  async lockClaim(manager: EntityManager, claimed: ClaimedReport): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM reports.reports WHERE id = $1 AND claims = $2 AND status = 'running' FOR UPDATE`,
      [claimed.row.id, claimed.claim],
    );
    return rows.length > 0;
  }

  async markComplete(
    manager: EntityManager,
    id: string,
    file: { sizeBytes: number; fileName: string },
    completedAt: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE reports.reports SET status = 'complete', size_bytes = $2, file_name = $3, completed_at = $4,
         lease_expires_at = NULL, error = NULL
       WHERE id = $1`,
      [id, file.sizeBytes, file.fileName, completedAt],
    );
  }

  async markFailed(
    manager: EntityManager,
    claimed: ClaimedReport,
    error: string,
    completedAt: Date,
  ): Promise<void> {
    await manager.query(
      `UPDATE reports.reports SET status = 'failed', error = $2, completed_at = $3, lease_expires_at = NULL
       WHERE id = $1`,
      [claimed.row.id, error, completedAt],
    );
  }

  private async one(where: string, params: unknown[]): Promise<ReportRow | undefined> {
    const [row] = await this.dataSource.query<ReportRow[]>(
      `SELECT ${COLUMNS} FROM ${WITH_SUBJECT} WHERE ${where}`,
      params,
    );
    return row;
  }
}
