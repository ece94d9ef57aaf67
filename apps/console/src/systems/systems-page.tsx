import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useCan } from '../auth/session-context';
import { FilterBar } from '../design/filter-bar';
import { Button } from '../design/button';
import { SelectField, TextField } from '../design/field';
import { Pager, useCursorPages } from '../design/pager';
import { usePageTitle } from '../design/page-title';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { SortableHeader } from '../design/sortable-header';
import { type Sort } from '../design/sorting';
import { PageHeader } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { useDebounced } from '../design/use-debounced';
import { LiveIndicator } from '../live/live-indicator';
import { useLiveUpdates } from '../live/live-updates';
import { useSummary } from '../overview/dashboard.queries';
import { RISK_TIER_LABELS, RISK_TIERS, SOURCE_LABELS } from './labels';
import { RegisterSystemDialog } from './register-system-dialog';
import { SystemActions } from './system-actions';
import { DeclaredBadge, RiskBadge, StatusBadge } from './system-badges';
import { type SystemFilters, useSystems } from './systems.queries';
import styles from './systems.module.css';
import { TableScroll } from '../design/table-scroll';

const DECLARED_OPTIONS = [
  { value: '', label: 'Declared and shadow' },
  { value: 'true', label: 'Declared only' },
  { value: 'false', label: 'Shadow only' },
];
const TIER_OPTIONS = [
  { value: '', label: 'Every risk tier' },
  ...RISK_TIERS.map((tier) => ({ value: tier, label: RISK_TIER_LABELS[tier] })),
];
const STATUS_OPTIONS = [
  { value: '', label: 'Active and retired' },
  { value: 'active', label: 'Active' },
  { value: 'retired', label: 'Retired' },
];

type Filters = Omit<SystemFilters, 'limit' | 'cursor'>;

/** The filters live in the address, so a filtered inventory can be bookmarked and shared. */
function filtersFrom(params: URLSearchParams, search: string): Filters {
  const filters: Filters = {};
  const declared = params.get('declared');
  if (declared === 'true' || declared === 'false') filters.declared = declared;
  const tier = params.get('risk_tier');
  const knownTier = RISK_TIERS.find((known) => known === tier);
  if (knownTier) filters.risk_tier = knownTier;
  const status = params.get('status');
  if (status === 'active' || status === 'retired') filters.status = status;
  if (search.trim()) filters.q = search.trim();
  const sort = params.get('sort');
  if (sort === 'name' || sort === '-name' || sort === 'created_at') filters.sort = sort;
  return filters;
}

type SortColumn = 'name' | 'created_at';

/** The table's sort as its headers show it, from the API's `sort` (newest first unless said otherwise). */
function sortOf(sort: Filters['sort']): Sort<SortColumn> {
  const value = sort ?? '-created_at';
  const key = value.replace('-', '') as SortColumn;
  return { key, direction: value.startsWith('-') ? 'descending' : 'ascending' };
}

export function SystemsPage() {
  usePageTitle('Systems');
  const live = useLiveUpdates('systems');
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const filters = filtersFrom(params, useDebounced(search, 300));
  const key = JSON.stringify(filters);
  const pages = useCursorPages(key);
  const cursor = pages.cursor;
  const systems = useSystems(filters, cursor);
  const summary = useSummary();
  const canWrite = useCan('systems:write');
  const [registering, setRegistering] = useState(false);

  const setFilter = (name: string) => (event: { target: { value: string } }) => {
    const next = new URLSearchParams(params);
    if (event.target.value) next.set(name, event.target.value);
    else next.delete(name);
    setParams(next, { replace: true });
  };
  const sort = sortOf(filters.sort);
  const setSort = (next: Sort<SortColumn>) => {
    const value = `${next.direction === 'descending' ? '-' : ''}${next.key}`;
    const changed = new URLSearchParams(params);
    if (value === '-created_at') changed.delete('sort');
    else changed.set('sort', value);
    setParams(changed, { replace: true });
  };
  const filtered = Object.keys(filters).some((name) => name !== 'sort');
  const shadowCount = summary.data?.systems.shadow ?? 0;
  const rows = systems.data?.data ?? [];

  return (
    <>
      <PageHeader
        title="Systems"
        description="Every AI system of the organization: declared, discovered by probes, and retired."
        actions={
          <>
            <LiveIndicator status={live} />
            {canWrite && (
              <Button variant="primary" onClick={() => setRegistering(true)}>
                Register system
              </Button>
            )}
          </>
        }
      />
      {shadowCount > 0 && filters.declared !== 'false' && (
        <div className={styles.shadowNotice} role="status">
          <span>
            <strong>
              {shadowCount} shadow system{shadowCount === 1 ? '' : 's'}
            </strong>{' '}
            found by discovery {shadowCount === 1 ? 'is' : 'are'} not declared yet.
          </span>
          <Button size="small" onClick={() => setFilter('declared')({ target: { value: 'false' } })}>
            Review shadow systems
          </Button>
        </div>
      )}
      <FilterBar label="Filter systems" columns="minmax(220px, 2fr) repeat(3, minmax(150px, 1fr))">
        <TextField
          label="Search"
          type="search"
          required={false}
          placeholder="Name, owner, vendor or model"
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('q', event.target.value);
            else next.delete('q');
            setParams(next, { replace: true });
          }}
        />
        <SelectField
          label="Declared"
          value={filters.declared ?? ''}
          options={DECLARED_OPTIONS}
          onChange={setFilter('declared')}
        />
        <SelectField
          label="Risk tier"
          value={filters.risk_tier ?? ''}
          options={TIER_OPTIONS}
          onChange={setFilter('risk_tier')}
        />
        <SelectField
          label="Status"
          value={filters.status ?? ''}
          options={STATUS_OPTIONS}
          onChange={setFilter('status')}
        />
      </FilterBar>

      {systems.isPending ? (
        <Loading label="Loading systems…" />
      ) : systems.isError ? (
        <ErrorState error={systems.error} onRetry={() => void systems.refetch()} />
      ) : rows.length === 0 ? (
        filtered ? (
          <EmptyState title="No system matches these filters" />
        ) : (
          <EmptyState
            title="No systems yet"
            action={
              canWrite && (
                <Button variant="primary" onClick={() => setRegistering(true)}>
                  Register system
                </Button>
              )
            }
          >
            Register your AI systems here, or connect a probe: it registers the systems it watches and reveals
            the ones nobody declared.
          </EmptyState>
        )
      ) : (
        <>
          <TableScroll>
            <table className={table.table} aria-busy={systems.isFetching}>
              <caption className="visually-hidden">Systems</caption>
              <thead>
                <tr>
                  <SortableHeader column="name" sort={sort} onSort={setSort}>
                    Name
                  </SortableHeader>
                  <th scope="col">Risk tier</th>
                  <th scope="col">Inventory</th>
                  <th scope="col">Source</th>
                  <th scope="col">Environment</th>
                  <th scope="col">Status</th>
                  <SortableHeader column="created_at" sort={sort} onSort={setSort}>
                    Registered
                  </SortableHeader>
                  {canWrite && (
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  )}
                </tr>
              </thead>
              <tbody>
                {rows.map((system) => (
                  <tr key={system.id} className={system.declared ? undefined : styles.shadowRow}>
                    <td>
                      <div className={styles.nameCell}>
                        <Link to={`/systems/${system.id}`}>{system.name}</Link>
                        {(system.vendor || system.model) && (
                          <span>{[system.vendor, system.model].filter(Boolean).join(' · ')}</span>
                        )}
                      </div>
                    </td>
                    <td>
                      <RiskBadge tier={system.risk_tier} />
                    </td>
                    <td>
                      <DeclaredBadge system={system} />
                    </td>
                    <td className={table.muted}>{SOURCE_LABELS[system.registration_source]}</td>
                    <td className={table.muted}>{system.environment ?? '—'}</td>
                    <td>
                      <StatusBadge status={system.status} />
                    </td>
                    <td className={table.muted}>
                      <Time value={system.created_at} />
                    </td>
                    {canWrite && (
                      <td>
                        <div className={styles.rowActions}>
                          <SystemActions system={system} />
                        </div>
                      </td>
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            label="Pages of systems"
            pages={pages}
            nextCursor={systems.isPlaceholderData ? null : systems.data.next_cursor}
          >
            {rows.length} system{rows.length === 1 ? '' : 's'} shown
          </Pager>
        </>
      )}
      {canWrite && <RegisterSystemDialog open={registering} onClose={() => setRegistering(false)} />}
    </>
  );
}

export const Component = SystemsPage;
