import { ENFORCEMENT_MODES } from '@governance/contracts';
import { idSchema, nullable, recordSchema, timestampSchema } from '@governance/platform';

/* The OpenAPI description of policy-sync; the query comes from its DTO. */

const syncedPolicySchema = recordSchema({
  policy_id: idSchema('pol'),
  name: { type: 'string' },
  description: nullable({ type: 'string' }),
  enforcement_mode: { type: 'string', enum: [...ENFORCEMENT_MODES] },
  rules: {
    type: 'object',
    description: 'The condition over one telemetry record, true when the record violates the policy.',
  },
  framework: nullable({ type: 'string' }),
  control: nullable({ type: 'string' }),
  version: { type: 'integer', description: 'Starts at 1 and grows with every change of the policy.' },
  updated_at: timestampSchema(),
});

export const policySyncSchema = recordSchema({
  probe_id: idSchema('prb'),
  system_id: idSchema('sys', 'The system the probe watches; the policies are those that apply to it.'),
  version: {
    type: 'string',
    description:
      'Opaque; changes whenever a policy joins or leaves the set or changes. The ETag is this value, quoted.',
  },
  policies: { type: 'array', items: syncedPolicySchema },
});

export const examples = {
  sync: {
    probe_id: 'prb_01JD60C3D4E5F6G7H8J9KMNPQR',
    system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
    version: '9f2c1e0b7a4d4c8e8b1f3a6d5e7c9b20',
    policies: [
      {
        policy_id: 'pol_01JD61F2G3H4J5K6M7N8P9QRST',
        name: 'No toxic output',
        description: null,
        enforcement_mode: 'BLOCK',
        rules: { field: 'metrics.toxicity', op: 'gt', value: 0.8 },
        framework: null,
        control: null,
        version: 2,
        updated_at: '2026-11-22T10:02:11.000Z',
      },
    ],
  },
};
