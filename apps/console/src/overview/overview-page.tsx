import { lazy, type ReactNode, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '../design/badge';
import { Button } from '../design/button';
import { SelectField } from '../design/field';
import { usePageTitle } from '../design/page-title';
import { EmptyState, ErrorState, Loading } from '../design/states';
import { Card, Grid, PageHeader, Stack } from '../design/surface';
import { Time } from '../design/time';
import { LiveIndicator } from '../live/live-indicator';
import { useLiveUpdates } from '../live/live-updates';
import { RISK_TIER_LABELS, RISK_TIERS } from '../systems/labels';
import {
  type ActivityEvent,
  type Severity,
  type Summary,
  useActivity,
  useComplianceStatus,
  useSummary,
} from './dashboard.queries';
import { COMPLIANCE_LABELS, EVENT_LABELS, SEVERITIES, SEVERITY_LABELS, SEVERITY_TONES } from './labels';
import styles from './overview.module.css';

// ECharts is the heaviest thing on this page: loaded after the numbers are on screen.
const ScoreGauge = lazy(() => import('./score-gauge'));

/** Each part of the score, and what it measures, in the words of a governance lead. */
const BREAKDOWN: ReadonlyArray<{
  key: Exclude<keyof Summary['score_breakdown'], 'state'>;
  label: string;
  means: string;
}> = [
  {
    key: 'compliance',
    label: 'Compliance',
    means: 'How each system’s latest assessment against a framework went.',
  },
  {
    key: 'findings',
    label: 'Open findings',
    means: 'Gaps those assessments found and nobody has closed yet.',
  },
  {
    key: 'inventory_coverage',
    label: 'Inventory',
    means: 'Whether every AI system in use is declared, not just discovered.',
  },
  {
    key: 'runtime_health',
    label: 'Runtime health',
    means: 'Policy violations, drift and silent probes in production.',
  },
];

/** Whole points when whole, else one decimal: "12", "12.5". */
const pointsText = (points: number): string =>
  Number.isInteger(points) ? String(points) : points.toFixed(1);

/** A framework's score is a 0–1 fraction: shown as a percentage. */
export const percentText = (fraction: number): string => `${Math.round(fraction * 100)}%`;

export function OverviewPage() {
  usePageTitle('Overview');
  const summary = useSummary();
  const live = useLiveUpdates('dashboard');
  return (
    <>
      <PageHeader
        title="Overview"
        actions={<LiveIndicator status={live} />}
        description={
          summary.data?.updated_at ? (
            <>
              Updated <Time value={summary.data.updated_at} />
            </>
          ) : (
            'Your organization’s AI governance at a glance.'
          )
        }
      />
      {summary.isPending ? (
        <Loading label="Loading the overview…" />
      ) : summary.isError ? (
        <ErrorState error={summary.error} onRetry={() => void summary.refetch()} />
      ) : (
        <Stack gap={4}>
          <div className={styles.top}>
            <ScoreCard summary={summary.data} />
            <SystemsCard summary={summary.data} />
          </div>
          <Grid min={220}>
            <FindingsCard summary={summary.data} />
            <Stat
              label="Violations in 24 h"
              value={summary.data.violations_24h}
              hint={`Raised by ${summary.data.policies.active} active polic${summary.data.policies.active === 1 ? 'y' : 'ies'} (${summary.data.policies.block} blocking). Each policy’s page lists all its violations.`}
              id="violations"
              action={<Link to="/policies">Policies</Link>}
            />
            <Stat
              label="Drift alerts in 7 days"
              value={summary.data.drift_alerts_7d}
              hint="Runtime metrics that moved away from their baseline."
              id="drift"
            />
            <Stat
              label="Probes connected"
              value={summary.data.probes.connected}
              of={summary.data.probes.total}
              hint={
                summary.data.probes.disconnected > 0
                  ? `${summary.data.probes.disconnected} disconnected.`
                  : summary.data.probes.total > 0
                    ? 'Every probe is reporting.'
                    : 'No probe registered yet.'
              }
              id="probes"
            />
          </Grid>
          <ComplianceCard />
          <ActivityCard />
        </Stack>
      )}
    </>
  );
}

function ScoreCard({ summary }: { summary: Summary }) {
  const onboarding = summary.score_breakdown.state === 'onboarding';
  return (
    <Card title="Governance score" labelledBy="score-title">
      <div className={styles.score}>
        <div className={styles.gauge}>
          <Suspense fallback={<Loading compact label="Drawing the gauge…" />}>
            <ScoreGauge score={summary.governance_score} />
          </Suspense>
          <p className={styles.gaugeCaption}>
            <span className="visually-hidden">Score: </span>
            {Math.round(summary.governance_score)} of 100{onboarding ? ' · onboarding' : ''}
          </p>
        </div>
        <div>
          <p className={styles.breakdownIntro}>
            Four parts add up to the score; each can earn up to the points shown.
          </p>
          <ul className={styles.breakdown} aria-label="How the score is made">
            {BREAKDOWN.map(({ key, label, means }) => {
              const part = summary.score_breakdown[key];
              return (
                <li key={key}>
                  <div className={styles.partHead}>
                    <strong>{label}</strong>
                    <span className={styles.partPoints}>
                      {onboarding
                        ? `up to ${part.weight} points`
                        : `${pointsText(part.points)} of ${part.weight} points`}
                    </span>
                  </div>
                  <span className={styles.partMeans}>{means}</span>
                  <span className={styles.detail}>{part.detail}</span>
                </li>
              );
            })}
          </ul>
          {summary.average_assessment_score !== null && (
            <p className={styles.average}>
              <strong>Average assessment score: {Math.round(summary.average_assessment_score * 100)}%</strong>{' '}
              of the latest assessments, the figure reports lead with. The governance score also weighs open
              findings, inventory coverage and runtime health.
            </p>
          )}
        </div>
      </div>
    </Card>
  );
}

function SystemsCard({ summary }: { summary: Summary }) {
  const { systems } = summary;
  return (
    <Card title="Systems" labelledBy="systems-title" action={<Link to="/systems">Inventory</Link>}>
      <div className={styles.bigNumber}>
        {systems.total}
        <span className={styles.statLabel}> in use</span>
      </div>
      <div className={styles.split}>
        <div>
          <strong>{systems.declared}</strong>
          <span className={styles.statLabel}>declared</span>
        </div>
        <div>
          <strong>{systems.shadow}</strong>
          <span className={styles.statLabel}>shadow</span>
        </div>
        <div>
          <strong>{systems.by_status.retired}</strong>
          <span className={styles.statLabel}>retired</span>
        </div>
      </div>
      <ul className={styles.list} aria-label="Systems by risk tier">
        {RISK_TIERS.map((tier) => (
          <li key={tier}>
            <span>{RISK_TIER_LABELS[tier]}</span>
            <span className={styles.count}>{systems.by_risk_tier[tier]}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const SEVERITY_CLASS: Readonly<Record<Severity, string | undefined>> = {
  CRITICAL: styles.critical,
  HIGH: styles.high,
  MEDIUM: styles.medium,
  INFO: styles.info,
};

function FindingsCard({ summary }: { summary: Summary }) {
  const { findings } = summary;
  const max = Math.max(1, ...SEVERITIES.map((severity) => findings.by_severity[severity]));
  return (
    <Card title="Open findings" labelledBy="findings-title">
      <div className={styles.bigNumber}>{findings.open}</div>
      <ul className={styles.list} aria-label="Open findings by severity">
        {SEVERITIES.map((severity) => (
          <li key={severity}>
            <span style={{ minWidth: '4.5em' }}>{SEVERITY_LABELS[severity]}</span>
            <span className={styles.bar} aria-hidden="true">
              <span
                className={`${styles.barFill} ${SEVERITY_CLASS[severity] ?? ''}`}
                style={{ width: `${(findings.by_severity[severity] / max) * 100}%` }}
              />
            </span>
            <span className={styles.count}>{findings.by_severity[severity]}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

function Stat({
  label,
  value,
  of,
  hint,
  id,
  action,
}: {
  label: string;
  value: number;
  of?: number;
  hint: string;
  id: string;
  action?: ReactNode;
}) {
  return (
    <Card title={label} labelledBy={`${id}-title`} action={action}>
      <div className={styles.bigNumber}>
        {value}
        {of !== undefined && <span className={styles.statLabel}> of {of}</span>}
      </div>
      <p className={styles.statHint}>{hint}</p>
    </Card>
  );
}

function ComplianceCard() {
  const compliance = useComplianceStatus();
  return (
    <Card title="Compliance by framework" labelledBy="compliance-title">
      {compliance.isPending ? (
        <Loading compact />
      ) : compliance.isError ? (
        <ErrorState compact error={compliance.error} onRetry={() => void compliance.refetch()} />
      ) : compliance.data.data.length === 0 ? (
        <EmptyState compact title="No frameworks yet" />
      ) : (
        <ul className={styles.badges}>
          {compliance.data.data.map((framework) => {
            const status = COMPLIANCE_LABELS[framework.status];
            return (
              <li key={framework.framework} className={styles.framework}>
                <strong>{framework.name}</strong>
                <span>
                  <Badge tone={status.tone}>{status.label}</Badge>
                  {framework.score !== null && (
                    <span className={styles.frameworkScore}> · score {percentText(framework.score)}</span>
                  )}
                </span>
                <small>
                  {framework.systems_assessed} system{framework.systems_assessed === 1 ? '' : 's'} assessed
                  {framework.last_assessed_at && (
                    <>
                      {' · '}
                      <Time value={framework.last_assessed_at} />
                    </>
                  )}
                </small>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

const EVENT_OPTIONS = [
  { value: '', label: 'All events' },
  ...Object.entries(EVENT_LABELS).map(([value, label]) => ({ value, label })),
];
const SEVERITY_OPTIONS = [
  { value: '', label: 'All severities' },
  ...SEVERITIES.map((value) => ({ value, label: SEVERITY_LABELS[value] })),
];

function ActivityCard() {
  const [event, setEvent] = useState<ActivityEvent | ''>('');
  const [severity, setSeverity] = useState<Severity | ''>('');
  const activity = useActivity({ ...(event ? { event } : {}), ...(severity ? { severity } : {}) });
  const items = activity.data?.pages.flatMap((page) => page.data) ?? [];
  return (
    <Card title="Activity" labelledBy="activity-title">
      <div className={styles.filters}>
        <SelectField
          label="Event"
          value={event}
          options={EVENT_OPTIONS}
          onChange={(change) => setEvent(change.target.value as ActivityEvent | '')}
        />
        <SelectField
          label="Severity"
          value={severity}
          options={SEVERITY_OPTIONS}
          onChange={(change) => setSeverity(change.target.value as Severity | '')}
        />
      </div>
      {activity.isPending ? (
        <Loading compact label="Loading activity…" />
      ) : activity.isError ? (
        <ErrorState compact error={activity.error} onRetry={() => void activity.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState compact title="No activity yet">
          {event || severity
            ? 'Nothing matches these filters.'
            : 'Events appear here as systems, probes and assessments report.'}
        </EmptyState>
      ) : (
        <>
          <ul className={styles.feed} aria-label="Activity">
            {items.map((item) => (
              <li key={item.id}>
                <Badge tone={SEVERITY_TONES[item.severity]}>{SEVERITY_LABELS[item.severity]}</Badge>
                <span>
                  <span className={styles.feedEvent}>{EVENT_LABELS[item.event]}</span>
                  {item.system_id ? (
                    <Link to={`/systems/${item.system_id}`}>{item.summary}</Link>
                  ) : (
                    item.summary
                  )}
                </span>
                <span className={styles.feedTime}>
                  <Time value={item.timestamp} />
                </span>
              </li>
            ))}
          </ul>
          {activity.hasNextPage && (
            <div className={styles.more}>
              <Button onClick={() => void activity.fetchNextPage()} disabled={activity.isFetchingNextPage}>
                {activity.isFetchingNextPage ? 'Loading…' : 'Show older activity'}
              </Button>
            </div>
          )}
        </>
      )}
    </Card>
  );
}

export const Component = OverviewPage;
