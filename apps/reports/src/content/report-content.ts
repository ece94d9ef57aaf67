import { type SystemsReplicaRow } from '@governance/replicas';
import { RISK_TIERS, type RiskTier, SEVERITIES, type Severity } from '@governance/contracts';
import { findControl } from '@governance/frameworks';
import { type ReportPeriod } from '../reports/report-period';
import { reportTitle } from './report-subject';

export const REPORT_TYPES = ['compliance', 'system', 'assessment', 'executive'] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FORMATS = ['pdf', 'csv', 'json'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type SystemRow = SystemsReplicaRow;

export interface AssessmentRow {
  assessment_id: string;
  system_id: string | null;
  framework: string;
  verdict: string;
  score: number;
  findings_count: number;
  high_findings: number;
  medium_findings: number;
  completed_at: Date;
}

export interface FindingRow {
  finding_id: string;
  assessment_id: string;
  system_id: string | null;
  system_name: string;
  framework: string;
  control: string;
  title: string;
  severity: string;
}

export interface IncidentRow {
  event_id: string;
  event: string;
  severity: string;
  system_id: string | null;
  occurred_at: Date;
  details: Record<string, unknown>;
}

/** What one report asks for, as stored with the job. */
export interface ReportSpec {
  id: string;
  organizationId: string;
  type: ReportType;
  systemId: string | null;
  framework: string | null;
  assessmentId: string | null;
  period: ReportPeriod | null;
}

/** The rows of the read model a report is made of, loaded for its spec. */
export interface ReportSource {
  systems: SystemRow[];
  /** The assessments chosen by selectAssessments. */
  assessments: AssessmentRow[];
  /** How many assessments were in scope when `assessments` was cut at its cap; its length if absent. */
  assessmentsTotal?: number;
  /** The findings of those assessments, the most severe first when they were cut at their cap. */
  findings: FindingRow[];
  /** All findings of those assessments by severity, when `findings` was cut at its cap. */
  findingCounts?: Record<string, number>;
  /** The newest incidents of the period, at most INCIDENT_LIST_LIMIT. */
  incidents: IncidentRow[];
  /** All incidents of the period, by event type. */
  incidentCounts: Record<string, number>;
  /** As the tenant replica knows it; null only before the replica has learnt of the organization. */
  organizationName: string | null;
}

export interface ControlFindings {
  framework: string;
  control: string;
  control_id: string;
  control_title: string;
  /** The highest severity among its findings. */
  severity: Severity;
  remediation: string;
  findings: Array<
    Pick<FindingRow, 'finding_id' | 'title' | 'system_id' | 'system_name' | 'assessment_id'> & {
      severity: Severity;
    }
  >;
}

export interface ReportContent {
  report_id: string;
  type: ReportType;
  title: string;
  organization_id: string;
  organization_name: string | null;
  generated_at: string;
  period: { from: string; to: string } | null;
  scope: {
    system: Pick<SystemRow, 'system_id' | 'name' | 'risk_tier' | 'status'> | null;
    framework: string | null;
    assessment_id: string | null;
  };
  summary: {
    systems: number;
    systems_by_risk_tier: Record<RiskTier, number>;
    assessments: number;
    /** Mean score (0 to 1) of the assessments in the report, null when there are none. */
    average_score: number | null;
    verdicts: Record<string, number>;
    findings: number;
    findings_by_severity: Record<Severity, number>;
    policy_violations: number;
    drift_alerts: number;
    probe_disconnects: number;
  };
  assessments: Array<
    Pick<
      AssessmentRow,
      'assessment_id' | 'system_id' | 'framework' | 'verdict' | 'score' | 'findings_count'
    > & {
      system_name: string | null;
      completed_at: string;
    }
  >;
  controls: ControlFindings[];
  /** The sections cut at a bound: what they list against what there was. Empty when nothing was cut. */
  truncated: Array<{ section: 'assessments' | 'findings' | 'incidents'; shown: number; total: number }>;
  incidents: Array<
    Pick<IncidentRow, 'event_id' | 'event' | 'system_id'> & {
      severity: Severity;
      system_name: string | null;
      occurred_at: string;
      summary: string;
    }
  >;
}

/** A report lists this many of its period's newest incidents; the summary counts them all. */
export const INCIDENT_LIST_LIMIT = 200;

/** The executive summary lists only the controls that matter most. */
export const EXECUTIVE_CONTROL_LIMIT = 10;

const isOneOf = <K extends string>(keys: readonly K[], value: string): value is K =>
  (keys as readonly string[]).includes(value);
const severityRank = (severity: string): number => SEVERITIES.indexOf(severity as Severity);
const asSeverity = (severity: string): Severity => (isOneOf(SEVERITIES, severity) ? severity : 'INFO');

/** How many items have each of `keys`; an item whose key is not among them counts as `otherwise`. */
function tally<K extends string, T>(
  keys: readonly K[],
  otherwise: K,
  items: readonly T[],
  keyOf: (item: T) => string,
) {
  const counts = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const key of items.map(keyOf)) counts[isOneOf(keys, key) ? key : otherwise] += 1;
  return counts;
}
/** `tally` of counts already made: a count whose key is not among `keys` adds to `otherwise`. */
function tallyCounts<K extends string>(keys: readonly K[], otherwise: K, counts: Record<string, number>) {
  const tallied = Object.fromEntries(keys.map((key) => [key, 0])) as Record<K, number>;
  for (const [key, count] of Object.entries(counts)) tallied[isOneOf(keys, key) ? key : otherwise] += count;
  return tallied;
}
const round = (value: number, digits = 4): number => Number(value.toFixed(digits));

/**
 * The assessments a report covers: the one asked for, or else the newest completed one per (system,
 * framework), so a re-assessment supersedes the run before it.
 */
export function selectAssessments(spec: ReportSpec, assessments: readonly AssessmentRow[]): AssessmentRow[] {
  if (spec.type === 'assessment')
    return assessments.filter((assessment) => assessment.assessment_id === spec.assessmentId);
  const newest = new Map<string, AssessmentRow>();
  for (const assessment of assessments) {
    if (spec.systemId !== null && assessment.system_id !== spec.systemId) continue;
    if (spec.framework !== null && assessment.framework !== spec.framework) continue;
    const key = `${assessment.system_id ?? ''}/${assessment.framework}`;
    const held = newest.get(key);
    if (!held || held.assessment_id < assessment.assessment_id) newest.set(key, assessment);
  }
  return [...newest.values()].sort(
    (a, b) =>
      b.completed_at.getTime() - a.completed_at.getTime() || a.assessment_id.localeCompare(b.assessment_id),
  );
}

/** `EU_AI_ACT:Art.9` → framework and control id; a reference without a key keeps the finding's framework. */
function splitControl(framework: string, control: string): { framework: string; id: string } {
  const colon = control.indexOf(':');
  return colon < 0
    ? { framework, id: control }
    : { framework: control.slice(0, colon), id: control.slice(colon + 1) };
}

/** Findings grouped per control, the most severe controls first; titles and remediation from the framework. */
export function groupByControl(findings: readonly FindingRow[]): ControlFindings[] {
  const groups = new Map<string, ControlFindings>();
  for (const finding of findings) {
    const ref = splitControl(finding.framework, finding.control);
    const control = findControl(ref.framework, ref.id);
    const severity = asSeverity(finding.severity);
    let group = groups.get(finding.control);
    if (!group) {
      group = {
        framework: ref.framework,
        control: finding.control,
        control_id: ref.id,
        control_title: control?.title ?? finding.title,
        severity,
        remediation: control?.remediation ?? '',
        findings: [],
      };
      groups.set(finding.control, group);
    }
    if (severityRank(severity) > severityRank(group.severity)) group.severity = severity;
    group.findings.push({
      finding_id: finding.finding_id,
      title: finding.title,
      severity,
      system_id: finding.system_id,
      system_name: finding.system_name,
      assessment_id: finding.assessment_id,
    });
  }
  return [...groups.values()].sort(
    (a, b) =>
      severityRank(b.severity) - severityRank(a.severity) ||
      b.findings.length - a.findings.length ||
      a.control.localeCompare(b.control),
  );
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const num = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** One line saying what a runtime incident was. */
export function describeIncident(incident: IncidentRow, systemName: string | null): string {
  const details = incident.details;
  const system = systemName ?? incident.system_id ?? 'organization';
  switch (incident.event) {
    case 'policy.violated':
      return `${system}: policy "${text(details['policy_name'])}" violated (${text(details['enforcement_mode'])}, ${text(details['action_taken'])})`;
    case 'drift.detected':
      return `${system}: drift on the ${text(details['detection_layer'])} layer (score ${num(details['drift_score']).toFixed(2)}, delta ${num(details['delta']).toFixed(2)})`;
    case 'probe.disconnected':
      return `Probe ${text(details['probe_name']) || text(details['probe_id'])} silent for ${num(details['silence_duration_seconds'])} s`;
    default:
      return `${system}: ${incident.event}`;
  }
}

function titleOf(
  spec: ReportSpec,
  system: SystemRow | undefined,
  assessment: AssessmentRow | undefined,
  systemNames: ReadonlyMap<string, string>,
): string {
  const assessedSystem = assessment?.system_id ? systemNames.get(assessment.system_id) : undefined;
  return reportTitle({
    type: spec.type,
    systemName: system?.name ?? assessedSystem ?? null,
    framework: spec.framework ?? assessment?.framework ?? null,
    period: spec.period,
    assessmentCompletedAt: assessment?.completed_at ?? null,
  });
}

/** Turns the read-model rows chosen for a report into its sections; the same content feeds every format. */
export function buildReportContent(spec: ReportSpec, source: ReportSource, generatedAt: Date): ReportContent {
  const systemNames = new Map(source.systems.map((system) => [system.system_id, system.name]));
  const nameOf = (id: string | null): string | null => (id === null ? null : (systemNames.get(id) ?? null));
  const assessment = source.assessments.find((row) => row.assessment_id === spec.assessmentId);
  // An assessment report is about its assessment's system.
  const scopedSystemId = spec.systemId ?? (spec.type === 'assessment' ? assessment?.system_id : null);
  const scopedSystem = source.systems.find((system) => system.system_id === scopedSystemId);
  const inventory =
    spec.type === 'compliance' || spec.type === 'executive'
      ? source.systems.filter((system) => spec.systemId === null || system.system_id === spec.systemId)
      : scopedSystem
        ? [scopedSystem]
        : [];
  const byRiskTier = tally(RISK_TIERS, 'unclassified', inventory, (system) => system.risk_tier);
  const verdicts: Record<string, number> = {};
  for (const row of source.assessments) verdicts[row.verdict] = (verdicts[row.verdict] ?? 0) + 1;
  const scores = source.assessments.map((row) => row.score);
  const controls = groupByControl(source.findings);
  const incidents = [...source.incidents].sort(
    (a, b) => b.occurred_at.getTime() - a.occurred_at.getTime() || a.event_id.localeCompare(b.event_id),
  );
  const countOf = (event: string): number => source.incidentCounts[event] ?? 0;
  const findingsBySeverity = source.findingCounts
    ? tallyCounts(SEVERITIES, 'INFO', source.findingCounts)
    : tally(SEVERITIES, 'INFO', source.findings, (finding) => finding.severity);
  const findingsTotal = Object.values(findingsBySeverity).reduce((sum, count) => sum + count, 0);
  const incidentsTotal = Object.values(source.incidentCounts).reduce((sum, count) => sum + count, 0);
  const truncated: ReportContent['truncated'] = [];
  const cut = (section: ReportContent['truncated'][number]['section'], shown: number, total: number) => {
    if (total > shown) truncated.push({ section, shown, total });
  };
  cut('assessments', source.assessments.length, source.assessmentsTotal ?? source.assessments.length);
  cut('findings', source.findings.length, findingsTotal);
  cut('incidents', source.incidents.length, incidentsTotal);
  return {
    report_id: spec.id,
    type: spec.type,
    title: titleOf(spec, scopedSystem, assessment, systemNames),
    organization_id: spec.organizationId,
    organization_name: source.organizationName,
    generated_at: generatedAt.toISOString(),
    period: spec.period && { from: spec.period.from.toISOString(), to: spec.period.to.toISOString() },
    scope: {
      system: scopedSystem
        ? {
            system_id: scopedSystem.system_id,
            name: scopedSystem.name,
            risk_tier: scopedSystem.risk_tier,
            status: scopedSystem.status,
          }
        : null,
      framework: spec.framework ?? assessment?.framework ?? null,
      assessment_id: spec.assessmentId,
    },
    summary: {
      systems: inventory.length,
      systems_by_risk_tier: byRiskTier,
      assessments: source.assessments.length,
      average_score:
        scores.length === 0 ? null : round(scores.reduce((sum, score) => sum + score, 0) / scores.length),
      verdicts,
      findings: findingsTotal,
      findings_by_severity: findingsBySeverity,
      policy_violations: countOf('policy.violated'),
      drift_alerts: countOf('drift.detected'),
      probe_disconnects: countOf('probe.disconnected'),
    },
    assessments: source.assessments.map((row) => ({
      assessment_id: row.assessment_id,
      system_id: row.system_id,
      system_name: nameOf(row.system_id),
      framework: row.framework,
      verdict: row.verdict,
      score: row.score,
      findings_count: row.findings_count,
      completed_at: row.completed_at.toISOString(),
    })),
    controls: spec.type === 'executive' ? controls.slice(0, EXECUTIVE_CONTROL_LIMIT) : controls,
    truncated,
    incidents: incidents.map((incident) => ({
      event_id: incident.event_id,
      event: incident.event,
      severity: asSeverity(incident.severity),
      system_id: incident.system_id,
      system_name: nameOf(incident.system_id),
      occurred_at: incident.occurred_at.toISOString(),
      summary: describeIncident(incident, nameOf(incident.system_id)),
    })),
  };
}
