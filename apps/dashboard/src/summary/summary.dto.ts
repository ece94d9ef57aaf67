import { RISK_TIERS, SEVERITIES, SYSTEM_STATUSES } from '@governance/contracts';
import { List, Nullable, StringEnum, Timestamp } from '@governance/platform';
import { type Static, type TInteger, type TObject, Type } from '@sinclair/typebox';

const Count = (description?: string): TInteger =>
  Type.Integer({ minimum: 0, ...(description === undefined ? {} : { description }) });
const Counts = <K extends string>(keys: readonly K[]): TObject<Record<K, TInteger>> =>
  Type.Object(Object.fromEntries(keys.map((key) => [key, Count()])) as Record<K, TInteger>);

const ScoreComponent = Type.Object({
  weight: Type.Number({ description: 'Points this component can add to the score.' }),
  value: Nullable(Type.Number({ minimum: 0, maximum: 1, description: 'null while onboarding.' })),
  points: Type.Number({ description: 'weight × value, to one decimal.' }),
  detail: Type.String(),
});

export const SummaryResponse = Type.Object({
  governance_score: Type.Number({ minimum: 0, maximum: 100 }),
  average_assessment_score: Nullable(
    Type.Number({
      minimum: 0,
      maximum: 1,
      description:
        'Mean score, 0 to 1, of the latest completed assessment of each system and framework: the ' +
        "executive report's headline figure for the same assessments. null before any.",
    }),
  ),
  score_breakdown: Type.Object(
    {
      state: StringEnum(
        ['onboarding', 'scored'],
        '`onboarding` until the organization has something to score.',
      ),
      compliance: ScoreComponent,
      findings: ScoreComponent,
      inventory_coverage: ScoreComponent,
      runtime_health: ScoreComponent,
    },
    { description: 'How the score is made up.' },
  ),
  systems: Type.Object({
    total: Count(),
    declared: Count(),
    shadow: Count('Discovered, not declared.'),
    by_risk_tier: Counts(RISK_TIERS),
    by_status: Counts(SYSTEM_STATUSES),
  }),
  probes: Type.Object({ total: Count(), connected: Count(), disconnected: Count() }),
  findings: Type.Object({ open: Count(), by_severity: Counts(SEVERITIES) }),
  compliance: Type.Object({
    frameworks_assessed: Count(),
    passing: Count(),
    conditional: Count(),
    failing: Count(),
  }),
  policies: Type.Object({ active: Count(), block: Count(), warn: Count() }),
  violations_24h: Count('policy.violated events in the last 24 hours (configurable).'),
  drift_alerts_7d: Count('drift.detected events in the last 7 days (configurable).'),
  updated_at: Nullable(Timestamp('Time of the newest event applied; null before any.')),
});
export type SummaryResponse = Static<typeof SummaryResponse>;

export const ComplianceStatusResponse = List(
  Type.Object({
    framework: Type.String(),
    name: Type.String(),
    status: StringEnum(['pass', 'conditional', 'fail', 'not_assessed']),
    score: Nullable(
      Type.Number({
        minimum: 0,
        maximum: 1,
        description: 'Mean score of the systems’ latest assessments; null when not assessed.',
      }),
    ),
    systems_assessed: Count(),
    last_assessed_at: Nullable(Timestamp()),
  }),
);
export type ComplianceStatusResponse = Static<typeof ComplianceStatusResponse>;
