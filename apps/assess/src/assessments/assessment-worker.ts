import { Inject, Injectable } from '@nestjs/common';
import {
  type JobOutcome,
  LeasedJobWorker,
  publicEventMessage,
  type Transaction,
  UnitOfWork,
} from '@governance/messaging';
import { LiveChanges } from '@governance/persistence';
import { counter, LOGGER, type Logger } from '@governance/platform';
import { type AssessConfig } from '../config';
import { ASSESS_CONFIG } from '../assess.tokens';
import { type AssessmentResult, EngineFailure, EngineThreads } from '../engine';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import { FrameworkCatalog } from '../templates/framework-catalog';
import { completionEvents, findingRows, reportUrl } from './assessment-records';
import { assessmentCompletedAudit, assessmentFailedAudit } from './assessment-audit';
import { MAX_CLAIMS } from './assessment-limits';
import { AssessmentRepository, type ClaimedAssessment } from './assessment.repository';

const assessmentsTotal = counter({
  name: 'assess_assessments_total',
  help: 'Assessments finished, by outcome',
  labelNames: ['service', 'outcome'],
});

/** Runs queued assessments; findings, the completed status and the events commit in one transaction. */
@Injectable()
export class AssessmentWorker extends LeasedJobWorker<ClaimedAssessment> {
  constructor(
    private readonly assessments: AssessmentRepository,
    private readonly systems: SystemReplicaRepository,
    private readonly catalog: FrameworkCatalog,
    private readonly engine: EngineThreads,
    unitOfWork: UnitOfWork,
    live: LiveChanges,
    @Inject(ASSESS_CONFIG) private readonly config: AssessConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(
      {
        service: 'assess',
        noun: 'assessment',
        logFields: (assessment) => ({ assessment_id: assessment.id }),
        queue: assessments,
        settings: config.worker,
        maxClaims: MAX_CLAIMS,
        outcomes: assessmentsTotal,
        announce: (assessment) => live.changed(assessment.organizationId, 'assessments'),
      },
      unitOfWork,
      logger,
    );
  }

  protected async work(claimed: ClaimedAssessment): Promise<JobOutcome> {
    const entry = this.catalog.find(claimed.framework);
    if (!entry) return { failed: `Unknown framework ${claimed.framework}` };
    await this.assessments.reportProgress(claimed, 30);
    let result: AssessmentResult;
    try {
      result = await this.engine.assess(claimed.framework, {
        title: claimed.title,
        content: claimed.content,
      });
    } catch (error) {
      if (!(error instanceof EngineFailure)) throw error;
      this.logger.error({ err: error, assessment_id: claimed.id }, 'assessment failed');
      return { failed: `The document could not be assessed: ${error.message}` };
    }
    return {
      outcome: result.summary.verdict,
      commit: async (tx) => {
        const system = await this.systems.find(claimed.organizationId, claimed.systemId, tx.manager);
        const completedAt = new Date();
        const rows = findingRows(claimed, entry.framework, result);
        await this.assessments.insertFindings(tx.manager, rows);
        await this.assessments.markComplete(tx.manager, claimed.id, result.summary, completedAt);
        const systemName = system?.name ?? claimed.systemId;
        const reportLink = reportUrl(this.config.reportBaseUrl, claimed.id);
        const completed = { ...claimed, systemName, completedAt, reportUrl: reportLink, result };
        for (const event of completionEvents(completed, rows)) tx.publish(publicEventMessage(event));
        tx.audit(assessmentCompletedAudit(claimed, result.summary));
      },
    };
  }

  protected override onFailed(tx: Transaction, assessment: ClaimedAssessment, error: string): void {
    tx.audit(assessmentFailedAudit(assessment, error));
  }
}
