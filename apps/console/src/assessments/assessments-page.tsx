import { Link, useSearchParams } from 'react-router';
import { useCan } from '../auth/session-context';
import { FilterBar } from '../design/filter-bar';
import { SelectField } from '../design/field';
import { Pager, useCursorPages } from '../design/pager';
import { usePageTitle } from '../design/page-title';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { PageHeader, Stack } from '../design/surface';
import { LiveIndicator } from '../live/live-indicator';
import { useLiveUpdates } from '../live/live-updates';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { scorePercent } from './assessment-rules';
import {
  type Assessment,
  type AssessmentFilters,
  useAssessments,
  useSystemNames,
  useTemplates,
} from './assessments.queries';
import { STATUS_LABELS, STATUSES, VERDICT_LABELS, VERDICTS, VerdictBadge } from './labels';
import { UploadPanel } from './upload-panel';
import styles from './assessments.module.css';
import { TableScroll } from '../design/table-scroll';

type Filters = Omit<AssessmentFilters, 'limit' | 'cursor'>;

const SYSTEM_ID = /^sys_[0-9A-HJKMNP-TV-Z]{26}$/;
type Column = 'title' | 'system' | 'framework' | 'verdict' | 'score' | 'created';

/** The filters live in the address, so a filtered list can be bookmarked and shared. */
function filtersFrom(params: URLSearchParams): Filters {
  const filters: Filters = {};
  const systemId = params.get('system_id');
  // A mistyped id in the address would be refused by the API: it is ignored instead.
  if (systemId && SYSTEM_ID.test(systemId)) filters.system_id = systemId;
  const status = STATUSES.find((known) => known === params.get('status'));
  if (status) filters.status = status;
  const verdict = VERDICTS.find((known) => known === params.get('verdict'));
  if (verdict) filters.verdict = verdict;
  return filters;
}

const VERDICT_ORDER = { fail: 0, conditional: 1, pass: 2 } as const;

export function AssessmentsPage() {
  usePageTitle('Assessments');
  const live = useLiveUpdates('assess');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const key = JSON.stringify(filters);
  const pages = useCursorPages(key);
  const cursor = pages.cursor;
  const assessments = useAssessments(filters, cursor);
  const systems = useSystemNames();
  const templates = useTemplates();
  const canWrite = useCan('assessments:write');

  const systemName = new Map((systems.data?.data ?? []).map((system) => [system.id, system.name]));
  const frameworkName = new Map<string, string>(
    (templates.data?.data ?? []).map((template) => [template.id, template.name]),
  );
  const valueOf = (row: Assessment, column: Column) => {
    switch (column) {
      case 'title':
        return row.title;
      case 'system':
        return systemName.get(row.system_id) ?? row.system_id;
      case 'framework':
        return frameworkName.get(row.framework) ?? row.framework;
      case 'verdict':
        return row.verdict === null ? null : VERDICT_ORDER[row.verdict];
      case 'score':
        return row.score;
      case 'created':
        return row.created_at;
    }
  };
  const { rows, sort, setSort } = useSortedRows<Assessment, Column>(assessments.data?.data ?? [], valueOf);

  const setFilter = (name: string) => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };

  return (
    <>
      <PageHeader
        title="Assessments"
        description="Documents assessed against a compliance framework, with a finding for every control."
        actions={<LiveIndicator status={live} />}
      />
      <Stack gap={5}>
        {canWrite && <UploadPanel initialSystemId={filters.system_id} />}
        <section aria-labelledby="assessments-list-title">
          <h2 id="assessments-list-title" className={styles.sectionTitle}>
            Assessed documents
          </h2>
          <FilterBar label="Filter assessments" columns="repeat(3, minmax(160px, 240px))">
            <SelectField
              label="System"
              value={filters.system_id ?? ''}
              onChange={setFilter('system_id')}
              options={[
                { value: '', label: 'Every system' },
                ...(systems.data?.data ?? []).map((system) => ({ value: system.id, label: system.name })),
                ...(filters.system_id && !systemName.has(filters.system_id)
                  ? [{ value: filters.system_id, label: filters.system_id }]
                  : []),
              ]}
            />
            <SelectField
              label="Status"
              value={filters.status ?? ''}
              onChange={setFilter('status')}
              options={[
                { value: '', label: 'Every status' },
                ...STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] })),
              ]}
            />
            <SelectField
              label="Verdict"
              value={filters.verdict ?? ''}
              onChange={setFilter('verdict')}
              options={[
                { value: '', label: 'Every verdict' },
                ...VERDICTS.map((verdict) => ({ value: verdict, label: VERDICT_LABELS[verdict] })),
              ]}
            />
          </FilterBar>
          {assessments.isPending ? (
            <Loading label="Loading assessments…" />
          ) : assessments.isError ? (
            <ErrorState error={assessments.error} onRetry={() => void assessments.refetch()} />
          ) : rows.length === 0 ? (
            Object.keys(filters).length > 0 ? (
              <EmptyState title="No assessment matches these filters" />
            ) : (
              <EmptyState title="No assessments yet">
                {canWrite
                  ? 'Upload a policy, model card or technical documentation above to assess it against a framework.'
                  : 'Assessments that editors run will be listed here.'}
              </EmptyState>
            )
          ) : (
            <>
              <TableScroll>
                <table className={table.table} aria-busy={assessments.isFetching}>
                  <caption className="visually-hidden">Assessments</caption>
                  <thead>
                    <tr>
                      <SortableHeader column="title" sort={sort} onSort={setSort}>
                        Document
                      </SortableHeader>
                      <SortableHeader column="system" sort={sort} onSort={setSort}>
                        System
                      </SortableHeader>
                      <SortableHeader column="framework" sort={sort} onSort={setSort}>
                        Framework
                      </SortableHeader>
                      <SortableHeader column="verdict" sort={sort} onSort={setSort}>
                        Verdict
                      </SortableHeader>
                      <SortableHeader column="score" sort={sort} onSort={setSort} numeric>
                        Score
                      </SortableHeader>
                      <SortableHeader column="created" sort={sort} onSort={setSort}>
                        Submitted
                      </SortableHeader>
                    </tr>
                  </thead>
                  <tbody>
                    {rows.map((assessment) => (
                      <tr key={assessment.id}>
                        <td>
                          <Link className={styles.strongLink} to={`/assessments/${assessment.id}`}>
                            {assessment.title}
                          </Link>
                        </td>
                        <td>
                          <Link to={`/systems/${assessment.system_id}`}>
                            {systemName.get(assessment.system_id) ?? assessment.system_id}
                          </Link>
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
              <Pager
                label="Pages of assessments"
                pages={pages}
                nextCursor={assessments.isPlaceholderData ? null : assessments.data.next_cursor}
              >
                {rows.length} assessment{rows.length === 1 ? '' : 's'} shown
              </Pager>
            </>
          )}
        </section>
      </Stack>
    </>
  );
}

export const Component = AssessmentsPage;
