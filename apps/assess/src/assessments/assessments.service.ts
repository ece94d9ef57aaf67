import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { INTERNAL_TOPICS, isId, newId } from '@governance/contracts';
import { isFrameworkKey } from '@governance/frameworks';
import { ReplicaCatchUp, UnitOfWork } from '@governance/messaging';
import { ApiError, ErrorCode, type FieldProblem, ISO_MILLISECONDS, readPage } from '@governance/platform';
import { type AssessConfig } from '../config';
import { ASSESS_CONFIG } from '../assess.tokens';
import { SYSTEM_REPLICA_CONSUMER } from '@governance/replicas';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import { type AssessmentRow, toAssessmentResponse, toFindingResponse } from './assessment-records';
import { assessmentSubmittedAudit } from './assessment-audit';
import {
  type AssessmentPage,
  type AssessmentResponse,
  type FindingList,
  type ListAssessmentsQuery,
  frameworkMessage,
  type QueuedResponse,
} from './assessment.dto';
import { TITLE_MAX_LENGTH } from './assessment-limits';
import { AssessmentRepository, type ClaimedAssessment } from './assessment.repository';
import { AssessmentWorker } from './assessment-worker';
import { type DocumentUpload } from './document-upload';
import { DocumentReader } from './document-text';

const LIST_CURSOR = { at: ISO_MILLISECONDS, id: /^asmnt_[0-9A-HJKMNP-TV-Z]{26}$/ };

export type Submission = Pick<ClaimedAssessment, 'systemId' | 'framework' | 'title' | 'content'>;

/** The form fields of an upload, checked as the JSON body's are. */
export function uploadFieldProblems(fields: Record<string, string>): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const systemId = fields['system_id'];
  if (systemId === undefined || systemId === '')
    problems.push({ field: 'system_id', message: 'is required' });
  else if (systemId.length > 100)
    problems.push({ field: 'system_id', message: 'must be at most 100 characters' });
  if (!isFrameworkKey(fields['framework']))
    problems.push({ field: 'framework', message: frameworkMessage.message });
  return problems;
}

/** A title from the file name: what the person uploaded is how they will recognise it. */
export function uploadTitle(fileName: string): string {
  const title = fileName.replace(/[\u0000-\u001f\u007f]/g, ' ').trim(); // eslint-disable-line no-control-regex
  return title === '' ? 'Uploaded document' : title.slice(0, TITLE_MAX_LENGTH);
}

/** Queues assessments and answers for them; the work itself is the worker's. */
@Injectable()
export class AssessmentsService {
  constructor(
    private readonly assessments: AssessmentRepository,
    private readonly systems: SystemReplicaRepository,
    private readonly worker: AssessmentWorker,
    private readonly reader: DocumentReader,
    private readonly unitOfWork: UnitOfWork,
    @Inject(ASSESS_CONFIG) private readonly config: AssessConfig,
    private readonly catchUp: ReplicaCatchUp,
  ) {}

  async submit(organizationId: string, submission: Submission): Promise<QueuedResponse> {
    await this.requireAssessableSystem(organizationId, submission.systemId);
    const id = newId('assessment');
    await this.unitOfWork.run(async (tx) => {
      await this.assessments.insert(tx.manager, { id, organizationId, ...submission, createdAt: new Date() });
      tx.audit(assessmentSubmittedAudit({ id, organizationId, ...submission }));
    });
    this.worker.wake();
    return { id, status: 'queued' };
  }

  async submitUpload(organizationId: string, upload: DocumentUpload): Promise<QueuedResponse> {
    const problems = uploadFieldProblems(upload.fields);
    if (problems.length > 0) throw ApiError.validation(problems);
    const systemId = upload.fields['system_id']!;
    // Checked before the file is parsed: no PDF work for a system that cannot be assessed.
    await this.requireAssessableSystem(organizationId, systemId);
    const content = await this.reader.read(upload.format, upload.data);
    return this.submit(organizationId, {
      systemId,
      framework: upload.fields['framework']!,
      title: uploadTitle(upload.fileName),
      content,
    });
  }

  /**
   * Only an existing, active system of the organization is assessed. One the replica does not know yet
   * is looked up again once it caught up with the bus, so an id the systems service just returned works.
   */
  private async requireAssessableSystem(organizationId: string, systemId: string): Promise<void> {
    const system = isId('system', systemId)
      ? await this.catchUp.find(SYSTEM_REPLICA_CONSUMER, INTERNAL_TOPICS.systems, () =>
          this.systems.find(organizationId, systemId),
        )
      : undefined;
    if (!system)
      throw new ApiError(HttpStatus.NOT_FOUND, ErrorCode.NotFound, 'System not found', [
        { field: 'system_id', message: 'no such system in this organization' },
      ]);
    if (system.status === 'retired')
      throw new ApiError(HttpStatus.CONFLICT, ErrorCode.Conflict, `system ${systemId} is retired`, [
        { field: 'system_id', message: 'the system is retired; set it active again to assess it' },
      ]);
  }

  list(organizationId: string, query: ListAssessmentsQuery): Promise<AssessmentPage> {
    return readPage(
      query,
      LIST_CURSOR,
      (limit, after) => this.assessments.list(organizationId, query, limit, after),
      (row) => ({ at: row.created_at.toISOString(), id: row.id }),
      (row) => toAssessmentResponse(row, this.config.reportBaseUrl),
    );
  }

  async get(organizationId: string, id: string): Promise<AssessmentResponse> {
    return toAssessmentResponse(await this.find(organizationId, id), this.config.reportBaseUrl);
  }

  /** Empty until the assessment is complete: findings are written with the result, all at once. */
  async findings(organizationId: string, id: string): Promise<FindingList> {
    await this.find(organizationId, id);
    return { data: (await this.assessments.listFindings(organizationId, id)).map(toFindingResponse) };
  }

  private async find(organizationId: string, id: string): Promise<AssessmentRow> {
    const row = isId('assessment', id) ? await this.assessments.find(organizationId, id) : undefined;
    if (!row) throw ApiError.notFound('Assessment');
    return row;
  }
}
