import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../auth/session-context';
import { FilterBar } from '../design/filter-bar';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { SelectField } from '../design/field';
import { Pager, useCursorPages } from '../design/pager';
import { usePageTitle } from '../design/page-title';
import { SortableHeader, useSortedRows } from '../design/sortable-header';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Actions, PageHeader } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { CreatePolicyDialog } from './create-policy-dialog';
import { EnforcementToggle, ModeBadge } from './enforcement-toggle';
import { ImportFrameworkDialog } from './import-framework-dialog';
import {
  ENFORCEMENT_MODES,
  FRAMEWORK_LABELS,
  frameworkLabel,
  FRAMEWORKS,
  MODE_LABELS,
  SEVERITY_LABELS,
  SEVERITY_TONES,
  STATUS_LABELS,
} from './labels';
import { type Policy, type PolicyFilters, usePolicies } from './policies.queries';
import styles from './policies.module.css';
import { TableScroll } from '../design/table-scroll';

const STATUS_OPTIONS = [
  { value: '', label: 'Active and disabled' },
  { value: 'active', label: 'Active' },
  { value: 'disabled', label: 'Disabled' },
];
const MODE_OPTIONS = [
  { value: '', label: 'Block and Warn' },
  ...ENFORCEMENT_MODES.map((mode) => ({ value: mode, label: MODE_LABELS[mode] })),
];
const FRAMEWORK_OPTIONS = [
  { value: '', label: 'Every framework' },
  ...FRAMEWORKS.map((key) => ({ value: key, label: FRAMEWORK_LABELS[key] })),
];

type Filters = Omit<PolicyFilters, 'limit' | 'cursor'>;
type Column = 'name' | 'enforcement' | 'status' | 'severity' | 'framework' | 'updated';

const SEVERITY_RANK: Readonly<Record<Policy['severity'], number>> = {
  INFO: 0,
  MEDIUM: 1,
  HIGH: 2,
  CRITICAL: 3,
};

/** The filters live in the address, so a filtered list can be bookmarked and shared. */
function filtersFrom(params: URLSearchParams): Filters {
  const filters: Filters = {};
  const status = params.get('status');
  if (status === 'active' || status === 'disabled') filters.status = status;
  const mode = ENFORCEMENT_MODES.find((known) => known === params.get('enforcement_mode'));
  if (mode) filters.enforcement_mode = mode;
  const framework = FRAMEWORKS.find((known) => known === params.get('framework'));
  if (framework) filters.framework = framework;
  return filters;
}

function valueOf(policy: Policy, column: Column): string | number {
  switch (column) {
    case 'name':
      return policy.name;
    case 'enforcement':
      return MODE_LABELS[policy.enforcement_mode];
    case 'status':
      return STATUS_LABELS[policy.status];
    case 'severity':
      return SEVERITY_RANK[policy.severity];
    case 'framework':
      return policy.control ?? frameworkLabel(policy.framework);
    case 'updated':
      return policy.updated_at;
  }
}

export function PoliciesPage() {
  usePageTitle('Policies');
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const key = JSON.stringify(filters);
  const pages = useCursorPages(key);
  const cursor = pages.cursor;
  const policies = usePolicies(filters, cursor);
  const canWrite = useCan('policies:write');
  const [creating, setCreating] = useState(false);
  const [importing, setImporting] = useState(false);
  const sorted = useSortedRows<Policy, Column>(policies.data?.data ?? [], valueOf);

  const setFilter = (name: string) => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const actions = canWrite && (
    <Actions>
      <Button onClick={() => setImporting(true)}>Import framework</Button>
      <Button variant="primary" onClick={() => setCreating(true)}>
        Create policy
      </Button>
    </Actions>
  );
  const header = (column: Column, label: string) => (
    <SortableHeader column={column} sort={sorted.sort} onSort={sorted.setSort}>
      {label}
    </SortableHeader>
  );

  return (
    <>
      <PageHeader
        title="Policies"
        description="Runtime rules the probes enforce on your AI systems’ traffic: Block stops a request, Warn reports it."
        actions={actions}
      />
      <FilterBar label="Filter policies" columns="repeat(3, minmax(150px, 220px))">
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={setFilter('status')}
        />
        <SelectField
          label="Enforcement"
          value={filters.enforcement_mode ?? ''}
          options={MODE_OPTIONS}
          onChange={setFilter('enforcement_mode')}
        />
        <SelectField
          label="Framework"
          value={filters.framework ?? ''}
          options={FRAMEWORK_OPTIONS}
          onChange={setFilter('framework')}
        />
      </FilterBar>

      {policies.isPending ? (
        <Loading label="Loading policies…" />
      ) : policies.isError ? (
        <ErrorState error={policies.error} onRetry={() => void policies.refetch()} />
      ) : sorted.rows.length === 0 ? (
        Object.keys(filters).length > 0 ? (
          <EmptyState title="No policy matches these filters" />
        ) : (
          <EmptyState title="No policies yet" action={actions}>
            Write a rule of your own, or import a framework’s runtime controls (
            {FRAMEWORKS.map((key) => FRAMEWORK_LABELS[key]).join(', ')}) as policies.
          </EmptyState>
        )
      ) : (
        <>
          <TableScroll>
            <table className={table.table} aria-busy={policies.isFetching}>
              <caption className="visually-hidden">Policies (sorting orders the page shown)</caption>
              <thead>
                <tr>
                  {header('name', 'Name')}
                  {header('enforcement', 'Enforcement')}
                  {header('status', 'Status')}
                  {header('severity', 'Severity')}
                  {header('framework', 'Framework')}
                  {header('updated', 'Last changed')}
                </tr>
              </thead>
              <tbody>
                {sorted.rows.map((policy) => (
                  <tr key={policy.id}>
                    <td>
                      <div className={styles.nameCell}>
                        <Link to={`/policies/${policy.id}`}>{policy.name}</Link>
                        {policy.description && <span>{policy.description}</span>}
                      </div>
                    </td>
                    <td>
                      {canWrite ? (
                        <EnforcementToggle policy={policy} />
                      ) : (
                        <ModeBadge mode={policy.enforcement_mode} />
                      )}
                    </td>
                    <td>
                      {policy.status === 'active' ? (
                        <Badge tone="success">Active</Badge>
                      ) : (
                        <Badge>Disabled</Badge>
                      )}
                    </td>
                    <td>
                      <Badge tone={SEVERITY_TONES[policy.severity]}>{SEVERITY_LABELS[policy.severity]}</Badge>
                    </td>
                    <td className={table.muted}>
                      {policy.control ? (
                        <span title={frameworkLabel(policy.framework)}>{policy.control}</span>
                      ) : (
                        frameworkLabel(policy.framework)
                      )}
                    </td>
                    <td className={table.muted}>
                      <Time value={policy.updated_at} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            label="Pages of policies"
            pages={pages}
            nextCursor={policies.isPlaceholderData ? null : policies.data.next_cursor}
          >
            {sorted.rows.length} polic{sorted.rows.length === 1 ? 'y' : 'ies'} shown
          </Pager>
        </>
      )}
      {canWrite && (
        <>
          <CreatePolicyDialog
            open={creating}
            onClose={() => setCreating(false)}
            onCreated={(policy) => void navigate(`/policies/${policy.id}`)}
          />
          <ImportFrameworkDialog open={importing} onClose={() => setImporting(false)} />
        </>
      )}
    </>
  );
}

export const Component = PoliciesPage;
