import { type ActivityEntry, describeDuration, summarizeActivity } from './activity-summary';

function entry(
  event: ActivityEntry['event'],
  details: Record<string, unknown>,
  severity = 'INFO',
): ActivityEntry {
  return { event, severity, system_id: 'sys_01J0000000000000000000000A', details };
}

describe('summarizeActivity', () => {
  it('describes a blocking policy violation with the system name', () => {
    const text = summarizeActivity(
      entry('policy.violated', { policy_name: 'PII egress', action_taken: 'blocked' }, 'HIGH'),
      'Support Bot',
    );
    expect(text).toBe("Policy 'PII egress' blocked a request on Support Bot");
  });

  it('describes drift with layer, score and severity', () => {
    const text = summarizeActivity(
      entry('drift.detected', { detection_layer: 'output', drift_score: 0.314, system_name: 'Old' }, 'HIGH'),
      'Support Bot',
    );
    expect(text).toBe('Support Bot drifted on the output layer (PSI 0.31, HIGH)');
  });

  it('describes a probe disconnection with its silence', () => {
    const text = summarizeActivity(
      entry('probe.disconnected', { probe_name: 'edge-1', silence_duration_seconds: 361 }, 'HIGH'),
      null,
    );
    expect(text).toBe('Probe edge-1 disconnected after 6 minutes of silence');
  });

  it('describes an assessment with its verdict and score', () => {
    const text = summarizeActivity(
      entry('assessment.complete', { framework: 'NIST_AI_RMF', verdict: 'fail', score: 0.37 }),
      'Support Bot',
    );
    expect(text).toBe('Assessment of Support Bot against NIST_AI_RMF: fail (score 0.37)');
  });

  it('falls back to the name the event carried, then the system id', () => {
    expect(
      summarizeActivity(
        entry(
          'finding.created',
          { title: 'No risk register', control: 'EU_AI_ACT:9', system_name: 'Bot' },
          'HIGH',
        ),
        null,
      ),
    ).toBe('HIGH finding on Bot: No risk register (EU_AI_ACT:9)');
    expect(
      summarizeActivity(entry('policy.violated', { policy_name: 'P', action_taken: 'warned' }), null),
    ).toBe("Policy 'P' warned on a request on sys_01J0000000000000000000000A");
  });

  it('tells shadow discoveries from declared registrations', () => {
    expect(
      summarizeActivity(
        entry('system.registered', { declared: false, registration_source: 'shadow_ai_discovery' }),
        'gpt-caller',
      ),
    ).toBe('Shadow AI system gpt-caller discovered (shadow_ai_discovery)');
    expect(
      summarizeActivity(entry('system.registered', { declared: true, registration_source: 'api' }), 'Bot'),
    ).toBe('System Bot registered via api');
  });

  it('never prints undefined for missing details', () => {
    for (const event of [
      'finding.created',
      'assessment.complete',
      'policy.violated',
      'drift.detected',
      'probe.disconnected',
      'system.registered',
    ] as const) {
      expect(summarizeActivity({ event, severity: 'INFO', system_id: null, details: {} }, null)).not.toMatch(
        /undefined|NaN/,
      );
    }
  });

  it('formats durations', () => {
    expect(describeDuration(45)).toBe('45 seconds');
    expect(describeDuration(60)).toBe('1 minute');
    expect(describeDuration(600)).toBe('10 minutes');
  });
});
