import { SEVERITIES as MOST_SEVERE_FIRST } from '../api/catalog.generated';
import { Badge, type BadgeTone } from '../design/badge';
import { SEVERITY_LABELS, SEVERITY_TONES } from '../overview/labels';
import type { FindingSeverity, FindingStatus } from './assessment-rules';
import type { AssessmentStatus, Verdict } from './assessments.queries';

export const STATUSES: readonly AssessmentStatus[] = ['queued', 'running', 'complete', 'failed'];
export const VERDICTS: readonly Verdict[] = ['pass', 'conditional', 'fail'];
export const FINDING_STATUSES: readonly FindingStatus[] = ['missing', 'partial', 'met'];
export const SEVERITIES: readonly FindingSeverity[] = MOST_SEVERE_FIRST;

const STATUS_BADGES: Readonly<Record<AssessmentStatus, { label: string; tone: BadgeTone }>> = {
  queued: { label: 'Queued', tone: 'neutral' },
  running: { label: 'Running', tone: 'info' },
  complete: { label: 'Complete', tone: 'success' },
  failed: { label: 'Failed', tone: 'danger' },
};

const VERDICT_BADGES: Readonly<Record<Verdict, { label: string; tone: BadgeTone }>> = {
  pass: { label: 'Pass', tone: 'success' },
  conditional: { label: 'Conditional', tone: 'warning' },
  fail: { label: 'Fail', tone: 'danger' },
};

const FINDING_BADGES: Readonly<Record<FindingStatus, { label: string; tone: BadgeTone }>> = {
  met: { label: 'Met', tone: 'success' },
  partial: { label: 'Partial', tone: 'warning' },
  missing: { label: 'Missing', tone: 'danger' },
};

export const STATUS_LABELS = Object.fromEntries(
  STATUSES.map((status) => [status, STATUS_BADGES[status].label]),
) as Record<AssessmentStatus, string>;
export const VERDICT_LABELS = Object.fromEntries(
  VERDICTS.map((verdict) => [verdict, VERDICT_BADGES[verdict].label]),
) as Record<Verdict, string>;
export const FINDING_STATUS_LABELS = Object.fromEntries(
  FINDING_STATUSES.map((status) => [status, FINDING_BADGES[status].label]),
) as Record<FindingStatus, string>;

export function AssessmentStatusBadge({ status }: { status: AssessmentStatus }) {
  const { label, tone } = STATUS_BADGES[status];
  return <Badge tone={tone}>{label}</Badge>;
}

/** The verdict once complete; otherwise the status, which is all there is to say yet. */
export function VerdictBadge({
  assessment,
}: {
  assessment: { status: AssessmentStatus; verdict: Verdict | null };
}) {
  if (assessment.verdict === null) return <AssessmentStatusBadge status={assessment.status} />;
  const { label, tone } = VERDICT_BADGES[assessment.verdict];
  return <Badge tone={tone}>{label}</Badge>;
}

export function FindingStatusBadge({ status }: { status: FindingStatus }) {
  const { label, tone } = FINDING_BADGES[status];
  return <Badge tone={tone}>{label}</Badge>;
}

export function SeverityBadge({ severity }: { severity: FindingSeverity }) {
  return <Badge tone={SEVERITY_TONES[severity]}>{SEVERITY_LABELS[severity]}</Badge>;
}
