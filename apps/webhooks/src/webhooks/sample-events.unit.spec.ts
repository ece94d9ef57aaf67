import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eventPayloadSchema, PUBLIC_EVENT_EXAMPLES, PUBLIC_EVENT_TYPES } from '@governance/contracts';
import { samplePayload } from './sample-events';

describe('test-call samples', () => {
  const ajv = addFormats(new Ajv2020({ strict: true, allErrors: true }));

  it.each(PUBLIC_EVENT_TYPES)('%s validates against the published payload schema', (event) => {
    const validate = ajv.compile(eventPayloadSchema(event));
    const payload = samplePayload(event);
    expect(validate(payload) ? [] : validate.errors).toEqual([]);
    expect(Object.keys(payload)).toEqual(['event', 'timestamp', 'severity', 'system_id', 'details']);
  });
});

describe('test-call samples are the published examples, refreshed', () => {
  it.each(PUBLIC_EVENT_TYPES)('%s: same fields and values, fresh ids, times moved to now', (event) => {
    const now = new Date('2027-01-05T08:30:00.000Z');
    const payload = samplePayload(event, now);
    const example = PUBLIC_EVENT_EXAMPLES[event];
    expect(payload.timestamp).toBe(now.toISOString());
    expect(payload.severity).toBe(example.severity);
    expect(payload.system_id).not.toBe(example.system_id);
    const details = payload.details as unknown as Record<string, unknown>;
    for (const [field, value] of Object.entries(example.details)) {
      if (typeof value === 'string' && /^[a-z]+_[0-9A-Z]{26}$/.test(value)) {
        expect(details[field]).not.toBe(value);
        expect(String(details[field]).split('_')[0]).toBe(value.split('_')[0]);
      } else if (field === 'last_seen_at') {
        // Six minutes before the event in the example, six minutes before now in the sample.
        expect(details[field]).toBe('2027-01-05T08:24:00.000Z');
      } else expect(details[field]).toEqual(value);
    }
  });
});
