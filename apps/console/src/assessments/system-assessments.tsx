import { Link } from 'react-router';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Card } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { scorePercent } from './assessment-rules';
import { useAssessments, useTemplates } from './assessments.queries';
import { VerdictBadge } from './labels';
import styles from './assessments.module.css';
import { TableScroll } from '../design/table-scroll';

const SHOWN = 5;

/** The latest assessments of one system, for its page; each opens its result. */
export function SystemAssessments({ systemId }: { systemId: string }) {
  const assessments = useAssessments({ system_id: systemId }, null, SHOWN);
  const templates = useTemplates();
  const frameworkName = new Map<string, string>(
    (templates.data?.data ?? []).map((template) => [template.id, template.name]),
  );
  const all = `/assessments?system_id=${encodeURIComponent(systemId)}`;
  return (
    <Card
      title="Assessments"
      labelledBy="system-assessments-title"
      action={
        assessments.data && assessments.data.data.length > 0 ? (
          <Link to={all} className={styles.cardLink}>
            All assessments of this system
          </Link>
        ) : undefined
      }
    >
      {assessments.isPending ? (
        <Loading compact label="Loading assessments…" />
      ) : assessments.isError ? (
        <ErrorState compact error={assessments.error} onRetry={() => void assessments.refetch()} />
      ) : assessments.data.data.length === 0 ? (
        <EmptyState compact title="Not assessed yet">
          Assess this system’s policy or documentation on the <Link to={all}>Assessments</Link> page.
        </EmptyState>
      ) : (
        <TableScroll>
          <table className={table.table}>
            <caption className="visually-hidden">Latest assessments of this system</caption>
            <thead>
              <tr>
                <th scope="col">Document</th>
                <th scope="col">Framework</th>
                <th scope="col">Verdict</th>
                <th scope="col" className={table.numeric}>
                  Score
                </th>
                <th scope="col">Submitted</th>
              </tr>
            </thead>
            <tbody>
              {assessments.data.data.map((assessment) => (
                <tr key={assessment.id}>
                  <td>
                    <Link to={`/assessments/${assessment.id}`}>{assessment.title}</Link>
                  </td>
                  <td className={table.muted}>
                    {frameworkName.get(assessment.framework) ?? assessment.framework}
                  </td>
                  <td>
                    <VerdictBadge assessment={assessment} />
                  </td>
                  <td className={table.numeric}>
                    {assessment.score === null ? '—' : scorePercent(assessment.score)}
                  </td>
                  <td className={table.muted}>
                    <Time value={assessment.created_at} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}
