import { openApiSchema } from '@governance/platform';
import { type Static, Type } from '@sinclair/typebox';
import { TELEMETRY_BATCH_SCHEMA, TELEMETRY_LIMITS } from './telemetry-schema';

/** The request body as OpenAPI shows it: the very schema Ajv validates with. */
export const telemetryBatchBody = openApiSchema(TELEMETRY_BATCH_SCHEMA);

export const TelemetryAccepted = Type.Object({
  accepted: Type.Integer({ description: 'The number of records accepted: all of them.' }),
});
export type TelemetryAccepted = Static<typeof TelemetryAccepted>;

export const examples = {
  batch: {
    probe_id: 'prb_01JD60C3D4E5F6G7H8J9KMNPQR',
    records: [
      {
        timestamp: '2026-11-22T10:14:58.000Z',
        metrics: { latency_ms: 120, 'output.tokens': 210, toxicity: 0.02 },
        labels: { route: '/claims/triage' },
        model: 'gpt-4o',
      },
    ],
  },
  accepted: { accepted: 1 } satisfies TelemetryAccepted,
  maxRecords: TELEMETRY_LIMITS.maxRecords,
};
