import { dropTenantReplicaTablesSql, tenantReplicaTablesSql } from '@governance/auth';
import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { systemsReplicaTableSql } from '@governance/replicas';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The dashboard's read model. Every table is keyed by organization first, and holds the current state
 * (one row per system, probe, policy, (system, framework) head, finding, activity entry), so the summary
 * is a handful of indexed lookups over an organization's rows, never a scan of the event history.
 */
export const DASHBOARD_READ_MODEL_TABLES = [
  'dashboard.systems',
  'dashboard.probes',
  'dashboard.policies',
  'dashboard.assessment_heads',
  'dashboard.findings',
  'dashboard.activity',
  'dashboard.organization_state',
] as const;

export class DashboardInitial1764200000000 implements MigrationInterface {
  name = 'DashboardInitial1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(systemsReplicaTableSql('dashboard'));
    await runner.query(`CREATE TABLE dashboard.probes (
      organization_id text NOT NULL,
      probe_id text NOT NULL,
      probe_name text,
      connection text NOT NULL CHECK (connection IN ('connected', 'disconnected')),
      last_seen_at timestamptz NOT NULL,
      last_heartbeat_at timestamptz,
      PRIMARY KEY (organization_id, probe_id)
    )`);
    await runner.query(`CREATE TABLE dashboard.policies (
      organization_id text NOT NULL,
      policy_id text NOT NULL,
      name text NOT NULL,
      status text NOT NULL,
      enforcement_mode text NOT NULL,
      version integer NOT NULL,
      PRIMARY KEY (organization_id, policy_id)
    )`);
    // Assessment ids compare byte-wise ("C"): ULIDs sort by time only under that collation.
    // One row per (system, framework): the newest assessment id seen (from a finding or a completion;
    // assessment ids are time-ordered ULIDs) decides which findings are open, and the newest completed
    // assessment gives the verdict. `system_key` is the system id, or '' for an organization-level run.
    await runner.query(`CREATE TABLE dashboard.assessment_heads (
      organization_id text NOT NULL,
      system_key text NOT NULL,
      framework text NOT NULL,
      head_assessment_id text COLLATE "C" NOT NULL,
      completed_assessment_id text COLLATE "C",
      verdict text,
      score double precision,
      assessed_at timestamptz,
      PRIMARY KEY (organization_id, system_key, framework)
    )`);
    await runner.query(`CREATE TABLE dashboard.findings (
      organization_id text NOT NULL,
      finding_id text NOT NULL,
      system_key text NOT NULL,
      framework text NOT NULL,
      assessment_id text COLLATE "C" NOT NULL,
      severity text NOT NULL,
      PRIMARY KEY (organization_id, finding_id)
    )`);
    await runner.query(
      `CREATE INDEX findings_assessment_idx
       ON dashboard.findings (organization_id, system_key, framework, assessment_id)`,
    );
    await runner.query(`CREATE TABLE dashboard.activity (
      organization_id text NOT NULL,
      event_id text COLLATE "C" NOT NULL,
      event text NOT NULL,
      severity text NOT NULL,
      system_id text,
      occurred_at timestamptz NOT NULL,
      details jsonb NOT NULL,
      PRIMARY KEY (organization_id, event_id)
    )`);
    await runner.query(
      'CREATE INDEX activity_feed_idx ON dashboard.activity (organization_id, occurred_at DESC, event_id DESC)',
    );
    // Serves the event filter and the windowed counts of violations and drift alerts.
    await runner.query(
      `CREATE INDEX activity_event_idx
       ON dashboard.activity (organization_id, event, occurred_at DESC, event_id DESC)`,
    );
    await runner.query(
      `CREATE INDEX activity_system_idx
       ON dashboard.activity (organization_id, system_id, occurred_at DESC, event_id DESC)`,
    );
    // The newest event time applied per organization: the summary's updated_at.
    await runner.query(`CREATE TABLE dashboard.organization_state (
      organization_id text PRIMARY KEY,
      updated_at timestamptz NOT NULL
    )`);
    for (const statement of tenantReplicaTablesSql('dashboard')) await runner.query(statement);
    for (const statement of messagingTablesSql('dashboard')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('dashboard')) await runner.query(statement);
    for (const statement of dropTenantReplicaTablesSql('dashboard')) await runner.query(statement);
    for (const table of [...DASHBOARD_READ_MODEL_TABLES].reverse()) await runner.query(`DROP TABLE ${table}`);
  }
}
