import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useCan } from '../auth/session-context';
import { FilterBar } from '../design/filter-bar';
import { Badge, type BadgeTone } from '../design/badge';
import { Button, ButtonLink } from '../design/button';
import { SelectField } from '../design/field';
import { Pager, useCursorPages } from '../design/pager';
import { usePageTitle } from '../design/page-title';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { PageHeader } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { LiveIndicator } from '../live/live-indicator';
import { useLiveUpdates } from '../live/live-updates';
import { GenerateReportDialog } from './generate-report-dialog';
import {
  formatBytes,
  REPORT_FORMAT_LABELS,
  REPORT_STATUS_LABELS,
  REPORT_STATUSES,
  REPORT_TYPE_LABELS,
  REPORT_TYPES,
} from './labels';
import { type Report, type ReportFilters, useReports } from './reports.queries';
import styles from './reports.module.css';
import { TableScroll } from '../design/table-scroll';

type Filters = Omit<ReportFilters, 'limit' | 'cursor'>;

const STATUS_TONES: Readonly<Record<Report['status'], BadgeTone>> = {
  queued: 'neutral',
  running: 'info',
  complete: 'success',
  failed: 'danger',
};
type Column = 'type' | 'format' | 'status' | 'created' | 'completed' | 'size';

const TYPE_OPTIONS = [
  { value: '', label: 'Every type' },
  ...REPORT_TYPES.map((type) => ({ value: type, label: REPORT_TYPE_LABELS[type] })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Every status' },
  ...REPORT_STATUSES.map((status) => ({ value: status, label: REPORT_STATUS_LABELS[status] })),
];

function filtersFrom(params: URLSearchParams): Filters {
  const filters: Filters = {};
  const type = REPORT_TYPES.find((known) => known === params.get('type'));
  if (type) filters.type = type;
  const status = REPORT_STATUSES.find((known) => known === params.get('status'));
  if (status) filters.status = status;
  return filters;
}

function valueOf(report: Report, column: Column) {
  switch (column) {
    case 'type':
      return REPORT_TYPE_LABELS[report.type];
    case 'format':
      return report.format;
    case 'status':
      return REPORT_STATUS_LABELS[report.status];
    case 'created':
      return report.created_at;
    case 'completed':
      return report.completed_at;
    case 'size':
      return report.size_bytes;
  }
}

export function ReportsPage() {
  usePageTitle('Reports');
  const live = useLiveUpdates('reports');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const key = JSON.stringify(filters);
  const pages = useCursorPages(key);
  const reports = useReports(filters, pages.cursor);
  const canWrite = useCan('reports:write');
  const [generating, setGenerating] = useState(false);
  const sorted = useSortedRows<Report, Column>(reports.data?.data ?? [], valueOf);

  const setFilter = (name: string) => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const header = (column: Column, label: string, numeric = false) => (
    <SortableHeader column={column} sort={sorted.sort} onSort={sorted.setSort} numeric={numeric}>
      {label}
    </SortableHeader>
  );
  const generateButton = canWrite && (
    <Button variant="primary" onClick={() => setGenerating(true)}>
      Generate report
    </Button>
  );

  return (
    <>
      <PageHeader
        title="Reports"
        description="Compliance, executive, system and assessment reports, as PDF, CSV or JSON."
        actions={generateButton}
      />
      <FilterBar label="Filter reports" columns="repeat(2, minmax(180px, 240px)) 1fr">
        <SelectField
          label="Type"
          value={filters.type ?? ''}
          options={TYPE_OPTIONS}
          onChange={setFilter('type')}
        />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={setFilter('status')}
        />
        <div className={styles.toolbarEnd}>
          <LiveIndicator status={live} />
        </div>
      </FilterBar>

      {reports.isPending ? (
        <Loading label="Loading reports…" />
      ) : reports.isError ? (
        <ErrorState error={reports.error} onRetry={() => void reports.refetch()} />
      ) : sorted.rows.length === 0 ? (
        Object.keys(filters).length > 0 ? (
          <EmptyState title="No report matches these filters" />
        ) : (
          <EmptyState title="No reports yet" action={generateButton}>
            A report is built from the organization’s systems, assessments and findings; it is ready to
            download in a few seconds.
          </EmptyState>
        )
      ) : (
        <>
          <TableScroll>
            <table className={table.table} aria-busy={reports.isFetching}>
              <caption className="visually-hidden">Reports</caption>
              <thead>
                <tr>
                  {header('type', 'Report')}
                  {header('format', 'Format')}
                  {header('status', 'Status')}
                  {header('created', 'Requested')}
                  {header('completed', 'Finished')}
                  {header('size', 'Size', true)}
                  <th scope="col">
                    <span className="visually-hidden">Download</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.rows.map((report) => (
                  <tr key={report.id}>
                    <td>
                      <div className={styles.typeCell}>
                        <strong>{REPORT_TYPE_LABELS[report.type]}</strong>
                        <span>{report.subject}</span>
                      </div>
                    </td>
                    <td>{REPORT_FORMAT_LABELS[report.format]}</td>
                    <td>
                      <Badge tone={STATUS_TONES[report.status]}>{REPORT_STATUS_LABELS[report.status]}</Badge>
                      {report.status === 'failed' && report.error && (
                        <span className={styles.failure}>{report.error}</span>
                      )}
                    </td>
                    <td className={table.muted}>
                      <Time value={report.created_at} />
                    </td>
                    <td className={table.muted}>
                      <Time value={report.completed_at} />
                    </td>
                    <td className={`${table.muted} ${table.numeric}`}>{formatBytes(report.size_bytes)}</td>
                    <td>
                      <div className={styles.rowActions}>
                        {report.download_url && (
                          <ButtonLink
                            size="small"
                            href={report.download_url}
                            download
                            aria-label={`Download ${REPORT_TYPE_LABELS[report.type]} report: ${report.subject} (${REPORT_FORMAT_LABELS[report.format]})`}
                          >
                            Download
                          </ButtonLink>
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            label="Pages of reports"
            pages={pages}
            nextCursor={reports.isPlaceholderData ? null : reports.data.next_cursor}
          >
            {sorted.rows.length} report{sorted.rows.length === 1 ? '' : 's'} shown
          </Pager>
        </>
      )}
      {canWrite && <GenerateReportDialog open={generating} onClose={() => setGenerating(false)} />}
    </>
  );
}

export const Component = ReportsPage;
