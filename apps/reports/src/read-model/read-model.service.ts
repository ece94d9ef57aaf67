import { Inject, Injectable } from '@nestjs/common';
import { newId } from '@governance/contracts';
import { type EntityManager } from 'typeorm';
import { type ReportsConfig } from '../config';
import { REPORTS_CONFIG } from '../reports.tokens';
import { type ReadModelRecord } from './read-model-records';
import { ReadModelRepository } from './read-model.repository';

export interface Applied {
  /** The event queued an automatic report or brought one closer to ready. */
  mayReleaseReport: boolean;
}

/** Decides which read-model writes one event makes; the consumer owns the transaction. */
@Injectable()
export class ReadModelService {
  constructor(
    private readonly repository: ReadModelRepository,
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
  ) {}

  async apply(manager: EntityManager, input: ReadModelRecord): Promise<Applied> {
    const repo = this.repository;
    const organizationId = input.record.organization_id;
    if (input.kind === 'systems') {
      const record = input.record;
      switch (record.event) {
        case 'system.created':
        case 'system.updated':
          await repo.applySystemSnapshot(manager, organizationId, record.details);
          break;
        case 'system.registration_merged':
          await repo.applyRegistrationMerged(
            manager,
            organizationId,
            record.details.requested_system_id,
            record.details.system_id,
          );
          break;
      }
      return { mayReleaseReport: false };
    }
    const record = input.record;
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
        return { mayReleaseReport: true };
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
        return { mayReleaseReport: true };
      }
      case 'system.registered':
        if (record.system_id !== null)
          await repo.applySystemRegistered(
            manager,
            organizationId,
            record.system_id,
            record.details.system_name,
            record.details.declared,
          );
        return { mayReleaseReport: false };
      case 'policy.violated':
      case 'drift.detected':
      case 'probe.disconnected':
        await repo.insertIncident(manager, record);
        return { mayReleaseReport: false };
    }
  }
}
