import {
  newId,
  newUuidV7,
  type PublicEventDetails,
  type PublicEventType,
  RISK_TIERS,
  type Severity,
} from '@governance/contracts';
import { FRAMEWORK_KEYS } from '@governance/frameworks';
import {
  type OutboxMessage,
  policyEventMessage,
  probeEventMessage,
  publicEventMessage,
  systemsEventMessage,
} from '@governance/messaging';

/*
 * The event history of one big organization, as its services would have written it over `days`: every
 * system created and announced, its probes registered, policies created, each system assessed against
 * every framework with a handful of findings, and then the runtime stream (heartbeats, violations, drift,
 * disconnections) filling the rest. Timestamps rise through the history, so ids minted from them sort as
 * the services' own would.
 */

export interface HistoryShape {
  organizationId: string;
  systems: number;
  /** Events in all, inventory and assessments included. */
  events: number;
  days: number;
}

const PROBES_PER_SYSTEM = 0.2;
const POLICIES = 50;
const FINDINGS_PER_ASSESSMENT = 6;

/** Yields the history in chunks of at most `chunkSize` messages, in log order. */
export function* organizationHistory(shape: HistoryShape, chunkSize: number): Generator<OutboxMessage[]> {
  // A system's creation and its announcement share an instant; every other event has its own.
  const clock = historyClock(shape.days, Math.max(1, shape.events - shape.systems));
  const systems = Array.from({ length: shape.systems }, (_, i) => ({
    id: newId('system', clock.peek()),
    name: `System ${i}`,
    riskTier: RISK_TIERS[i % RISK_TIERS.length]!,
  }));
  const probes = Array.from(
    { length: Math.max(1, Math.round(shape.systems * PROBES_PER_SYSTEM)) },
    (_, i) => ({
      id: newId('probe', clock.peek()),
      name: `probe-${i}`,
      systemId: systems[i % systems.length]!.id,
    }),
  );
  const policies = Array.from({ length: POLICIES }, (_, i) => ({
    id: newId('policy', clock.peek()),
    name: `Policy ${i}`,
    mode: i % 3 === 0 ? ('BLOCK' as const) : ('WARN' as const),
  }));

  let chunk: OutboxMessage[] = [];
  let written = 0;
  function* emit(message: OutboxMessage): Generator<OutboxMessage[]> {
    chunk.push(message);
    written += 1;
    if (chunk.length >= chunkSize) {
      yield chunk;
      chunk = [];
    }
  }
  const org = shape.organizationId;

  for (const system of systems) {
    const at = clock.next();
    const snapshot = {
      system_id: system.id,
      name: system.name,
      description: null,
      owner: 'ml-platform',
      vendor: null,
      model: null,
      risk_tier: system.riskTier,
      environment: 'production',
      host: null,
      runtime: null,
      tags: [],
      declared: true,
      registration_source: 'api' as const,
      discovery_method: 'manual' as const,
      status: 'active' as const,
      created_at: at,
      updated_at: at,
    };
    yield* emit(systemsEventMessage(internal(org, 'system.created', snapshot, at)));
    yield* emit(
      publicMessage(org, 'system.registered', at, 'INFO', system.id, {
        system_name: system.name,
        registration_source: 'api',
        discovery_method: 'manual',
        host: '',
        runtime: '',
        declared: true,
      }),
    );
  }
  for (const probe of probes) {
    const at = clock.next();
    yield* emit(
      probeEventMessage(
        internal(
          org,
          'probe.registered',
          {
            probe_id: probe.id,
            probe_name: probe.name,
            system_id: probe.systemId,
            host: `${probe.name}.internal`,
            runtime: 'python',
            environment: 'production',
            version: '1.4.0',
            registered_at: at,
          },
          at,
        ),
      ),
    );
  }
  for (const policy of policies) {
    const at = clock.next();
    yield* emit(
      policyEventMessage(
        internal(
          org,
          'policy.created',
          {
            policy_id: policy.id,
            name: policy.name,
            description: null,
            enforcement_mode: policy.mode,
            status: 'active',
            severity: 'HIGH',
            rules: { field: 'labels.pii', op: 'eq', value: 'true' },
            scope: { all_systems: true },
            framework: null,
            control: null,
            version: 1,
            created_at: at,
            updated_at: at,
          },
          at,
        ),
      ),
    );
  }
  for (const system of systems) {
    for (const framework of FRAMEWORK_KEYS) {
      const assessmentId = newId('assessment', clock.peek());
      for (let f = 0; f < FINDINGS_PER_ASSESSMENT; f++) {
        const at = clock.next();
        yield* emit(
          publicMessage(org, 'finding.created', at, f % 3 === 0 ? 'HIGH' : 'MEDIUM', system.id, {
            finding_id: newId('finding', Date.parse(at)),
            title: `Control ${f} is not evidenced`,
            description: 'The document does not describe how this control is met.',
            control: `${framework}:C-${f}`,
            framework,
            system_name: system.name,
            assessment_id: assessmentId,
            remediation_id: newId('remediation', Date.parse(at)),
          }),
        );
      }
      const at = clock.next();
      yield* emit(
        publicMessage(org, 'assessment.complete', at, 'INFO', system.id, {
          assessment_id: assessmentId,
          verdict: 'conditional',
          score: 0.72,
          findings_count: FINDINGS_PER_ASSESSMENT,
          high_findings: FINDINGS_PER_ASSESSMENT / 3,
          medium_findings: (FINDINGS_PER_ASSESSMENT * 2) / 3,
          framework,
          report_url: `http://localhost:8080/api/service/reports/assessments/${assessmentId}`,
        }),
      );
    }
  }
  // The runtime stream: mostly heartbeats, then violations, drift and the odd disconnection.
  for (let i = 0; written < shape.events; i++) {
    const at = clock.next();
    const probe = probes[i % probes.length]!;
    const kind = i % 20;
    if (kind < 10) {
      yield* emit(
        probeEventMessage(
          internal(
            org,
            'probe.heartbeat',
            {
              probe_id: probe.id,
              system_id: probe.systemId,
              status: 'healthy' as const,
              version: '1.4.0',
              uptime_seconds: i,
              queue_depth: 0,
              received_at: at,
            },
            at,
          ),
        ),
      );
    } else if (kind < 18) {
      const policy = policies[i % policies.length]!;
      yield* emit(
        publicMessage(
          org,
          'policy.violated',
          at,
          policy.mode === 'BLOCK' ? 'CRITICAL' : 'HIGH',
          probe.systemId,
          {
            violation_id: newId('violation', Date.parse(at)),
            policy_id: policy.id,
            policy_name: policy.name,
            enforcement_mode: policy.mode,
            action_taken: policy.mode === 'BLOCK' ? 'blocked' : 'warned',
            probe_id: probe.id,
            input_hash: `sha256:${'0'.repeat(64)}`,
            context: 'labels.pii eq "true"',
          },
        ),
      );
    } else if (kind < 19) {
      yield* emit(
        publicMessage(org, 'drift.detected', at, 'MEDIUM', probe.systemId, {
          drift_id: newId('drift', Date.parse(at)),
          system_name: 'System',
          drift_score: 0.18,
          baseline_score: 0.02,
          delta: 0.16,
          detection_layer: 'output',
          description: 'Output confidence moved away from its baseline.',
          recommended_action: 'Review recent model and prompt changes.',
        }),
      );
    } else {
      yield* emit(
        publicMessage(org, 'probe.disconnected', at, 'HIGH', probe.systemId, {
          probe_id: probe.id,
          probe_name: probe.name,
          last_seen_at: at,
          silence_duration_seconds: 301,
          environment: 'production',
        }),
      );
    }
  }
  if (chunk.length > 0) yield chunk;
}

/** `ticks` evenly spaced instants from `days` ago up to now. */
function historyClock(days: number, ticks: number): { next(): string; peek(): number } {
  const end = Date.now();
  const step = (days * 86_400_000) / ticks;
  let at = end - days * 86_400_000;
  return {
    next: () => {
      at += step;
      return new Date(Math.min(at, end)).toISOString();
    },
    peek: () => at,
  };
}

function internal<E extends string, D>(
  organizationId: string,
  event: E,
  details: D,
  timestamp: string,
): { id: string; organization_id: string; event: E; timestamp: string; details: D } {
  return { id: newUuidV7(Date.parse(timestamp)), organization_id: organizationId, event, timestamp, details };
}

function publicMessage<T extends PublicEventType>(
  organizationId: string,
  event: T,
  timestamp: string,
  severity: Severity,
  systemId: string,
  details: PublicEventDetails[T],
): OutboxMessage {
  return publicEventMessage({
    id: newUuidV7(Date.parse(timestamp)),
    organization_id: organizationId,
    event,
    timestamp,
    severity,
    system_id: systemId,
    details,
  });
}
