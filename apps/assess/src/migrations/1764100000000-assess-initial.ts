import { dropTenantReplicaTablesSql, tenantReplicaTablesSql } from '@governance/auth';
import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class AssessInitial1764100000000 implements MigrationInterface {
  name = 'AssessInitial1764100000000';

  async up(runner: QueryRunner): Promise<void> {
    // The replica of the systems inventory, fed by INTERNAL_TOPICS.systems: findings carry the name.
    await runner.query(`CREATE TABLE assess.systems (
      system_id text PRIMARY KEY,
      organization_id text NOT NULL,
      name text NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    // The queue and the result in one row: the document text stays until the run is done, so a
    // restarted worker can take the assessment over.
    await runner.query(`CREATE TABLE assess.assessments (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      system_id text NOT NULL,
      framework text NOT NULL,
      title text NOT NULL,
      content text,
      status text NOT NULL CHECK (status IN ('queued', 'running', 'complete', 'failed')),
      progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      error text,
      verdict text CHECK (verdict IN ('pass', 'conditional', 'fail')),
      score double precision,
      findings_count integer,
      high_findings integer,
      medium_findings integer,
      claims integer NOT NULL DEFAULT 0,
      lease_expires_at timestamptz,
      created_at timestamptz NOT NULL,
      started_at timestamptz,
      completed_at timestamptz
    )`);
    await runner.query(
      `CREATE INDEX assessments_pending_idx ON assess.assessments (created_at)
       WHERE status IN ('queued', 'running')`,
    );
    // One row per control of the framework, met ones included, in the framework's order.
    await runner.query(`CREATE TABLE assess.findings (
      id text PRIMARY KEY,
      assessment_id text NOT NULL REFERENCES assess.assessments (id) ON DELETE CASCADE,
      organization_id text NOT NULL,
      position integer NOT NULL,
      control text NOT NULL,
      framework text NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      status text NOT NULL CHECK (status IN ('met', 'partial', 'missing')),
      severity text NOT NULL,
      evidence jsonb NOT NULL,
      remediation_id text NOT NULL,
      remediation text NOT NULL,
      UNIQUE (assessment_id, position)
    )`);
    for (const statement of tenantReplicaTablesSql('assess')) await runner.query(statement);
    for (const statement of messagingTablesSql('assess')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('assess')) await runner.query(statement);
    for (const statement of dropTenantReplicaTablesSql('assess')) await runner.query(statement);
    await runner.query('DROP TABLE assess.findings');
    await runner.query('DROP TABLE assess.assessments');
    await runner.query('DROP TABLE assess.systems');
  }
}
