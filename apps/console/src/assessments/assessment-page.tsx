import { Fragment, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { FilterBar } from '../design/filter-bar';
import { SelectField } from '../design/field';
import { usePageTitle } from '../design/page-title';
import { RecordUnavailable } from '../design/record-unavailable';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Alert, Card, PageHeader, Stack } from '../design/surface';
import { useLiveUpdates } from '../live/live-updates';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { SEVERITY_LABELS } from '../overview/labels';
import {
  controlId,
  type FindingFilters,
  filterFindings,
  scorePercent,
  SEVERITY_RANK,
  STATUS_RANK,
} from './assessment-rules';
import {
  type Assessment,
  type Evidence,
  type Finding,
  useAssessment,
  useFindings,
  useSystemNames,
  useTemplates,
} from './assessments.queries';
import {
  FINDING_STATUS_LABELS,
  FINDING_STATUSES,
  FindingStatusBadge,
  SEVERITIES,
  SeverityBadge,
  VerdictBadge,
} from './labels';
import record from '../design/record.module.css';
import styles from './assessments.module.css';
import { TableScroll } from '../design/table-scroll';

export function AssessmentPage() {
  const { id = '' } = useParams();
  const assessment = useAssessment(id);
  usePageTitle(assessment.data?.title ?? 'Assessment');
  useLiveUpdates('assess');
  const back = (
    <Link className={record.back} to="/assessments">
      ← All assessments
    </Link>
  );
  if (!assessment.data)
    return (
      <>
        {back}
        <RecordUnavailable query={assessment} noun="assessment" />
      </>
    );
  return (
    <>
      {back}
      <Result assessment={assessment.data} />
    </>
  );
}

function Result({ assessment }: { assessment: Assessment }) {
  const systems = useSystemNames();
  const templates = useTemplates();
  const systemName =
    systems.data?.data.find((system) => system.id === assessment.system_id)?.name ?? assessment.system_id;
  const framework =
    templates.data?.data.find((template) => template.id === assessment.framework)?.name ??
    assessment.framework;
  const pending = assessment.status === 'queued' || assessment.status === 'running';
  return (
    <>
      <PageHeader
        title={assessment.title}
        description={
          <span className={styles.titleLine}>
            <VerdictBadge assessment={assessment} />
            <span>
              {framework} · <Link to={`/systems/${assessment.system_id}`}>{systemName}</Link>
            </span>
          </span>
        }
      />
      <Stack gap={4}>
        {pending && (
          <Card title="Assessing the document" labelledBy="pending-title">
            <div className={styles.progress}>
              <div
                role="progressbar"
                aria-label="Assessment progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={assessment.progress}
                className={styles.progressTrack}
              >
                <div className={styles.progressBar} style={{ width: `${assessment.progress}%` }} />
              </div>
              <span aria-hidden="true">{assessment.progress}%</span>
            </div>
          </Card>
        )}
        {assessment.status === 'failed' && (
          <Alert tone="danger" title="The assessment failed.">
            {assessment.error}
          </Alert>
        )}
        <Card title="Summary" labelledBy="summary-title">
          <dl className={styles.summary}>
            <div>
              <dt>Verdict</dt>
              <dd>
                <VerdictBadge assessment={assessment} />
              </dd>
            </div>
            <div>
              <dt>Score</dt>
              <dd className={styles.score}>
                {assessment.score === null ? '—' : scorePercent(assessment.score)}
              </dd>
            </div>
            <div>
              <dt>Findings</dt>
              <dd>{assessment.findings_count ?? '—'}</dd>
            </div>
            <div>
              <dt>High or critical</dt>
              <dd>{assessment.high_findings ?? '—'}</dd>
            </div>
            <div>
              <dt>Medium</dt>
              <dd>{assessment.medium_findings ?? '—'}</dd>
            </div>
            <div>
              <dt>Submitted</dt>
              <dd>
                <Time value={assessment.created_at} />
              </dd>
            </div>
            <div>
              <dt>Completed</dt>
              <dd>{assessment.completed_at ? <Time value={assessment.completed_at} /> : '—'}</dd>
            </div>
          </dl>
        </Card>
        {assessment.status === 'complete' && <Findings assessmentId={assessment.id} />}
      </Stack>
    </>
  );
}

type Column = 'control' | 'title' | 'status' | 'severity' | 'evidence';

function valueOf(finding: Finding, column: Column) {
  switch (column) {
    case 'control':
      return controlId(finding.control);
    case 'title':
      return finding.title;
    case 'status':
      return STATUS_RANK[finding.status];
    case 'severity':
      return SEVERITY_RANK[finding.severity];
    case 'evidence':
      return finding.evidence.length;
  }
}

/** Every control of the framework: its status, severity, the quoted evidence in its place, the remediation. */
function Findings({ assessmentId }: { assessmentId: string }) {
  const findings = useFindings(assessmentId, true);
  const [params, setParams] = useSearchParams();
  const filters: FindingFilters = {
    status: FINDING_STATUSES.find((status) => status === params.get('status')),
    severity: SEVERITIES.find((severity) => severity === params.get('severity')),
  };
  const all = findings.data?.data ?? [];
  const { rows, sort, setSort } = useSortedRows<Finding, Column>(filterFindings(all, filters), valueOf);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const setFilter = (name: string) => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const counts = FINDING_STATUSES.map(
    (status) =>
      `${all.filter((finding) => finding.status === status).length} ${FINDING_STATUS_LABELS[status].toLowerCase()}`,
  ).join(' · ');

  return (
    <Card
      title="Findings"
      labelledBy="findings-title"
      action={<span className={styles.counts}>{counts}</span>}
    >
      <FilterBar label="Filter findings" columns="repeat(3, minmax(160px, 240px))">
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          onChange={setFilter('status')}
          options={[
            { value: '', label: 'Every status' },
            ...FINDING_STATUSES.map((status) => ({ value: status, label: FINDING_STATUS_LABELS[status] })),
          ]}
        />
        <SelectField
          label="Severity"
          value={filters.severity ?? ''}
          onChange={setFilter('severity')}
          options={[
            { value: '', label: 'Every severity' },
            ...SEVERITIES.map((severity) => ({ value: severity, label: SEVERITY_LABELS[severity] })),
          ]}
        />
      </FilterBar>
      {findings.isPending ? (
        <Loading compact label="Loading findings…" />
      ) : findings.isError ? (
        <ErrorState compact error={findings.error} onRetry={() => void findings.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState compact title={all.length === 0 ? 'No findings' : 'No finding matches these filters'} />
      ) : (
        <TableScroll>
          <table className={table.table}>
            <caption className="visually-hidden">Findings, one per control</caption>
            <thead>
              <tr>
                <SortableHeader column="control" sort={sort} onSort={setSort}>
                  Control
                </SortableHeader>
                <SortableHeader column="title" sort={sort} onSort={setSort}>
                  Requirement
                </SortableHeader>
                <SortableHeader column="status" sort={sort} onSort={setSort}>
                  Status
                </SortableHeader>
                <SortableHeader column="severity" sort={sort} onSort={setSort}>
                  Severity
                </SortableHeader>
                <SortableHeader column="evidence" sort={sort} onSort={setSort} numeric>
                  Evidence
                </SortableHeader>
              </tr>
            </thead>
            <tbody>
              {rows.map((finding) => {
                const expanded = open.has(finding.finding_id);
                const detailId = `finding-${finding.finding_id}`;
                return (
                  <Fragment key={finding.finding_id}>
                    <tr>
                      <td className={styles.control}>
                        <code>{controlId(finding.control)}</code>
                      </td>
                      <td>
                        <button
                          type="button"
                          className={styles.disclosure}
                          aria-expanded={expanded}
                          aria-controls={detailId}
                          onClick={() => toggle(finding.finding_id)}
                        >
                          <span aria-hidden="true">{expanded ? '▾' : '▸'}</span> {finding.title}
                        </button>
                      </td>
                      <td>
                        <FindingStatusBadge status={finding.status} />
                      </td>
                      <td>
                        <SeverityBadge severity={finding.severity} />
                      </td>
                      <td className={table.numeric}>{finding.evidence.length}</td>
                    </tr>
                    {expanded && (
                      <tr id={detailId} className={styles.detailRow}>
                        <td colSpan={5}>
                          <FindingDetail finding={finding} />
                        </td>
                      </tr>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}
    </Card>
  );
}

function FindingDetail({ finding }: { finding: Finding }) {
  return (
    <section className={styles.detail} aria-label={`${finding.title}: details`}>
      <p>{finding.description}</p>
      <h3>Evidence</h3>
      {finding.evidence.length === 0 ? (
        <p className={styles.muted}>The document gives no passage for this control.</p>
      ) : (
        <ul className={styles.evidenceList}>
          {finding.evidence.map((evidence) => (
            <li key={evidence.offset}>
              <EvidenceExcerpt evidence={evidence} />
            </li>
          ))}
        </ul>
      )}
      <h3>Remediation</h3>
      <p>{finding.remediation}</p>
    </section>
  );
}

/** The quote marked where it sits: the text around it in its paragraph, as the document has it. */
export function EvidenceExcerpt({ evidence }: { evidence: Evidence }) {
  return (
    <figure className={styles.excerpt}>
      <blockquote>
        {evidence.context_before && <span>{evidence.context_before}</span>}
        <mark>{evidence.quote}</mark>
        {evidence.context_after && <span>{evidence.context_after}</span>}
      </blockquote>
      <figcaption>
        {evidence.section ? `${evidence.section} · ` : ''}line {evidence.line}
      </figcaption>
    </figure>
  );
}

export const Component = AssessmentPage;
