import { type FormEvent, Fragment, useState } from 'react';
import { useSearchParams } from 'react-router';
import { problemMessage } from '../api/problem';
import { useCan } from '../auth/session-context';
import { FilterBar } from '../design/filter-bar';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { SelectField, TextField } from '../design/field';
import { Pager, useCursorPages } from '../design/pager';
import { usePageTitle } from '../design/page-title';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Alert, PageHeader } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { useMembers } from '../members/members.queries';
import {
  type AuditEntry,
  type AuditFilters,
  type ExportFormat,
  useAuditLog,
  useExportAudit,
  useVerifyChain,
} from './audit.queries';
import { ACTOR_TYPE_LABELS, instantFrom, verdictSentence } from './labels';
import styles from './audit-log.module.css';
import { TableScroll } from '../design/table-scroll';

type Column = 'seq' | 'occurred' | 'actor' | 'action' | 'target';
const TEXT_FILTERS = ['actor', 'action', 'target_type', 'target_id'] as const;
const ACTOR_TYPES = ['user', 'api_key', 'service'] as const;
const ACTOR_TYPE_OPTIONS = [
  { value: '', label: 'Anyone' },
  ...ACTOR_TYPES.map((type) => ({ value: type, label: ACTOR_TYPE_LABELS[type] })),
];

/** The filters live in the address (times as the viewer typed them, in their zone). */
function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters: AuditFilters = {};
  for (const name of TEXT_FILTERS) {
    const value = params.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const actorType = ACTOR_TYPES.find((type) => type === params.get('actor_type'));
  if (actorType) filters.actor_type = actorType;
  const from = instantFrom(params.get('from') ?? '');
  if (from) filters.from = from;
  const to = instantFrom(params.get('to') ?? '');
  if (to) filters.to = to;
  return filters;
}

function valueOf(entry: AuditEntry, column: Column) {
  switch (column) {
    case 'seq':
      return entry.seq;
    case 'occurred':
      return entry.occurred_at;
    case 'actor':
      return entry.actor_id;
    case 'action':
      return entry.action;
    case 'target':
      return `${entry.target_type} ${entry.target_id}`;
  }
}

const FORM_FIELDS = ['actor', 'actor_type', 'action', 'target_type', 'target_id', 'from', 'to'] as const;
type FormState = Record<(typeof FORM_FIELDS)[number], string>;

export function AuditLogPage() {
  usePageTitle('Audit log');
  const canRead = useCan('audit:read');
  if (!canRead) return <NotPermitted />;
  return <AuditLog />;
}

function NotPermitted() {
  return (
    <>
      <PageHeader title="Audit log" />
      <EmptyState title="Your role does not include the audit log">
        Owners, admins and auditors read the audit log. Ask one of them if you need an entry.
      </EmptyState>
    </>
  );
}

function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const [form, setForm] = useState<FormState>(
    () => Object.fromEntries(FORM_FIELDS.map((name) => [name, params.get(name) ?? ''])) as FormState,
  );
  const key = JSON.stringify(filters);
  const pages = useCursorPages(key);
  const log = useAuditLog(filters, pages.cursor);
  const sorted = useSortedRows<AuditEntry, Column>(log.data?.data ?? [], valueOf);
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const verify = useVerifyChain();
  const exporting = useExportAudit();
  const members = useMembers(useCan('members:read'));
  const names = new Map((members.data ?? []).map((member) => [member.id, member.name]));

  const change = (name: keyof FormState) => (event: { target: { value: string } }) =>
    setForm((previous) => ({ ...previous, [name]: event.target.value }));
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const next = new URLSearchParams();
    for (const name of FORM_FIELDS) if (form[name].trim()) next.set(name, form[name].trim());
    setParams(next, { replace: true });
  };
  const clear = () => {
    setForm(Object.fromEntries(FORM_FIELDS.map((name) => [name, ''])) as FormState);
    setParams(new URLSearchParams(), { replace: true });
  };
  const toggle = (id: string) =>
    setOpen((previous) => {
      const next = new Set(previous);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const exportAs = (format: ExportFormat) => exporting.mutate({ format, filters });
  const header = (column: Column, label: string) => (
    <SortableHeader column={column} sort={sorted.sort} onSort={sorted.setSort}>
      {label}
    </SortableHeader>
  );

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every change in the organization, by a person, an API key or a service, in a hash chain."
        actions={
          <>
            <Button onClick={() => exportAs('csv')} disabled={exporting.isPending}>
              Export CSV
            </Button>
            <Button onClick={() => exportAs('json')} disabled={exporting.isPending}>
              Export JSON
            </Button>
            <Button variant="primary" onClick={() => verify.mutate()} disabled={verify.isPending}>
              {verify.isPending ? 'Verifying…' : 'Verify chain'}
            </Button>
          </>
        }
      />
      <div className={styles.notices}>
        {exporting.isError && (
          <Alert tone="danger" title="The export failed.">
            {problemMessage(exporting.error)}
          </Alert>
        )}
        {verify.isError && (
          <Alert tone="danger" title="The chain could not be verified.">
            {problemMessage(verify.error)}
          </Alert>
        )}
        {verify.data &&
          (verify.data.ok ? (
            <Alert tone="success" title="The chain is intact.">
              {verdictSentence(verify.data)}
            </Alert>
          ) : (
            <Alert tone="danger" title="The chain is broken.">
              {verdictSentence(verify.data)}
            </Alert>
          ))}
      </div>

      <FilterBar label="Filter the audit log" columns="repeat(4, minmax(150px, 1fr))" onSubmit={apply}>
        <TextField
          label="Actor"
          required={false}
          value={form.actor}
          onChange={change('actor')}
          placeholder="usr_…, key_… or a service"
        />
        <SelectField
          label="Actor type"
          value={form.actor_type}
          options={ACTOR_TYPE_OPTIONS}
          onChange={change('actor_type')}
        />
        <TextField
          label="Action"
          required={false}
          value={form.action}
          onChange={change('action')}
          placeholder="system.updated"
        />
        <TextField
          label="Target type"
          required={false}
          value={form.target_type}
          onChange={change('target_type')}
          placeholder="system, member…"
        />
        <TextField label="Target id" required={false} value={form.target_id} onChange={change('target_id')} />
        <TextField
          label="From"
          required={false}
          type="datetime-local"
          value={form.from}
          onChange={change('from')}
        />
        <TextField
          label="To"
          required={false}
          type="datetime-local"
          value={form.to}
          onChange={change('to')}
          hint="Before this time."
        />
        <div className={styles.filterActions}>
          <Button type="submit">Apply filters</Button>
          <Button variant="ghost" onClick={clear}>
            Clear
          </Button>
        </div>
      </FilterBar>

      {log.isPending ? (
        <Loading label="Loading the audit log…" />
      ) : log.isError ? (
        <ErrorState error={log.error} onRetry={() => void log.refetch()} />
      ) : sorted.rows.length === 0 ? (
        <EmptyState
          title={Object.keys(filters).length > 0 ? 'No entry matches these filters' : 'No entries yet'}
        >
          {Object.keys(filters).length > 0
            ? undefined
            : 'Every change made in the organization appears here.'}
        </EmptyState>
      ) : (
        <>
          <TableScroll>
            <table className={table.table} aria-busy={log.isFetching}>
              <caption className="visually-hidden">Audit log entries</caption>
              <thead>
                <tr>
                  {header('seq', '#')}
                  {header('occurred', 'When')}
                  {header('actor', 'Actor')}
                  {header('action', 'Action')}
                  {header('target', 'Target')}
                  <th scope="col">
                    <span className="visually-hidden">Details</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {sorted.rows.map((entry) => {
                  const expanded = open.has(entry.id);
                  const detailsId = `audit-${entry.id}`;
                  return (
                    <Fragment key={entry.id}>
                      <tr>
                        <td className={table.muted}>{entry.seq}</td>
                        <td className={table.muted}>
                          <Time value={entry.occurred_at} />
                        </td>
                        <td>
                          <div className={styles.stacked}>
                            <span>{names.get(entry.actor_id) ?? entry.actor_id}</span>
                            <span className={styles.sub}>
                              {ACTOR_TYPE_LABELS[entry.actor_type]}
                              {names.has(entry.actor_id) ? ` · ${entry.actor_id}` : ''}
                            </span>
                          </div>
                        </td>
                        <td>
                          <Badge>{entry.action}</Badge>
                        </td>
                        <td>
                          <div className={styles.stacked}>
                            <span>{entry.target_type}</span>
                            <span className={styles.sub}>{entry.target_id}</span>
                          </div>
                        </td>
                        <td className={styles.expandCell}>
                          <Button
                            size="small"
                            variant="ghost"
                            aria-expanded={expanded}
                            aria-controls={expanded ? detailsId : undefined}
                            aria-label={`${expanded ? 'Hide' : 'Show'} changes of entry ${entry.seq}`}
                            onClick={() => toggle(entry.id)}
                          >
                            {expanded ? 'Hide' : 'Changes'}
                          </Button>
                        </td>
                      </tr>
                      {expanded && (
                        <tr id={detailsId} className={styles.detailsRow}>
                          <td colSpan={6}>
                            <EntryDetails entry={entry} />
                          </td>
                        </tr>
                      )}
                    </Fragment>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            label="Pages of the audit log"
            pages={pages}
            nextCursor={log.isPlaceholderData ? null : log.data.next_cursor}
          >
            {sorted.rows.length} entr{sorted.rows.length === 1 ? 'y' : 'ies'} shown
          </Pager>
        </>
      )}
    </>
  );
}

function EntryDetails({ entry }: { entry: AuditEntry }) {
  return (
    <div className={styles.details}>
      <section aria-label={`Before entry ${entry.seq}`}>
        <h3>Before</h3>
        {entry.before ? (
          <pre>{JSON.stringify(entry.before, null, 2)}</pre>
        ) : (
          <p className={styles.sub}>Nothing (created)</p>
        )}
      </section>
      <section aria-label={`After entry ${entry.seq}`}>
        <h3>After</h3>
        {entry.after ? (
          <pre>{JSON.stringify(entry.after, null, 2)}</pre>
        ) : (
          <p className={styles.sub}>Nothing (deleted)</p>
        )}
      </section>
      <dl className={styles.meta}>
        <div>
          <dt>Service</dt>
          <dd>{entry.service}</dd>
        </div>
        <div>
          <dt>Address</dt>
          <dd>{entry.address ?? '—'}</dd>
        </div>
        <div>
          <dt>User agent</dt>
          <dd>{entry.user_agent ?? '—'}</dd>
        </div>
        <div>
          <dt>Hash</dt>
          <dd className={styles.hash}>{entry.hash}</dd>
        </div>
      </dl>
    </div>
  );
}

export const Component = AuditLogPage;
