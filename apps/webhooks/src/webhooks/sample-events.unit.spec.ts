import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { eventPayloadSchema, PUBLIC_EVENT_TYPES } from '@governance/contracts';
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
