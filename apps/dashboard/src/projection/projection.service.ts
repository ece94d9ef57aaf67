import { Injectable } from '@nestjs/common';
import { type EntityManager } from 'typeorm';
import { type ProjectionRecord } from './projection-records';
import { ProjectionRepository } from './projection.repository';

/** Key of an assessment's subject: its system, or '' when the run was organization-level. */
const systemKey = (systemId: string | null): string => systemId ?? '';

/** Decides which read-model writes one event makes; the consumer owns the transaction. */
@Injectable()
export class ProjectionService {
  constructor(private readonly repository: ProjectionRepository) {}

  async apply(manager: EntityManager, input: ProjectionRecord): Promise<void> {
    const organizationId = input.record.organization_id;
    await this.applyRecord(manager, organizationId, input);
    await this.repository.touchOrganization(manager, organizationId, input.record.timestamp);
  }

  private async applyRecord(
    manager: EntityManager,
    organizationId: string,
    input: ProjectionRecord,
  ): Promise<void> {
    const repo = this.repository;
    switch (input.kind) {
      case 'public': {
        const record = input.record;
        await repo.insertActivity(manager, record);
        switch (record.event) {
          case 'finding.created': {
            const details = record.details;
            return repo.applyFinding(manager, organizationId, {
              findingId: details.finding_id,
              systemKey: systemKey(record.system_id),
              framework: details.framework,
              assessmentId: details.assessment_id,
              severity: record.severity,
            });
          }
          case 'assessment.complete': {
            const details = record.details;
            return repo.applyAssessmentComplete(manager, organizationId, {
              systemKey: systemKey(record.system_id),
              framework: details.framework,
              assessmentId: details.assessment_id,
              verdict: details.verdict,
              score: details.score,
              assessedAt: record.timestamp,
            });
          }
          case 'system.registered': {
            const details = record.details;
            if (record.system_id === null) return;
            return repo.applySystemRegistered(
              manager,
              organizationId,
              record.system_id,
              details.system_name,
              details.declared,
            );
          }
          case 'probe.disconnected': {
            const details = record.details;
            return repo.applyProbeConnection(manager, organizationId, {
              probeId: details.probe_id,
              probeName: typeof details.probe_name === 'string' ? details.probe_name : null,
              connection: 'disconnected',
              lastSeenAt: details.last_seen_at,
            });
          }
          case 'policy.violated':
          case 'drift.detected':
            // Only in the activity feed; the summary counts them there within their windows.
            return;
        }
        return;
      }
      case 'systems': {
        const record = input.record;
        switch (record.event) {
          case 'system.created':
          case 'system.updated':
            return repo.applySystemSnapshot(manager, organizationId, record.details);
          case 'system.registration_merged':
            return repo.applyRegistrationMerged(
              manager,
              organizationId,
              record.details.requested_system_id,
              record.details.system_id,
            );
        }
        return;
      }
      case 'probes': {
        const record = input.record;
        switch (record.event) {
          case 'probe.registered':
            return repo.applyProbeConnection(manager, organizationId, {
              probeId: record.details.probe_id,
              probeName: typeof record.details.probe_name === 'string' ? record.details.probe_name : null,
              connection: 'connected',
              lastSeenAt: record.details.registered_at,
            });
          case 'probe.connection_changed':
            return repo.applyProbeConnection(manager, organizationId, {
              probeId: record.details.probe_id,
              probeName: null,
              connection: record.details.connection,
              lastSeenAt: record.details.last_seen_at,
            });
          case 'probe.heartbeat':
            return repo.applyProbeHeartbeat(
              manager,
              organizationId,
              record.details.probe_id,
              record.details.received_at,
            );
          case 'system.registration_requested':
            // The systems service answers it with a snapshot; that is what the dashboard projects.
            return;
        }
        return;
      }
      case 'policies':
        return repo.applyPolicySnapshot(manager, organizationId, input.record.details);
    }
  }
}
