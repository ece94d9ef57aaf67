import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eventRecordSchema, PUBLIC_EVENT_SCHEMAS } from './event-schemas';
import { PUBLIC_EVENT_TYPES } from './public-events';
import { PUBLIC_TOPICS } from './topics';

describe('public event contracts', () => {
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

  it('names one topic per public event type', () => {
    expect(PUBLIC_TOPICS).toEqual([
      'governance.finding.created',
      'governance.assessment.complete',
      'governance.policy.violated',
      'governance.drift.detected',
      'governance.probe.disconnected',
      'governance.system.registered',
    ]);
  });

  it('publishes a compilable payload and record schema for every event type', () => {
    expect(PUBLIC_EVENT_SCHEMAS.map((entry) => entry.event)).toEqual([...PUBLIC_EVENT_TYPES]);
    for (const { payload, record } of PUBLIC_EVENT_SCHEMAS) {
      expect(() => ajv.compile(payload)).not.toThrow();
      expect(() => ajv.compile(record)).not.toThrow();
    }
  });

  it('accepts a well-formed record and rejects missing or extra details', () => {
    const validate = addFormats(new Ajv2020({ strict: true })).compile(
      eventRecordSchema('probe.disconnected'),
    );
    const record = {
      id: '01a20138-dd8c-7223-94e7-14dfc0350ce0',
      organization_id: 'org_01M80KHQC9DHV63SDEFT718QZ3',
      event: 'probe.disconnected',
      timestamp: '2026-11-22T03:00:00.000Z',
      severity: 'HIGH',
      system_id: 'sys_01M80KHQC9DHV63SDEFT718QZ3',
      details: {
        probe_id: 'prb_01M80KHQC9DHV63SDEFT718QZ3',
        probe_name: 'edge-1',
        last_seen_at: '2026-11-22T02:54:00.000Z',
        silence_duration_seconds: 360,
        environment: 'production',
      },
    };
    expect(validate(record)).toBe(true);
    expect(validate({ ...record, details: { ...record.details, environment: undefined } })).toBe(false);
    expect(validate({ ...record, details: { ...record.details, extra: 1 } })).toBe(false);
    expect(validate({ ...record, severity: 'LOW' })).toBe(false);
    expect(validate({ ...record, system_id: null })).toBe(true);
  });
});
