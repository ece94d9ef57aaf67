import { Injectable } from '@nestjs/common';
import { INTERNAL_TOPICS, PUBLIC_TOPICS, type PublicTopic, publicTopicFor } from '@governance/contracts';
import { type ProjectedRecord, type Projection } from '@governance/messaging';
import { SystemsReplica } from '@governance/replicas';
import { type EntityManager } from 'typeorm';
import { type HeadKey, type ProbeHeartbeat, ProjectionRepository } from './projection.repository';

/** Every topic the read model is built from. */
export const PROJECTED_TOPICS = [
  ...PUBLIC_TOPICS,
  INTERNAL_TOPICS.systems,
  INTERNAL_TOPICS.probes,
  INTERNAL_TOPICS.policies,
] as const;

export type ProjectedTopic = (typeof PROJECTED_TOPICS)[number];

type Input = ProjectedRecord<ProjectedTopic>;

/**
 * The writes of a batch that commute (inserts, maxima), gathered to go out as one statement per kind; the
 * rest are applied one by one, in log order.
 */
class BatchWrites {
  readonly activity: Array<ProjectedRecord<PublicTopic>['record']> = [];
  readonly findings: Parameters<ProjectionRepository['insertFindings']>[1][number][] = [];
  /** Newest assessment id per (organization, system, framework) that findings arrived for. */
  readonly heads = new Map<string, HeadKey & { assessmentId: string }>();
  /** Every (organization, system, framework) whose head or findings may have changed. */
  readonly touchedHeads = new Map<string, HeadKey>();
  /** Newest heartbeat per (organization, probe). */
  readonly heartbeats = new Map<string, ProbeHeartbeat>();
  /** Newest event time per organization. */
  readonly touched = new Map<string, string>();
}

const headKey = (head: HeadKey): string => `${head.organizationId}/${head.systemKey}/${head.framework}`;

/** The later of a time held (if any) and the next one. */
const newest = (held: string | undefined, next: string): string =>
  held !== undefined && Date.parse(held) >= Date.parse(next) ? held : next;

/**
 * Decides which read-model writes a batch of events makes; the consumer owns the transaction. Every write
 * is order-tolerant, so a replay from the start ends where live consumption did, however it is batched.
 */
@Injectable()
export class ProjectionService implements Projection<ProjectedTopic, string[]> {
  readonly topics = PROJECTED_TOPICS;

  constructor(
    private readonly repository: ProjectionRepository,
    private readonly systems: SystemsReplica,
  ) {}

  /** Applies a batch; answers the organizations it touched, whose consoles hear of it once committed. */
  async apply(manager: EntityManager, inputs: readonly Input[]): Promise<string[]> {
    const writes = new BatchWrites();
    for (const input of inputs) {
      const { organization_id: organizationId, timestamp } = input.record;
      writes.touched.set(organizationId, newest(writes.touched.get(organizationId), timestamp));
      await this.applyRecord(manager, organizationId, input, writes);
    }
    const repo = this.repository;
    await repo.insertActivity(manager, writes.activity);
    await repo.insertFindings(manager, writes.findings);
    await repo.advanceAssessmentHeads(manager, [...writes.heads.values()]);
    await repo.recountOpenFindings(manager, [...writes.touchedHeads.values()]);
    await repo.applyProbeHeartbeats(manager, [...writes.heartbeats.values()]);
    for (const [organizationId, at] of writes.touched)
      await repo.touchOrganization(manager, organizationId, at);
    return [...writes.touched.keys()];
  }

  private async applyRecord(
    manager: EntityManager,
    organizationId: string,
    input: Input,
    writes: BatchWrites,
  ): Promise<void> {
    const repo = this.repository;
    if (input.topic === INTERNAL_TOPICS.systems) return this.systems.apply(manager, [input]);
    if (input.topic === INTERNAL_TOPICS.policies)
      return repo.applyPolicySnapshot(manager, organizationId, input.record.details);
    if (input.topic === INTERNAL_TOPICS.probes) {
      const record = input.record;
      switch (record.event) {
        case 'probe.registered':
          return repo.applyProbeConnection(manager, organizationId, {
            probeId: record.details.probe_id,
            probeName: record.details.probe_name,
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
        case 'probe.heartbeat': {
          const { probe_id: probeId, received_at: receivedAt } = record.details;
          const key = `${organizationId}/${probeId}`;
          const at = newest(writes.heartbeats.get(key)?.receivedAt, receivedAt);
          writes.heartbeats.set(key, { organizationId, probeId, receivedAt: at });
          return;
        }
        case 'system.registration_requested':
          // The systems service answers it with a snapshot; that is what the dashboard projects.
          return;
      }
    }
    // The rest are the public topics.
    const record = input.record;
    writes.activity.push(record);
    switch (record.event) {
      case 'finding.created': {
        const { framework, assessment_id: assessmentId, finding_id: findingId } = record.details;
        const head = { organizationId, systemKey: systemKey(record.system_id), framework, assessmentId };
        writes.findings.push({ ...head, findingId, severity: record.severity });
        const key = headKey(head);
        const current = writes.heads.get(key);
        if (!current || current.assessmentId < assessmentId) writes.heads.set(key, head);
        writes.touchedHeads.set(key, head);
        return;
      }
      case 'assessment.complete': {
        const { details } = record;
        const head = { organizationId, systemKey: systemKey(record.system_id), framework: details.framework };
        writes.touchedHeads.set(headKey(head), head);
        return repo.applyAssessmentComplete(manager, {
          ...head,
          assessmentId: details.assessment_id,
          verdict: details.verdict,
          score: details.score,
          assessedAt: record.timestamp,
        });
      }
      case 'system.registered':
        return this.systems.apply(manager, [{ topic: publicTopicFor(record.event), record }]);
      case 'probe.disconnected':
        return repo.applyProbeConnection(manager, organizationId, {
          probeId: record.details.probe_id,
          probeName: record.details.probe_name,
          connection: 'disconnected',
          lastSeenAt: record.details.last_seen_at,
        });
      case 'policy.violated':
      case 'drift.detected':
        // Only in the activity feed; the summary counts them there within their windows.
        return;
    }
  }
}

/** Key of an assessment's subject: its system, or '' when the run was organization-level. */
function systemKey(systemId: string | null): string {
  return systemId ?? '';
}
