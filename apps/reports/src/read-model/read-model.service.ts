import { Inject, Injectable } from '@nestjs/common';
import { newId, PUBLIC_EVENT_TYPES, type PublicEventType, publicTopicFor } from '@governance/contracts';
import { type ProjectedRecord, type Projection } from '@governance/messaging';
import { type EntityManager } from 'typeorm';
import { type ReportsConfig } from '../config';
import { REPORTS_CONFIG } from '../reports.tokens';
import { ReadModelRepository } from './read-model.repository';

/** The read model's topics: every public one but `system.registered`, which the SystemsReplica keeps. */
export const READ_MODEL_TOPICS = PUBLIC_EVENT_TYPES.filter(
  (event): event is Exclude<PublicEventType, 'system.registered'> => event !== 'system.registered',
).map(publicTopicFor);

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
  ): Promise<Applied> {
    let mayReleaseReport = false;
    for (const { record } of records) if (await this.applyRecord(manager, record)) mayReleaseReport = true;
    return { mayReleaseReport };
  }

  /** True when the record may release an automatic report. */
  private async applyRecord(
    manager: EntityManager,
    record: ProjectedRecord<ReadModelTopic>['record'],
  ): Promise<boolean> {
    const repo = this.repository;
    const organizationId = record.organization_id;
    switch (record.event) {
      case 'finding.created':
        await repo.insertFinding(manager, organizationId, {
          findingId: record.details.finding_id,
          assessmentId: record.details.assessment_id,
          systemId: record.system_id,
          systemName: record.details.system_name,
          framework: record.details.framework,
          control: record.details.control,
          title: record.details.title,
          description: record.details.description,
          severity: record.severity,
          remediationId: record.details.remediation_id,
          createdAt: record.timestamp,
        });
        return true;
      case 'assessment.complete': {
        const details = record.details;
        await repo.insertAssessment(manager, organizationId, {
          assessmentId: details.assessment_id,
          systemId: record.system_id,
          framework: details.framework,
          verdict: details.verdict,
          score: details.score,
          findingsCount: details.findings_count,
          highFindings: details.high_findings,
          mediumFindings: details.medium_findings,
          completedAt: record.timestamp,
        });
        const now = new Date();
        await repo.queueAssessmentReport(manager, {
          id: newId('report', now.getTime()),
          organizationId,
          assessmentId: details.assessment_id,
          systemId: record.system_id,
          framework: details.framework,
          createdAt: now,
          notBefore: new Date(now.getTime() + this.config.worker.assessmentGraceMs),
        });
        return true;
      }
      case 'policy.violated':
      case 'drift.detected':
      case 'probe.disconnected':
        await repo.insertIncident(manager, record);
        return false;
    }
  }
}
