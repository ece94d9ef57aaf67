import { createHash } from 'node:crypto';
import {
  type EventPayload,
  newId,
  type PublicEventDetails,
  type PublicEventType,
  type Severity,
} from '@governance/contracts';

/*
 * Invented but well-formed payloads for the test call: every id has its real prefix and every field
 * its real type, so a receiver can exercise the same parsing it uses for live events.
 */
type Sample<T extends PublicEventType> = { severity: Severity; details: () => PublicEventDetails[T] };

const SAMPLES: { [T in PublicEventType]: Sample<T> } = {
  'finding.created': {
    severity: 'HIGH',
    details: () => ({
      finding_id: newId('finding'),
      title: 'Risk management system not documented',
      description: 'The document does not describe a risk management process for the system.',
      control: 'EU_AI_ACT:ART-9.1',
      framework: 'EU_AI_ACT',
      system_name: 'Sample Support Assistant',
      assessment_id: newId('assessment'),
      remediation_id: newId('remediation'),
    }),
  },
  'assessment.complete': {
    severity: 'INFO',
    details: () => ({
      assessment_id: newId('assessment'),
      verdict: 'CONDITIONAL',
      score: 0.72,
      findings_count: 5,
      high_findings: 1,
      medium_findings: 3,
      framework: 'NIST_AI_RMF',
      report_url: 'https://reports.example.com/reports/sample',
    }),
  },
  'policy.violated': {
    severity: 'CRITICAL',
    details: () => ({
      violation_id: newId('violation'),
      policy_id: newId('policy'),
      policy_name: 'Sample PII egress',
      enforcement_mode: 'BLOCK',
      action_taken: 'blocked',
      probe_id: newId('probe'),
      input_hash: `sha256:${createHash('sha256').update('sample input').digest('hex')}`,
      context: 'Sample: an email address was detected in a model response.',
    }),
  },
  'drift.detected': {
    severity: 'MEDIUM',
    details: () => ({
      drift_id: newId('drift'),
      system_name: 'Sample Support Assistant',
      drift_score: 0.18,
      baseline_score: 0.04,
      delta: 0.14,
      detection_layer: 'output',
      description: 'Sample: output length distribution moved away from its baseline.',
      recommended_action: 'Review recent model or prompt changes.',
    }),
  },
  'probe.disconnected': {
    severity: 'HIGH',
    details: () => ({
      probe_id: newId('probe'),
      probe_name: 'sample-probe',
      last_seen_at: new Date(Date.now() - 6 * 60 * 1000).toISOString(),
      silence_duration_seconds: 360,
      environment: 'production',
    }),
  },
  'system.registered': {
    severity: 'INFO',
    details: () => ({
      system_name: 'Sample Support Assistant',
      registration_source: 'api',
      discovery_method: 'manual',
      host: 'sample-host.internal',
      runtime: 'python3.12',
      declared: true,
    }),
  },
};

export function samplePayload<T extends PublicEventType>(event: T, now: Date = new Date()): EventPayload<T> {
  const sample = SAMPLES[event] as Sample<T>;
  return {
    event,
    timestamp: now.toISOString(),
    severity: sample.severity,
    system_id: newId('system'),
    details: sample.details(),
  };
}
