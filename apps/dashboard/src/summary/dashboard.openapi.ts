import { PUBLIC_EVENT_TYPES, RISK_TIERS, SEVERITIES, SYSTEM_STATUSES } from '@governance/contracts';
import {
  listSchema,
  nullable,
  pageSchema,
  recordSchema,
  type SchemaObject,
  timestampSchema,
} from '@governance/platform';

/* The OpenAPI description of the dashboard, a read model of the organization's events. */

const count: SchemaObject = { type: 'integer', minimum: 0 };
const counts = (keys: readonly string[]): SchemaObject =>
  recordSchema(Object.fromEntries(keys.map((key) => [key, count])));

const scoreComponent = recordSchema({
  weight: { type: 'number', description: 'Points this component can add to the score.' },
  value: nullable({ type: 'number', minimum: 0, maximum: 1, description: 'null while onboarding.' }),
  points: { type: 'number', description: 'weight × value, to one decimal.' },
  detail: { type: 'string' },
});

export const summarySchema = recordSchema({
  governance_score: { type: 'number', minimum: 0, maximum: 100 },
  score_breakdown: recordSchema(
    {
      state: {
        type: 'string',
        enum: ['onboarding', 'scored'],
        description: '`onboarding` until the organization has something to score.',
      },
      compliance: scoreComponent,
      findings: scoreComponent,
      inventory_coverage: scoreComponent,
      runtime_health: scoreComponent,
    },
    'How the score is made up.',
  ),
  systems: recordSchema({
    total: count,
    declared: count,
    shadow: { ...count, description: 'Discovered, not declared.' },
    by_risk_tier: counts(RISK_TIERS),
    by_status: counts(SYSTEM_STATUSES),
  }),
  probes: recordSchema({ total: count, connected: count, disconnected: count }),
  findings: recordSchema({ open: count, by_severity: counts(SEVERITIES) }),
  compliance: recordSchema({
    frameworks_assessed: count,
    passing: count,
    conditional: count,
    failing: count,
  }),
  policies: recordSchema({ active: count, block: count, warn: count }),
  violations_24h: { ...count, description: 'policy.violated events in the last 24 hours (configurable).' },
  drift_alerts_7d: { ...count, description: 'drift.detected events in the last 7 days (configurable).' },
  updated_at: nullable(timestampSchema('Time of the newest event applied; null before any.')),
});

export const complianceStatusSchema = listSchema(
  recordSchema({
    framework: { type: 'string' },
    name: { type: 'string' },
    status: { type: 'string', enum: ['pass', 'conditional', 'fail', 'not_assessed'] },
    score: nullable({
      type: 'number',
      minimum: 0,
      maximum: 1,
      description: 'Mean score of the systems’ latest assessments; null when not assessed.',
    }),
    systems_assessed: count,
    last_assessed_at: nullable(timestampSchema()),
  }),
);

export const activityPageSchema = pageSchema(
  recordSchema({
    id: { type: 'string', format: 'uuid', description: 'The event id.' },
    event: { type: 'string', enum: [...PUBLIC_EVENT_TYPES] },
    severity: { type: 'string', enum: [...SEVERITIES] },
    system_id: nullable({ type: 'string' }),
    summary: { type: 'string', description: 'One sentence for people.' },
    timestamp: timestampSchema(),
  }),
);

const component = (weight: number, value: number, detail: string) => ({
  weight,
  value,
  points: Math.round(weight * value * 10) / 10,
  detail,
});

export const examples = {
  summary: {
    governance_score: 79.3,
    score_breakdown: {
      state: 'scored',
      compliance: component(40, 0.67, '2 of 3 frameworks passing'),
      findings: component(25, 0.8, '1 high and 3 medium findings open'),
      inventory_coverage: component(15, 0.9, '9 of 10 systems declared'),
      runtime_health: component(20, 0.95, '19 of 20 probes connected'),
    },
    systems: {
      total: 10,
      declared: 9,
      shadow: 1,
      by_risk_tier: { unacceptable: 0, high: 3, limited: 4, minimal: 2, unclassified: 1 },
      by_status: { active: 10, retired: 0 },
    },
    probes: { total: 20, connected: 19, disconnected: 1 },
    findings: { open: 4, by_severity: { INFO: 0, MEDIUM: 3, HIGH: 1, CRITICAL: 0 } },
    compliance: { frameworks_assessed: 3, passing: 2, conditional: 1, failing: 0 },
    policies: { active: 12, block: 4, warn: 8 },
    violations_24h: 2,
    drift_alerts_7d: 1,
    updated_at: '2026-11-22T10:59:41.000Z',
  },
  complianceStatus: {
    data: [
      {
        framework: 'EU_AI_ACT',
        name: 'EU Artificial Intelligence Act',
        status: 'conditional',
        score: 0.72,
        systems_assessed: 3,
        last_assessed_at: '2026-11-22T10:20:04.000Z',
      },
    ],
  },
  activity: {
    data: [
      {
        id: '019374c0-1a2b-7c3d-8e4f-5a6b7c8d9e0f',
        event: 'probe.disconnected',
        severity: 'HIGH',
        system_id: 'sys_01JD60A1B2C3D4E5F6G7H8J9KM',
        summary: 'Probe edge-1 disconnected after 6 minutes of silence',
        timestamp: '2026-11-22T10:59:41.000Z',
      },
    ],
    next_cursor: null,
  },
};
