import { type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useCan } from '../auth/session-context';
import { Badge } from '../design/badge';
import { Pager, useCursorPages } from '../design/pager';
import { usePageTitle } from '../design/page-title';
import { RecordUnavailable } from '../design/record-unavailable';
import { LiveIndicator } from '../live/live-indicator';
import { useLiveUpdates } from '../live/live-updates';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Actions, Card, PageHeader, Stack } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { EnforcementToggle, ModeBadge } from './enforcement-toggle';
import { frameworkLabel, SEVERITY_LABELS, SEVERITY_TONES } from './labels';
import { type Policy, useActivityPage, usePolicy } from './policies.queries';
import { PolicyActions } from './policy-actions';
import { type GroupNode, ruleJson, ruleToBuilder } from './rule-builder';
import { conditionText, groupText } from './rule-text';
import record from '../design/record.module.css';
import styles from './policies.module.css';
import { TableScroll } from '../design/table-scroll';

const VIOLATIONS_PAGE = 20;

export function PolicyPage() {
  const { id = '' } = useParams();
  const policy = usePolicy(id);
  const canWrite = useCan('policies:write');
  usePageTitle(policy.data?.name ?? 'Policy');
  const back = (
    <Link className={record.back} to="/policies">
      ← All policies
    </Link>
  );
  if (!policy.data)
    return (
      <>
        {back}
        <RecordUnavailable query={policy} noun="policy" />
      </>
    );
  const data = policy.data;
  return (
    <>
      {back}
      <PageHeader
        title={data.name}
        description={
          <span className={record.titleBadges}>
            <ModeBadge mode={data.enforcement_mode} />
            {data.status === 'active' ? <Badge tone="success">Active</Badge> : <Badge>Disabled</Badge>}
          </span>
        }
        actions={
          canWrite && (
            <Actions>
              <EnforcementToggle policy={data} />
              <PolicyActions policy={data} />
            </Actions>
          )
        }
      />
      <Stack gap={4}>
        <Card title="Details" labelledBy="policy-details-title">
          <Details policy={data} />
        </Card>
        <Card title="Rule" labelledBy="policy-rule-title">
          <p className={styles.panelHint}>
            A telemetry record violates this policy when this rule holds for it.
          </p>
          <RuleOutline rule={data.rules} />
          <pre className={styles.code}>{ruleJson(data.rules)}</pre>
        </Card>
        <PolicyViolations policyId={data.id} />
      </Stack>
    </>
  );
}

/** The rule in words, as the builder reads it; a rule the builder cannot show has its JSON only. */
function RuleOutline({ rule }: { rule: unknown }) {
  const built = ruleToBuilder(rule);
  if (!built.ok) return null;
  const single = built.root.children.length === 1 && !built.root.negated;
  const group = (node: GroupNode): ReactNode => (
    <ul className={styles.outline}>
      {node.children.map((child) => (
        <li key={child.id}>
          {child.type === 'condition' ? (
            conditionText(child)
          ) : (
            <>
              {groupText(child)}
              {group(child)}
            </>
          )}
        </li>
      ))}
    </ul>
  );
  return (
    <div className={styles.outlineWrap}>
      {single ? null : <p>{groupText(built.root)}</p>}
      {group(built.root)}
    </div>
  );
}

function Details({ policy }: { policy: Policy }) {
  const scope =
    'all_systems' in policy.scope
      ? 'Every system'
      : policy.scope.system_ids.map((id) => (
          <div key={id}>
            <Link to={`/systems/${id}`}>
              <code>{id}</code>
            </Link>
          </div>
        ));
  const rows: Array<[string, ReactNode]> = [
    ['Description', policy.description ?? '—'],
    ['Applies to', scope],
    [
      'Severity',
      <span key="severity">
        <Badge tone={SEVERITY_TONES[policy.severity]}>{SEVERITY_LABELS[policy.severity]}</Badge>
        {policy.severity_by_mode && <span className={table.muted}> · follows the mode</span>}
      </span>,
    ],
    ['Framework', frameworkLabel(policy.framework)],
    ['Control', policy.control ?? '—'],
    ['Version', policy.version],
    ['Created', <Time key="created" value={policy.created_at} />],
    ['Last changed', <Time key="updated" value={policy.updated_at} />],
    ['Policy id', <code key="id">{policy.id}</code>],
  ];
  return (
    <dl className={record.details}>
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The violations this policy raised, newest first, from the activity feed: all of them, a page at a time. */
function PolicyViolations({ policyId }: { policyId: string }) {
  const pages = useCursorPages(policyId);
  const violations = useActivityPage({ policy_id: policyId }, VIOLATIONS_PAGE, pages.cursor);
  const live = useLiveUpdates('dashboard');
  const items = violations.data?.data ?? [];
  const total = violations.data?.total ?? 0;
  const first = (pages.page - 1) * VIOLATIONS_PAGE + 1;
  return (
    <Card
      title={violations.data ? `Violations (${total})` : 'Violations'}
      labelledBy="policy-violations-title"
      action={<LiveIndicator status={live} />}
    >
      {violations.isPending ? (
        <Loading compact label="Loading violations…" />
      ) : violations.isError ? (
        <ErrorState compact error={violations.error} onRetry={() => void violations.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState compact title="No violations yet">
          When a probe’s telemetry breaks this rule, the violation shows here.
        </EmptyState>
      ) : (
        <>
          <TableScroll>
            <table className={table.table} aria-busy={violations.isFetching}>
              <caption className="visually-hidden">Violations of this policy</caption>
              <thead>
                <tr>
                  <th scope="col">Severity</th>
                  <th scope="col">What happened</th>
                  <th scope="col">When</th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id}>
                    <td>
                      <Badge tone={SEVERITY_TONES[item.severity]}>{SEVERITY_LABELS[item.severity]}</Badge>
                    </td>
                    <td>{item.summary}</td>
                    <td className={table.muted}>
                      <Time value={item.timestamp} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            label="Pages of violations"
            pages={pages}
            nextCursor={violations.isPlaceholderData ? null : violations.data?.next_cursor}
          >
            {first}–{first + items.length - 1} of {total} violations
          </Pager>
        </>
      )}
    </Card>
  );
}

export const Component = PolicyPage;
