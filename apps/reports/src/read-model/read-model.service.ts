import { Inject, Injectable } from '@nestjs/common';
import { newId, PUBLIC_EVENT_TYPES, type PublicEventType, publicTopicFor } from '@governance/contracts';
import { type ProjectedRecord, type Projection, type Transaction } from '@governance/messaging';
import { type EntityManager } from 'typeorm';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { reportRequestedAudit } from '../reports/report-audit';
import { ReadModelRepository } from './read-model.repository';

/** The read model's topics: every public one but `system.registered`, which the SystemsReplica keeps. */
export const READ_MODEL_TOPICS = PUBLIC_EVENT_TYPES.filter(
  (event): event is Exclude<PublicEventType, 'system.registered'> => event !== 'system.registered',
).map(publicTopicFor);

/** The consumer of findings, assessments and incidents: its group is `reports.read-model`. */
export const READ_MODEL_CONSUMER = 'read-model';

export type ReadModelTopic = (typeof READ_MODEL_TOPICS)[number];

export interface Applied {
  /** An event queued an automatic report or brought one closer to ready. */
  mayReleaseReport: boolean;
}

/** Decides which read-model writes events make; the consumer owns the transaction. */
@Injectable()
export class ReadModelService implements Projection<ReadModelTopic, Applied> {
  readonly topics = READ_MODEL_TOPICS;

  constructor(
    private readonly repository: ReadModelRepository,
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
  ) {}

  async apply(
    manager: EntityManager,
    records: ReadonlyArray<ProjectedRecord<ReadModelTopic>>,
    tx: Transaction,
  ): Promise<Applied> {
    let mayReleaseReport = false;
    for (const { record } of records)
      if (await this.applyRecord(manager, record, tx)) mayReleaseReport = true;
    return { mayReleaseReport };
  }

  /** True when the record may release an automatic report. */
  private async applyRecord(
    manager: EntityManager,
    record: ProjectedRecord<ReadModelTopic>['record'],
    tx: Transaction,
  ): Promise<boolean> {
    switch (record.event) {
      case 'finding.created':
        await this.repository.insertFinding(manager, record);
        return true;
      case 'assessment.complete': {
        await this.repository.insertAssessment(manager, record);
        const now = new Date();
        const id = newId('report', now.getTime());
        const queued = await this.repository.queueAssessmentReport(manager, record, {
          id,
          createdAt: now,
          notBefore: new Date(now.getTime() + this.config.worker.assessmentGraceMs),
        });
        if (queued)
          tx.audit(
            reportRequestedAudit({
              id,
              organizationId: record.organization_id,
              type: 'assessment',
              format: 'pdf',
              origin: 'assessment_complete',
              systemId: record.system_id,
              framework: record.details.framework,
              assessmentId: record.details.assessment_id,
              period: null,
            }),
          );
        return true;
      }
      case 'policy.violated':
      case 'drift.detected':
      case 'probe.disconnected':
        await this.repository.insertIncident(manager, record);
        return false;
    }
  }
}
