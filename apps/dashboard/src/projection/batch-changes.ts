import {
  INTERNAL_TOPICS,
  type PolicySnapshot,
  type ProbeConnection,
  type PublicEventRecord,
  publicTopicFor,
} from '@governance/contracts';
import { type ProjectedRecord } from '@governance/messaging';
import { type SystemsReplicaTopic } from '@governance/replicas';
import { type ProjectedTopic } from './projection.service';

/** A (system, framework) of one organization: what an assessment head is kept for. */
export interface HeadKey {
  organizationId: string;
  systemKey: string;
  framework: string;
}

export interface CompletedAssessment {
  assessmentId: string;
  verdict: string;
  score: number;
  assessedAt: string;
}

/** What a batch does to one head: the newest assessment id it saw, and its newest completed assessment. */
export interface HeadChange extends HeadKey {
  headAssessmentId: string;
  completed: CompletedAssessment | null;
}

export interface FindingRow extends HeadKey {
  findingId: string;
  assessmentId: string;
  severity: string;
}

export interface ProbeConnectionChange {
  /** The last name the batch gave the probe; null keeps the one held. */
  probeName: string | null;
  /** The probe's system, when the event names one; null keeps the one held. */
  systemId: string | null;
  connection: ProbeConnection;
  lastSeenAt: string;
}

/** What a batch does to one probe: its connection (if it changed) and its newest heartbeat (if any). */
export interface ProbeChange {
  organizationId: string;
  probeId: string;
  connection: ProbeConnectionChange | null;
  heartbeatAt: string | null;
}

export interface PolicyChange {
  organizationId: string;
  policy: PolicySnapshot;
  /** The policy's status, or `deleted` once it is deleted: it then counts nowhere, but keeps its name. */
  status: PolicySnapshot['status'] | 'deleted';
}

/**
 * A batch of events folded into one change per read-model row, so each table takes one set-based write
 * per batch. Applied with the SQL rules of the single events (newest by the event's own clock, the
 * highest version, the greatest id), a folded change leaves every row as the events one by one would.
 */
export interface BatchChanges {
  /** Every public record, in log order: the activity feed. */
  activity: PublicEventRecord[];
  findings: FindingRow[];
  /** Keyed by `headKey`; every head whose findings or verdict may have changed, to recount. */
  heads: Map<string, HeadChange>;
  /** Keyed by organization and probe id. */
  probes: Map<string, ProbeChange>;
  /** Keyed by organization and policy id. */
  policies: Map<string, PolicyChange>;
  /** The systems replica's records, in log order (it applies them itself). */
  systems: Array<ProjectedRecord<SystemsReplicaTopic>>;
  /** Newest event time per organization: the organizations the batch touched. */
  organizations: Map<string, string>;
}

export const headKey = (head: HeadKey): string =>
  `${head.organizationId}/${head.systemKey}/${head.framework}`;

/** The later of a time held (if any) and the next one. */
export const newest = (held: string | null | undefined, next: string): string =>
  held != null && Date.parse(held) >= Date.parse(next) ? held : next;

/** Folds a batch, in log order, into its read-model changes. */
export function foldBatch(inputs: ReadonlyArray<ProjectedRecord<ProjectedTopic>>): BatchChanges {
  const changes: BatchChanges = {
    activity: [],
    findings: [],
    heads: new Map(),
    probes: new Map(),
    policies: new Map(),
    systems: [],
    organizations: new Map(),
  };
  for (const input of inputs) {
    const { organization_id: organizationId, timestamp } = input.record;
    changes.organizations.set(organizationId, newest(changes.organizations.get(organizationId), timestamp));
    foldRecord(changes, organizationId, input);
  }
  return changes;
}

function foldRecord(
  changes: BatchChanges,
  organizationId: string,
  input: ProjectedRecord<ProjectedTopic>,
): void {
  if (input.topic === INTERNAL_TOPICS.systems) {
    changes.systems.push(input);
    return;
  }
  if (input.topic === INTERNAL_TOPICS.policies) {
    const record = input.record;
    foldPolicy(changes, organizationId, record.details, record.event === 'policy.deleted');
    return;
  }
  if (input.topic === INTERNAL_TOPICS.probes) {
    const record = input.record;
    switch (record.event) {
      case 'probe.registered':
        return foldProbeConnection(changes, organizationId, record.details.probe_id, {
          probeName: record.details.probe_name,
          systemId: record.details.system_id,
          connection: 'connected',
          lastSeenAt: record.details.registered_at,
        });
      case 'probe.connection_changed':
        return foldProbeConnection(changes, organizationId, record.details.probe_id, {
          probeName: null,
          systemId: record.details.system_id || null,
          connection: record.details.connection,
          lastSeenAt: record.details.last_seen_at,
        });
      case 'probe.heartbeat': {
        const probe = probeChange(changes, organizationId, record.details.probe_id);
        probe.heartbeatAt = newest(probe.heartbeatAt, record.details.received_at);
        return;
      }
      case 'system.registration_requested':
        // The systems service answers it with a snapshot; that is what the dashboard projects.
        return;
    }
  }
  // The rest are the public topics.
  const record = input.record;
  changes.activity.push(record);
  switch (record.event) {
    case 'finding.created': {
      const { framework, assessment_id: assessmentId, finding_id: findingId } = record.details;
      const key = { organizationId, systemKey: systemKey(record.system_id), framework };
      changes.findings.push({ ...key, findingId, assessmentId, severity: record.severity });
      headChange(changes, key, assessmentId);
      return;
    }
    case 'assessment.complete': {
      const { details } = record;
      const key = { organizationId, systemKey: systemKey(record.system_id), framework: details.framework };
      const head = headChange(changes, key, details.assessment_id);
      // A completion replaces the one held only when its assessment is newer (the first of equals stays).
      if (!head.completed || head.completed.assessmentId < details.assessment_id)
        head.completed = {
          assessmentId: details.assessment_id,
          verdict: details.verdict,
          score: details.score,
          assessedAt: record.timestamp,
        };
      return;
    }
    case 'system.registered':
      changes.systems.push({ topic: publicTopicFor(record.event), record });
      return;
    case 'probe.disconnected':
      return foldProbeConnection(changes, organizationId, record.details.probe_id, {
        probeName: record.details.probe_name,
        systemId: record.system_id,
        connection: 'disconnected',
        lastSeenAt: record.details.last_seen_at,
      });
    case 'policy.violated':
    case 'drift.detected':
      // Only in the activity feed; the summary counts them there within their windows.
      return;
  }
}

/** The head of `key`, moved to `assessmentId` when that is newer: ids sort by creation ("C" order). */
function headChange(changes: BatchChanges, key: HeadKey, assessmentId: string): HeadChange {
  const id = headKey(key);
  let head = changes.heads.get(id);
  if (!head) {
    head = { ...key, headAssessmentId: assessmentId, completed: null };
    changes.heads.set(id, head);
  } else if (head.headAssessmentId < assessmentId) head.headAssessmentId = assessmentId;
  return head;
}

function probeChange(changes: BatchChanges, organizationId: string, probeId: string): ProbeChange {
  const id = `${organizationId}/${probeId}`;
  let probe = changes.probes.get(id);
  if (!probe) {
    probe = { organizationId, probeId, connection: null, heartbeatAt: null };
    changes.probes.set(id, probe);
  }
  return probe;
}

/**
 * One event's rule: a name replaces the one held unless null; the connection is the event's unless the
 * probe was seen later than the event says. Folded, the connection is that of the last event seen at
 * the batch's latest instant, which the same rule then sets against the row.
 */
function foldProbeConnection(
  changes: BatchChanges,
  organizationId: string,
  probeId: string,
  next: ProbeConnectionChange,
): void {
  const probe = probeChange(changes, organizationId, probeId);
  const held = probe.connection;
  if (!held) {
    probe.connection = { ...next };
    return;
  }
  const later = Date.parse(held.lastSeenAt) <= Date.parse(next.lastSeenAt);
  probe.connection = {
    probeName: next.probeName ?? held.probeName,
    systemId: next.systemId ?? held.systemId,
    connection: later ? next.connection : held.connection,
    lastSeenAt: later ? next.lastSeenAt : held.lastSeenAt,
  };
}

/** A snapshot replaces the one held unless its version is lower (the last of equals wins). */
function foldPolicy(
  changes: BatchChanges,
  organizationId: string,
  policy: PolicySnapshot,
  deleted: boolean,
): void {
  const id = `${organizationId}/${policy.policy_id}`;
  const held = changes.policies.get(id);
  if (!held || held.policy.version <= policy.version)
    changes.policies.set(id, { organizationId, policy, status: deleted ? 'deleted' : policy.status });
}

/** Key of an assessment's subject: its system, or '' when the run was organization-level. */
function systemKey(systemId: string | null): string {
  return systemId ?? '';
}
