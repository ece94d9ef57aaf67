import { INTERNAL_TOPICS, publicTopicFor } from '@governance/contracts';
import { type ProjectedRecord } from '@governance/messaging';
import { type BatchChanges, foldBatch, type ProbeConnectionChange } from './batch-changes';
import { type ProjectedTopic } from './projection.service';

type Input = ProjectedRecord<ProjectedTopic>;

const ORG = 'org_01J0000000000000000000000A';
const OTHER_ORG = 'org_01J0000000000000000000000B';
const SYSTEM = 'sys_01J0000000000000000000000A';
const PROBE = 'prb_01J0000000000000000000000A';
const at = (second: number): string => new Date(Date.UTC(2026, 0, 1, 0, 0, second)).toISOString();

let sequence = 0;
function record(topic: string, event: string, details: object, extra: object = {}): Input {
  sequence += 1;
  return {
    topic,
    record: { id: `evt-${sequence}`, organization_id: ORG, event, timestamp: at(0), details, ...extra },
  } as unknown as Input;
}
const probeRecord = (event: string, details: object, extra?: object) =>
  record(INTERNAL_TOPICS.probes, event, { probe_id: PROBE, system_id: SYSTEM, ...details }, extra);
const publicRecord = (event: string, details: object, extra: object = {}) =>
  record(publicTopicFor(event as 'finding.created'), event, details, {
    severity: 'INFO',
    system_id: SYSTEM,
    ...extra,
  });
const registered = (second: number, name: string) =>
  probeRecord('probe.registered', { probe_name: name, host: 'h', registered_at: at(second) });
const connectionChanged = (second: number, connection: 'connected' | 'disconnected') =>
  probeRecord('probe.connection_changed', { connection, last_seen_at: at(second) });
const disconnected = (second: number, name: string) =>
  publicRecord('probe.disconnected', { probe_id: PROBE, probe_name: name, last_seen_at: at(second) });
const heartbeat = (second: number) => probeRecord('probe.heartbeat', { received_at: at(second) });
const finding = (assessmentId: string, severity = 'HIGH', framework = 'EU_AI_ACT') =>
  publicRecord(
    'finding.created',
    { finding_id: `fnd-${sequence}`, framework, assessment_id: assessmentId },
    { severity },
  );
const completed = (assessmentId: string, verdict: string, second = 0, framework = 'EU_AI_ACT') =>
  publicRecord(
    'assessment.complete',
    { assessment_id: assessmentId, framework, verdict, score: 0.5 },
    { timestamp: at(second) },
  );
const policy = (version: number, name: string, event = 'policy.updated') =>
  record(INTERNAL_TOPICS.policies, event, {
    policy_id: 'pol-1',
    name,
    status: 'active',
    enforcement_mode: 'WARN',
    version,
  });

/** The probes row a connection event leaves, by the repository's rule for one event. */
type ProbeRow = ProbeConnectionChange | undefined;
function applyConnection(row: ProbeRow, change: ProbeConnectionChange): ProbeRow {
  if (!row) return { ...change };
  const later = Date.parse(row.lastSeenAt) <= Date.parse(change.lastSeenAt);
  return {
    probeName: change.probeName ?? row.probeName,
    systemId: change.systemId ?? row.systemId,
    connection: later ? change.connection : row.connection,
    lastSeenAt: later ? change.lastSeenAt : row.lastSeenAt,
  };
}

const onlyProbe = (changes: BatchChanges) => changes.probes.get(`${ORG}/${PROBE}`);

describe('foldBatch', () => {
  it('keeps the connection of the probe seen last, the last name given, and the newest heartbeat', () => {
    const changes = foldBatch([
      registered(1, 'edge-1'),
      heartbeat(5),
      disconnected(3, 'edge-renamed'),
      connectionChanged(2, 'connected'),
      heartbeat(4),
    ]);

    expect(onlyProbe(changes)).toEqual({
      organizationId: ORG,
      probeId: PROBE,
      connection: {
        probeName: 'edge-renamed',
        systemId: SYSTEM,
        connection: 'disconnected',
        lastSeenAt: at(3),
      },
      heartbeatAt: at(5),
    });
  });

  it('lets the later of two connection events at the same instant win', () => {
    const changes = foldBatch([disconnected(2, 'edge-1'), connectionChanged(2, 'connected')]);

    expect(onlyProbe(changes)?.connection).toEqual({
      probeName: 'edge-1',
      systemId: SYSTEM,
      connection: 'connected',
      lastSeenAt: at(2),
    });
  });

  it('leaves the connection alone for a probe that only sent heartbeats', () => {
    const changes = foldBatch([heartbeat(3), heartbeat(2)]);

    expect(onlyProbe(changes)).toEqual({
      organizationId: ORG,
      probeId: PROBE,
      connection: null,
      heartbeatAt: at(3),
    });
  });

  it('gives any row what the events one by one would, whatever their order', () => {
    let seed = 7;
    const random = (below: number): number => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % below;
    };
    const held: ProbeRow[] = [
      undefined,
      { probeName: 'held', systemId: null, connection: 'connected', lastSeenAt: at(0) },
      { probeName: 'held', systemId: 'sys-held', connection: 'disconnected', lastSeenAt: at(4) },
      { probeName: null, systemId: null, connection: 'connected', lastSeenAt: at(9) },
    ];
    for (let trial = 0; trial < 200; trial++) {
      const events = Array.from({ length: 1 + random(6) }, () => {
        const second = random(8);
        const kind = random(3);
        if (kind === 0) return registered(second, `name-${second}`);
        if (kind === 1) return disconnected(second, `gone-${second}`);
        return connectionChanged(second, random(2) === 0 ? 'connected' : 'disconnected');
      });
      const changes = foldBatch(events);
      const folded = onlyProbe(changes)!.connection!;
      const single = events.map((event) => onlyProbe(foldBatch([event]))!.connection!);
      const oneByOne = (row: ProbeRow): ProbeRow => single.reduce(applyConnection, row);
      for (const row of held) expect(applyConnection(row, folded)).toEqual(oneByOne(row));
    }
  });

  it('moves each head to its newest assessment and keeps the first completion of the newest one', () => {
    const changes = foldBatch([
      finding('asm-2'),
      completed('asm-1', 'fail', 1),
      finding('asm-1', 'MEDIUM'),
      completed('asm-2', 'pass', 2),
      completed('asm-2', 'conditional', 3),
      finding('asm-3', 'HIGH', 'ISO_42001'),
    ]);

    expect([...changes.heads.values()]).toEqual([
      {
        organizationId: ORG,
        systemKey: SYSTEM,
        framework: 'EU_AI_ACT',
        headAssessmentId: 'asm-2',
        completed: { assessmentId: 'asm-2', verdict: 'pass', score: 0.5, assessedAt: at(2) },
      },
      {
        organizationId: ORG,
        systemKey: SYSTEM,
        framework: 'ISO_42001',
        headAssessmentId: 'asm-3',
        completed: null,
      },
    ]);
    expect(changes.findings.map((row) => [row.assessmentId, row.severity, row.framework])).toEqual([
      ['asm-2', 'HIGH', 'EU_AI_ACT'],
      ['asm-1', 'MEDIUM', 'EU_AI_ACT'],
      ['asm-3', 'HIGH', 'ISO_42001'],
    ]);
  });

  it('keys an organization-level assessment by an empty system key', () => {
    const changes = foldBatch([
      publicRecord(
        'finding.created',
        { framework: 'EU_AI_ACT', finding_id: 'f', assessment_id: 'a' },
        { system_id: null },
      ),
    ]);

    expect([...changes.heads.values()][0]?.systemKey).toBe('');
  });

  it('keeps the last snapshot of the highest version of each policy', () => {
    const changes = foldBatch([policy(2, 'second'), policy(1, 'first, late'), policy(2, 'second, again')]);

    expect([...changes.policies.values()].map((change) => change.policy.name)).toEqual(['second, again']);
  });

  it('folds a deleted policy to a tombstone that no late snapshot of a lower version replaces', () => {
    const changes = foldBatch([policy(1, 'first'), policy(2, 'gone', 'policy.deleted'), policy(1, 'late')]);

    expect([...changes.policies.values()].map((change) => [change.policy.name, change.status])).toEqual([
      ['gone', 'deleted'],
    ]);
  });

  it('feeds every public record to the activity feed and every systems record to the replica, in log order', () => {
    const snapshot = record(INTERNAL_TOPICS.systems, 'system.created', { system_id: SYSTEM });
    const announcement = publicRecord('system.registered', { system_name: 'Bot', declared: true });
    const violation = publicRecord('policy.violated', { policy_id: 'pol-1' });
    const changes = foldBatch([snapshot, heartbeat(1), announcement, violation]);

    expect(changes.systems).toEqual([snapshot, { topic: announcement.topic, record: announcement.record }]);
    expect(changes.activity).toEqual([announcement.record, violation.record]);
  });

  it('answers each organization touched with its newest event time', () => {
    const early = { ...heartbeat(1), record: { ...heartbeat(1).record, timestamp: at(5) } } as Input;
    const late = { ...heartbeat(1), record: { ...heartbeat(1).record, timestamp: at(9) } } as Input;
    const other = {
      ...heartbeat(1),
      record: { ...heartbeat(1).record, organization_id: OTHER_ORG, timestamp: at(2) },
    } as Input;

    expect(foldBatch([late, other, early]).organizations).toEqual(
      new Map([
        [ORG, at(9)],
        [OTHER_ORG, at(2)],
      ]),
    );
  });
});
