import { type ReactNode, useState } from 'react';
import { useCan } from '../auth/session-context';
import { Button } from '../design/button';
import { Link, useParams } from 'react-router';
import { Badge } from '../design/badge';
import { usePageTitle } from '../design/page-title';
import { RecordUnavailable } from '../design/record-unavailable';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Actions, Card, PageHeader, Stack } from '../design/surface';
import table from '../design/table.module.css';
import { Time } from '../design/time';
import { SystemAssessments } from '../assessments/system-assessments';
import { LiveIndicator } from '../live/live-indicator';
import { SystemDriftChart } from '../policies/system-drift-chart';
import { SystemTelemetry } from './telemetry/system-telemetry';
import { SystemViolations } from '../policies/system-violations';
import { useLiveUpdates } from '../live/live-updates';
import { useActivity } from '../overview/dashboard.queries';
import { EVENT_LABELS, SEVERITY_LABELS, SEVERITY_TONES } from '../overview/labels';
import { DISCOVERY_LABELS, SOURCE_LABELS } from './labels';
import { EditSystemDialog } from './edit-system-dialog';
import { SystemActions } from './system-actions';
import { DeclaredBadge, RiskBadge, StatusBadge } from './system-badges';
import { type SystemDetail, useSystem } from './systems.queries';
import record from '../design/record.module.css';
import { TableScroll } from '../design/table-scroll';

export function SystemPage() {
  const { id = '' } = useParams();
  const system = useSystem(id);
  const canWrite = useCan('systems:write');
  const [editing, setEditing] = useState(false);
  const live = useLiveUpdates('systems');
  useLiveUpdates('dashboard');
  usePageTitle(system.data?.name ?? 'System');
  const back = (
    <Link className={record.back} to="/systems">
      ← All systems
    </Link>
  );
  if (!system.data)
    return (
      <>
        {back}
        <RecordUnavailable query={system} noun="system" />
      </>
    );
  const data = system.data;
  return (
    <>
      {back}
      <PageHeader
        title={data.name}
        description={
          <span className={record.titleBadges}>
            <RiskBadge tier={data.risk_tier} />
            <DeclaredBadge system={data} />
            <StatusBadge status={data.status} />
          </span>
        }
        actions={
          <Actions>
            <LiveIndicator status={live} />
            {canWrite && (
              <Button size="medium" onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
            <SystemActions system={data} size="medium" />
          </Actions>
        }
      />
      {editing && <EditSystemDialog system={data} onClose={() => setEditing(false)} />}
      <Stack gap={4}>
        <Card title="Details" labelledBy="details-title">
          <Details system={data} />
        </Card>
        <Card title="Probes" labelledBy="probes-title">
          <Probes probes={data.probes} />
        </Card>
        <SystemTelemetry systemId={data.id} />
        <SystemDriftChart systemId={data.id} />
        <SystemViolations systemId={data.id} />
        <SystemAssessments systemId={data.id} />
        <SystemActivity systemId={data.id} />
      </Stack>
    </>
  );
}

function Details({ system }: { system: SystemDetail }) {
  const rows: Array<[string, ReactNode]> = [
    ['Description', system.description ?? '—'],
    ['Owner', system.owner ?? '—'],
    ['Vendor', system.vendor ?? '—'],
    ['Model', system.model ?? '—'],
    ['Environment', system.environment ?? '—'],
    ['Host', system.host ?? '—'],
    ['Runtime', system.runtime ?? '—'],
    ['Tags', system.tags.length ? system.tags.map((tag) => <Badge key={tag}>{tag}</Badge>) : '—'],
    ['Source', SOURCE_LABELS[system.registration_source]],
    ['Discovered by', DISCOVERY_LABELS[system.discovery_method]],
    ['Registered', <Time key="created" value={system.created_at} />],
    ['Last changed', <Time key="updated" value={system.updated_at} />],
    ['System id', <code key="id">{system.id}</code>],
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

function Probes({ probes }: { probes: SystemDetail['probes'] }) {
  if (probes.length === 0)
    return (
      <EmptyState compact title="No probe watches this system">
        Register a probe with this system’s id or name to see its connection and heartbeats here.
      </EmptyState>
    );
  return (
    <TableScroll>
      <table className={table.table}>
        <caption className="visually-hidden">Probes of this system</caption>
        <thead>
          <tr>
            <th scope="col">Probe</th>
            <th scope="col">Host</th>
            <th scope="col">Version</th>
            <th scope="col">Connection</th>
            <th scope="col">Health</th>
            <th scope="col">Last heartbeat</th>
            <th scope="col" className={table.numeric}>
              Queue
            </th>
          </tr>
        </thead>
        <tbody>
          {probes.map((probe) => (
            <tr key={probe.probe_id}>
              <td>{probe.probe_name}</td>
              <td className={table.muted}>{probe.host}</td>
              <td className={table.muted}>{probe.version ?? '—'}</td>
              <td>
                {probe.connection === 'connected' ? (
                  <Badge tone="success">Connected</Badge>
                ) : (
                  <Badge tone="danger">Disconnected</Badge>
                )}
              </td>
              <td className={table.muted}>{probe.status ?? 'No heartbeat yet'}</td>
              <td className={table.muted}>
                <Time value={probe.last_heartbeat_at} empty="Never" />
              </td>
              <td className={table.numeric}>{probe.queue_depth ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

/** The system's other events: its policy violations have their own section above, so they are left out here. */
function SystemActivity({ systemId }: { systemId: string }) {
  const activity = useActivity({ system_id: systemId, exclude_event: 'policy.violated' }, 10);
  const items = activity.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card title="Other recent activity" labelledBy="system-activity-title">
      {activity.isPending ? (
        <Loading compact />
      ) : activity.isError ? (
        <ErrorState compact error={activity.error} onRetry={() => void activity.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState compact title="No activity for this system yet" />
      ) : (
        <TableScroll>
          <table className={table.table}>
            <caption className="visually-hidden">Recent activity of this system</caption>
            <thead>
              <tr>
                <th scope="col">Severity</th>
                <th scope="col">Event</th>
                <th scope="col">Summary</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <td>
                    <Badge tone={SEVERITY_TONES[item.severity]}>{SEVERITY_LABELS[item.severity]}</Badge>
                  </td>
                  <td className={table.muted}>{EVENT_LABELS[item.event]}</td>
                  <td>{item.summary}</td>
                  <td className={table.muted}>
                    <Time value={item.timestamp} />
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

export const Component = SystemPage;
