import { SEVERITIES as MOST_SEVERE_FIRST } from '../api/catalog.generated';
import { type BadgeTone } from '../design/badge';
import { type ComplianceStatus, type Severity } from './dashboard.queries';

export { EVENT_LABELS } from '../api/catalog.generated';

export const SEVERITIES: readonly Severity[] = MOST_SEVERE_FIRST;

export const SEVERITY_LABELS: Readonly<Record<Severity, string>> = {
  CRITICAL: 'Critical',
  HIGH: 'High',
  MEDIUM: 'Medium',
  INFO: 'Info',
};

export const SEVERITY_TONES: Readonly<Record<Severity, BadgeTone>> = {
  CRITICAL: 'danger',
  HIGH: 'danger',
  MEDIUM: 'warning',
  INFO: 'info',
};

export const COMPLIANCE_LABELS: Readonly<
  Record<ComplianceStatus['status'], { label: string; tone: BadgeTone }>
> = {
  pass: { label: 'Pass', tone: 'success' },
  conditional: { label: 'Conditional', tone: 'warning' },
  fail: { label: 'Fail', tone: 'danger' },
  not_assessed: { label: 'Not assessed', tone: 'neutral' },
};
