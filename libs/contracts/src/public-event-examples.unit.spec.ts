import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eventPayloadSchema } from './event-schemas';
import { PUBLIC_EVENT_EXAMPLES } from './public-event-examples';
import { PUBLIC_EVENT_TYPES } from './public-events';

/** The details fields of each event type, in the order of the spec's tables (governance-service-interface.md). */
const SPEC_DETAILS = {
  'finding.created': [
    'finding_id',
    'title',
    'description',
    'control',
    'framework',
    'system_name',
    'assessment_id',
    'remediation_id',
  ],
  'assessment.complete': [
    'assessment_id',
    'verdict',
    'score',
    'findings_count',
    'high_findings',
    'medium_findings',
    'framework',
    'report_url',
  ],
  'policy.violated': [
    'violation_id',
    'policy_id',
    'policy_name',
    'enforcement_mode',
    'action_taken',
    'probe_id',
    'input_hash',
    'context',
  ],
  'drift.detected': [
    'drift_id',
    'system_name',
    'drift_score',
    'baseline_score',
    'delta',
    'detection_layer',
    'description',
    'recommended_action',
  ],
  'probe.disconnected': ['probe_id', 'probe_name', 'last_seen_at', 'silence_duration_seconds', 'environment'],
  'system.registered': [
    'system_name',
    'registration_source',
    'discovery_method',
    'host',
    'runtime',
    'declared',
  ],
};

describe('public event examples', () => {
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

  it.each(PUBLIC_EVENT_TYPES)(
    '%s: the example is valid against its payload schema, which publishes it',
    (event) => {
      const schema = eventPayloadSchema(event);
      const example = PUBLIC_EVENT_EXAMPLES[event];
      const validate = ajv.compile(schema);
      expect(validate(example)).toBe(true);
      expect(schema.examples).toEqual([example]);
    },
  );

  it.each(PUBLIC_EVENT_TYPES)('%s: the example has exactly the spec payload fields, in order', (event) => {
    const example = PUBLIC_EVENT_EXAMPLES[event];
    expect(Object.keys(example)).toEqual(['event', 'timestamp', 'severity', 'system_id', 'details']);
    expect(example.event).toBe(event);
    expect(Object.keys(example.details)).toEqual(SPEC_DETAILS[event]);
  });
});
