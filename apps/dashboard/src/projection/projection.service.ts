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

/** A public record, whose `event` narrows its `details`. */
type AnyPublicRecord = ProjectedRecord<PublicTopic>['record'];

/** Key of an assessment's subject: its system, or '' when the run was organization-level. */
const systemKey = (systemId: string | null): string => systemId ?? '';

/**
 * The writes one event makes, gathered over a batch: inserts and maxima commute, so they go out as one
 * statement per kind; the rest are applied one by one, in log order.
 */
interface BatchWrites {
  activity: AnyPublicRecord[];
  findings: Parameters<ProjectionRepository['insertFindings']>[1][number][];
  /** Newest assessment id per (organization, system, framework) that findings arrived for. */
  heads: Map<string, HeadKey & { assessmentId: string }>;
  /** Every (organization, system, framework) whose head or findings may have changed. */
  touchedHeads: Map<string, HeadKey>;
  /** Newest heartbeat per (organization, probe). */
  heartbeats: Map<string, ProbeHeartbeat>;
  /** Newest event time per organization. */
  touched: Map<string, string>;
}

const headKey = (head: HeadKey): string => `${head.organizationId}/${head.systemKey}/${head.framework}`;

const newest = (a: string, b: string): string => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * Decides which read-model writes a batch of events makes; the consumer owns the transaction. Every write
 * is order-tolerant (see ProjectionRepository), so the read model does not depend on where the bus cut
 * the batches: a replay from the start ends where live consumption did.
 */
@Injectable()
export class ProjectionService implements Projection<ProjectedTopic> {
  readonly topics = PROJECTED_TOPICS;

  constructor(
    private readonly repository: ProjectionRepository,
    private readonly systems: SystemsReplica,
  ) {}

  async apply(manager: EntityManager, inputs: readonly Input[]): Promise<void> {
    const writes: BatchWrites = {
      activity: [],
      findings: [],
      heads: new Map(),
      touchedHeads: new Map(),
      heartbeats: new Map(),
      touched: new Map(),
    };
    for (const input of inputs) {
      const organizationId = input.record.organization_id;
      const at = input.record.timestamp;
      const seen = writes.touched.get(organizationId);
      writes.touched.set(organizationId, seen ? newest(seen, at) : at);
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
          const current = writes.heartbeats.get(key);
          writes.heartbeats.set(key, {
            organizationId,
            probeId,
            receivedAt: current ? newest(current.receivedAt, receivedAt) : receivedAt,
          });
          return;
        }
        case 'system.registration_requested':
          // The systems service answers it with a snapshot; that is what the dashboard projects.
          return;
      }
      return;
    }
    // The rest are the public topics.
    const record = input.record;
    writes.activity.push(record);
    switch (record.event) {
      case 'finding.created': {
        const details = record.details;
        const head = {
          organizationId,
          systemKey: systemKey(record.system_id),
          framework: details.framework,
          assessmentId: details.assessment_id,
        };
        writes.findings.push({ ...head, findingId: details.finding_id, severity: record.severity });
        const key = headKey(head);
        const current = writes.heads.get(key);
        if (!current || current.assessmentId < head.assessmentId) writes.heads.set(key, head);
        writes.touchedHeads.set(key, head);
        return;
      }
      case 'assessment.complete': {
        const details = record.details;
        const head = {
          organizationId,
          systemKey: systemKey(record.system_id),
          framework: details.framework,
        };
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
      case 'probe.disconnected': {
        const details = record.details;
        return repo.applyProbeConnection(manager, organizationId, {
          probeId: details.probe_id,
          probeName: details.probe_name,
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
}
