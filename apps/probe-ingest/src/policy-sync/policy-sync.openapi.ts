import { type PolicySyncResponse } from './policy-sync.dto';

/* An example of policy-sync; the response type checks it. */

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
  } satisfies PolicySyncResponse,
};
