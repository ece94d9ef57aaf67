import { frameworkName, humanDate, humanPeriod } from './human-format';
import { type ReportType } from './report-content';

/** What a report is about, by names: what its list row and its title page say. */
export interface ReportSubjectParts {
  type: ReportType;
  /** The system's name, when the report is scoped to one (or its assessment is of one). */
  systemName: string | null;
  framework: string | null;
  period: { from: Date; to: Date } | null;
  /** When the assessment of an assessment report completed, once the read model knows it. */
  assessmentCompletedAt: Date | null;
}

export const REPORT_TYPE_TITLES: Readonly<Record<ReportType, string>> = {
  compliance: 'Compliance report',
  system: 'System report',
  assessment: 'Assessment report',
  executive: 'Executive summary',
};

/**
 * `Support Bot · EU Artificial Intelligence Act · 20 Nov 2026`: the names a reader knows a report by,
 * never its id. A system or assessment the read model has not learnt of yet reads as such.
 */
export function reportSubject(parts: ReportSubjectParts): string {
  const framework = parts.framework === null ? null : frameworkName(parts.framework);
  switch (parts.type) {
    case 'assessment':
      return join([
        parts.systemName ?? 'Organization-wide',
        framework ?? 'assessment',
        parts.assessmentCompletedAt ? humanDate(parts.assessmentCompletedAt) : null,
      ]);
    case 'system':
      return join([parts.systemName ?? 'unknown system', framework, humanPeriod(parts.period)]);
    case 'compliance':
      return join([framework ?? 'All frameworks', parts.systemName, humanPeriod(parts.period)]);
    case 'executive':
      return join([parts.systemName, framework, humanPeriod(parts.period)]);
  }
}

/** `Assessment report: Support Bot · EU Artificial Intelligence Act · 20 Nov 2026`. */
export function reportTitle(parts: ReportSubjectParts): string {
  return `${REPORT_TYPE_TITLES[parts.type]}: ${reportSubject(parts)}`;
}

function join(parts: ReadonlyArray<string | null>): string {
  const named = parts.filter((part): part is string => part !== null && part !== '');
  const [first, ...rest] = named;
  // Sentence case for the first part only: "All time", but "Support Bot · all time".
  return first === undefined ? '' : [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' · ');
}
