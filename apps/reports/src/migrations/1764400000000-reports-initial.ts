import { dropTenantReplicaTablesSql, tenantReplicaTablesSql } from '@governance/auth';
import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { systemsReplicaTableSql } from '@governance/replicas';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The read model (built from events), the report jobs and the Postgres report storage. */
export const REPORTS_TABLES = [
  'reports.systems',
  'reports.assessments',
  'reports.findings',
  'reports.incidents',
  'reports.reports',
  'reports.report_files',
] as const;

export class ReportsInitial1764400000000 implements MigrationInterface {
  name = 'ReportsInitial1764400000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(systemsReplicaTableSql('reports'));
    // Assessment ids compare byte-wise ("C"): ULIDs sort by time only under that collation.
    await runner.query(`CREATE TABLE reports.assessments (
      organization_id text NOT NULL,
      assessment_id text COLLATE "C" NOT NULL,
      system_id text,
      framework text NOT NULL,
      verdict text NOT NULL,
      score double precision NOT NULL,
      findings_count integer NOT NULL,
      high_findings integer NOT NULL,
      medium_findings integer NOT NULL,
      completed_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, assessment_id)
    )`);
    await runner.query(
      'CREATE INDEX assessments_completed_idx ON reports.assessments (organization_id, completed_at DESC)',
    );
    await runner.query(`CREATE TABLE reports.findings (
      organization_id text NOT NULL,
      finding_id text NOT NULL,
      assessment_id text COLLATE "C" NOT NULL,
      system_id text,
      system_name text NOT NULL,
      framework text NOT NULL,
      control text NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      severity text NOT NULL,
      remediation_id text NOT NULL,
      created_at timestamptz NOT NULL,
      PRIMARY KEY (organization_id, finding_id)
    )`);
    await runner.query(
      'CREATE INDEX findings_assessment_idx ON reports.findings (organization_id, assessment_id)',
    );
    // Runtime events a report lists for its period: policy violations, drift alerts, probe disconnects.
    await runner.query(`CREATE TABLE reports.incidents (
      organization_id text NOT NULL,
      event_id text NOT NULL,
      event text NOT NULL,
      severity text NOT NULL,
      system_id text,
      occurred_at timestamptz NOT NULL,
      details jsonb NOT NULL,
      PRIMARY KEY (organization_id, event_id)
    )`);
    await runner.query(
      'CREATE INDEX incidents_time_idx ON reports.incidents (organization_id, occurred_at DESC)',
    );
    // A report job. `not_before` holds an automatic assessment report back while its findings arrive;
    // `claims` tells one worker's hold from a later one after a lease ended.
    await runner.query(`CREATE TABLE reports.reports (
      id text COLLATE "C" PRIMARY KEY,
      organization_id text NOT NULL,
      type text NOT NULL CHECK (type IN ('compliance', 'system', 'assessment', 'executive')),
      format text NOT NULL CHECK (format IN ('pdf', 'csv', 'json')),
      origin text NOT NULL CHECK (origin IN ('request', 'assessment_complete')),
      status text NOT NULL CHECK (status IN ('queued', 'running', 'complete', 'failed')),
      system_id text,
      framework text,
      assessment_id text COLLATE "C",
      period_from timestamptz,
      period_to timestamptz,
      not_before timestamptz NOT NULL,
      claims integer NOT NULL DEFAULT 0,
      lease_expires_at timestamptz,
      error text,
      size_bytes integer,
      file_name text,
      created_at timestamptz NOT NULL,
      started_at timestamptz,
      completed_at timestamptz
    )`);
    await runner.query(
      'CREATE INDEX reports_list_idx ON reports.reports (organization_id, created_at DESC, id DESC)',
    );
    await runner.query(
      `CREATE INDEX reports_due_idx ON reports.reports (created_at) WHERE status IN ('queued', 'running')`,
    );
    // One automatic report per assessment, however often assessment.complete is delivered.
    await runner.query(
      `CREATE UNIQUE INDEX reports_auto_assessment_idx ON reports.reports (organization_id, assessment_id)
       WHERE origin = 'assessment_complete'`,
    );
    await runner.query(`CREATE TABLE reports.report_files (
      report_id text COLLATE "C" PRIMARY KEY,
      organization_id text NOT NULL,
      content bytea NOT NULL
    )`);
    for (const statement of tenantReplicaTablesSql('reports')) await runner.query(statement);
    for (const statement of messagingTablesSql('reports')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('reports')) await runner.query(statement);
    for (const statement of dropTenantReplicaTablesSql('reports')) await runner.query(statement);
    for (const table of [...REPORTS_TABLES].reverse()) await runner.query(`DROP TABLE ${table}`);
  }
}
