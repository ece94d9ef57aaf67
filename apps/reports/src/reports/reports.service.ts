import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { INTERNAL_TOPICS, isId, newId } from '@governance/contracts';
import { ReplicaCatchUp, UnitOfWork } from '@governance/messaging';
import { ApiError, ErrorCode, type FieldProblem, ISO_MILLISECONDS, readPage } from '@governance/platform';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportSourceRepository } from '../content/report-source.repository';
import { SYSTEM_REPLICA_CONSUMER } from '@governance/replicas';
import { signedDownloadUrl, verifyDownloadLink } from '../links/download-link';
import { REPORT_STORAGE, type ReportStorage } from '../storage/report-storage';
import {
  type CreateReportDto,
  type ListReportsQuery,
  type QueuedReport,
  REPORT_ID,
  type ReportPage,
  type ReportResponse,
} from './report.dto';
import { parseReportPeriod } from './report-period';
import { type ReportRow, toReportResponse } from './report-records';
import { ReportRepository } from './report.repository';
import { ReportWorker } from './report-worker';
import { reportRequestedAudit } from './report-audit';

const REPORT_CURSOR = { at: ISO_MILLISECONDS, id: REPORT_ID };

export interface ReportFile {
  row: ReportRow;
  content: Buffer;
}

/** What the assessment report link answers: the report's download, or its record while it is not ready. */
export type AssessmentReportAnswer = { redirect: string } | { pending: ReportResponse };

const forbidden = (message: string): ApiError =>
  new ApiError(HttpStatus.FORBIDDEN, ErrorCode.Forbidden, message);

/** Checks the fields no single decorator can: which ones a type needs, and which apply to it at all. */
function requestProblems(body: CreateReportDto): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (body.type === 'system' && body.system_id === undefined)
    problems.push({ field: 'system_id', message: 'is required for a system report' });
  if (body.type === 'assessment') {
    if (body.assessment_id === undefined)
      problems.push({ field: 'assessment_id', message: 'is required for an assessment report' });
    for (const field of ['system_id', 'framework', 'period'] as const)
      if (body[field] !== undefined)
        problems.push({
          field,
          message: 'does not apply to an assessment report (it covers one assessment)',
        });
  } else if (body.assessment_id !== undefined) {
    problems.push({ field: 'assessment_id', message: 'applies only to an assessment report' });
  }
  return problems;
}

@Injectable()
export class ReportsService {
  constructor(
    private readonly reports: ReportRepository,
    private readonly source: ReportSourceRepository,
    private readonly worker: ReportWorker,
    @Inject(REPORT_STORAGE) private readonly storage: ReportStorage,
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    private readonly catchUp: ReplicaCatchUp,
    private readonly unitOfWork: UnitOfWork,
  ) {}

  async create(organizationId: string, body: CreateReportDto, now: Date = new Date()): Promise<QueuedReport> {
    const problems = requestProblems(body);
    const period = parseReportPeriod(body.period, now);
    if (!period.ok) problems.push(...period.problems);
    if (problems.length > 0 || !period.ok) throw ApiError.validation(problems);
    // The subject must be one this organization's read model knows: 404, as for any unknown resource.
    // An id the systems service just returned is known once the read model caught up with the bus.
    const notFound = (what: string, field: string, message: string): ApiError =>
      new ApiError(HttpStatus.NOT_FOUND, ErrorCode.NotFound, `${what} not found`, [{ field, message }]);
    if (body.system_id !== undefined && !(await this.systemExists(organizationId, body.system_id)))
      throw notFound(`System ${body.system_id}`, 'system_id', 'is not a system of this organization');
    if (
      body.assessment_id !== undefined &&
      !(await this.source.assessmentExists(organizationId, body.assessment_id))
    )
      throw notFound(
        `Assessment ${body.assessment_id}`,
        'assessment_id',
        'is not a completed assessment of this organization',
      );
    const report = {
      id: newId('report', now.getTime()),
      organizationId,
      type: body.type,
      format: body.format,
      systemId: body.system_id ?? null,
      framework: body.framework ?? null,
      assessmentId: body.assessment_id ?? null,
      period: period.period,
      createdAt: now,
    };
    await this.unitOfWork.run(async (tx) => {
      await this.reports.insert(tx.manager, report);
      tx.audit(reportRequestedAudit({ ...report, origin: 'request' }));
    });
    const { id } = report;
    this.worker.wake();
    return { id, status: 'queued' };
  }

  list(organizationId: string, query: ListReportsQuery): Promise<ReportPage> {
    const filters = {
      ...(query.type === undefined ? {} : { type: query.type }),
      ...(query.status === undefined ? {} : { status: query.status }),
    };
    return readPage(
      query,
      REPORT_CURSOR,
      (limit, before) =>
        this.reports.list(organizationId, { ...filters, ...(before === undefined ? {} : { before }) }, limit),
      (row) => ({ at: row.created_at.toISOString(), id: row.id }),
      (row) => this.respond(row),
    );
  }

  async get(organizationId: string, id: string): Promise<ReportResponse> {
    const row = isId('report', id) ? await this.reports.find(organizationId, id) : undefined;
    if (!row) throw ApiError.notFound('Report');
    return this.respond(row);
  }

  async assessmentReport(organizationId: string, assessmentId: string): Promise<AssessmentReportAnswer> {
    const row = isId('assessment', assessmentId)
      ? await this.reports.findForAssessment(organizationId, assessmentId)
      : undefined;
    if (!row) throw ApiError.notFound('Assessment report');
    const response = this.respond(row);
    return row.status === 'complete' && response.download_url !== null
      ? { redirect: response.download_url }
      : { pending: response };
  }

  /** Serves a file to whoever holds a valid link; any doubt about the link is a 403 and says no more. */
  async download(id: string, query: { expires?: unknown; signature?: unknown }): Promise<ReportFile> {
    const row = REPORT_ID.test(id) ? await this.reports.findForDownload(id) : undefined;
    const verdict = row
      ? verifyDownloadLink(
          this.config.signingKey,
          { reportId: row.id, organizationId: row.organization_id },
          query,
        )
      : 'forged';
    if (verdict === 'expired') throw forbidden('This download link has expired; ask for the report again');
    if (verdict !== 'valid' || !row) throw forbidden('This download link is not valid');
    const content =
      row.status === 'complete' ? await this.storage.get(row.organization_id, row.id) : undefined;
    if (!content) throw ApiError.notFound('Report file');
    return { row, content };
  }

  private systemExists(organizationId: string, systemId: string): Promise<boolean> {
    return this.catchUp.find(SYSTEM_REPLICA_CONSUMER, INTERNAL_TOPICS.systems, () =>
      this.source.systemExists(organizationId, systemId),
    );
  }

  /** The link is signed anew on every read, so each answer carries a full time to live. */
  private respond(row: ReportRow): ReportResponse {
    const { signingKey, reportBaseUrl, linkTtlMs } = this.config;
    const subject = { reportId: row.id, organizationId: row.organization_id };
    return toReportResponse(row, signedDownloadUrl(signingKey, reportBaseUrl, subject, linkTtlMs));
  }
}
