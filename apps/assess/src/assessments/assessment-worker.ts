import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { publicEventMessage, UnitOfWork } from '@governance/messaging';
import { ClaimLoop, counter, LOGGER, type Logger } from '@governance/platform';
import { type AssessConfig } from '../config';
import { ASSESS_CONFIG } from '../assess.tokens';
import { assessDocument, type AssessmentResult } from '../engine';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import { FrameworkCatalog } from '../templates/framework-catalog';
import { completionEvents, findingRows, reportUrl } from './assessment-records';
import { MAX_CLAIMS } from './assessment-limits';
import { AssessmentRepository, type ClaimedAssessment } from './assessment.repository';

const assessmentsTotal = counter({
  name: 'assess_assessments_total',
  help: 'Assessments finished, by outcome',
  labelNames: ['service', 'outcome'],
});

/**
 * Runs queued assessments, up to `concurrency` at once. Work is claimed from Postgres with
 * `FOR UPDATE SKIP LOCKED` under a lease, so several processes share the queue and an assessment whose
 * worker died is taken over when its lease ends. Findings, the completed status and the events commit
 * in one transaction.
 */
@Injectable()
export class AssessmentWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly loop: ClaimLoop<ClaimedAssessment>;

  constructor(
    private readonly assessments: AssessmentRepository,
    private readonly systems: SystemReplicaRepository,
    private readonly catalog: FrameworkCatalog,
    private readonly unitOfWork: UnitOfWork,
    @Inject(ASSESS_CONFIG) private readonly config: AssessConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const { concurrency, pollIntervalMs, claimLeaseMs } = config.worker;
    this.loop = new ClaimLoop({
      name: 'assessments',
      concurrency,
      pollIntervalMs,
      claim: (capacity) => this.assessments.claim(capacity, claimLeaseMs),
      process: (assessment) => this.process(assessment),
      // Left running under its lease: another claim retries it, up to MAX_CLAIMS times.
      onProcessError: (assessment, error) =>
        this.logger.error({ err: error, assessment_id: assessment.id }, 'assessment not recorded'),
      logger,
    });
  }

  /** A new assessment is queued; claim it without waiting for the next poll. */
  wake(): void {
    this.loop.wake();
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Stops claiming and lets running assessments finish; an unfinished one is taken over after its lease. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  private async process(claimed: ClaimedAssessment): Promise<void> {
    const entry = this.catalog.find(claimed.framework);
    if (!entry) return this.fail(claimed, `Unknown framework ${claimed.framework}`);
    if (claimed.claim > MAX_CLAIMS)
      return this.fail(claimed, `The assessment was abandoned after ${MAX_CLAIMS} interrupted attempts`);
    await this.assessments.reportProgress(claimed, 30);
    let result: AssessmentResult;
    try {
      result = assessDocument({ title: claimed.title, content: claimed.content }, entry.compiled);
    } catch (error) {
      this.logger.error({ err: error, assessment_id: claimed.id }, 'assessment failed');
      return this.fail(claimed, `The document could not be assessed: ${(error as Error).message}`);
    }
    const completed = await this.unitOfWork.run(async (tx) => {
      if (!(await this.assessments.lockClaim(tx.manager, claimed))) return false;
      const systemName =
        (await this.systems.findName(claimed.organizationId, claimed.systemId, tx.manager)) ??
        claimed.systemId;
      const completedAt = new Date();
      const rows = findingRows(
        { id: claimed.id, organizationId: claimed.organizationId },
        entry.framework,
        result,
      );
      await this.assessments.insertFindings(tx.manager, rows);
      await this.assessments.markComplete(tx.manager, claimed.id, result.summary, completedAt);
      const events = completionEvents(
        {
          id: claimed.id,
          organizationId: claimed.organizationId,
          systemId: claimed.systemId,
          systemName,
          framework: entry.framework.key,
          completedAt,
          reportUrl: reportUrl(this.config.reportBaseUrl, claimed.id),
          result,
        },
        rows,
      );
      for (const event of events) tx.publish(publicEventMessage(event));
      return true;
    });
    if (completed) assessmentsTotal.inc({ service: 'assess', outcome: result.summary.verdict });
  }

  private async fail(claimed: ClaimedAssessment, error: string): Promise<void> {
    const failed = await this.unitOfWork.run(async (tx) => {
      if (!(await this.assessments.lockClaim(tx.manager, claimed))) return false;
      await this.assessments.markFailed(tx.manager, claimed.id, error, new Date());
      return true;
    });
    if (failed) assessmentsTotal.inc({ service: 'assess', outcome: 'failed' });
  }
}
