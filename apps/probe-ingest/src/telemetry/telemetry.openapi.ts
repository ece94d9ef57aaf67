import { openApiSchema } from '@governance/platform';
import { TELEMETRY_BATCH_SCHEMA, TELEMETRY_LIMITS } from './telemetry-schema';

/* The OpenAPI description of telemetry ingest: the request schema is the one Ajv validates with. */

export const telemetryBatchBody = openApiSchema(TELEMETRY_BATCH_SCHEMA);

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
  accepted: { accepted: 1 },
  maxRecords: TELEMETRY_LIMITS.maxRecords,
};
