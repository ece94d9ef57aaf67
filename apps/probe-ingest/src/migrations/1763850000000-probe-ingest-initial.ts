import { dropTenantReplicaTablesSql, tenantReplicaTablesSql } from '@governance/auth';
import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class ProbeIngestInitial1763850000000 implements MigrationInterface {
  name = 'ProbeIngestInitial1763850000000';

  async up(runner: QueryRunner): Promise<void> {
    // Replica of the systems service's inventory, plus systems this service asked it to register.
    // snapshot_at is the updated_at of the last snapshot applied: NULL for rows we inserted ourselves,
    // which any snapshot supersedes, and it keeps an older snapshot from overwriting a newer one.
    await runner.query(`CREATE TABLE probe_ingest.systems (
      system_id text PRIMARY KEY,
      organization_id text NOT NULL,
      name text NOT NULL,
      host text,
      runtime text,
      vendor text,
      declared boolean NOT NULL,
      status text NOT NULL DEFAULT 'active',
      updated_at timestamptz NOT NULL DEFAULT now(),
      snapshot_at timestamptz
    )`);
    await runner.query(
      'CREATE INDEX systems_organization_name_idx ON probe_ingest.systems (organization_id, lower(name))',
    );
    await runner.query(`CREATE TABLE probe_ingest.probes (
      probe_id text PRIMARY KEY,
      organization_id text NOT NULL,
      system_id text NOT NULL,
      probe_name text NOT NULL,
      host text NOT NULL,
      runtime text,
      environment text,
      version text,
      status text,
      uptime_seconds bigint,
      queue_depth bigint,
      last_heartbeat_at timestamptz,
      last_telemetry_at timestamptz,
      connection text NOT NULL DEFAULT 'connected',
      registered_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, probe_name, host)
    )`);
    await runner.query('CREATE INDEX probes_system_idx ON probe_ingest.probes (organization_id, system_id)');
    // The silence monitor scans connected probes by the time they were last seen.
    await runner.query(
      `CREATE INDEX probes_silence_idx ON probe_ingest.probes ((coalesce(last_telemetry_at, registered_at)))
       WHERE connection = 'connected'`,
    );
    for (const statement of tenantReplicaTablesSql('probe_ingest')) await runner.query(statement);
    for (const statement of messagingTablesSql('probe_ingest')) await runner.query(statement);
    // Telemetry batches make this outbox's payloads large (about 16 kB per 100 records) and short-lived.
    // Stored out of line but uncompressed: pglz cost the telemetry commit about half its time in
    // bench:ingest, a price paid in CPU on every row for disk that retention frees anyway.
    await runner.query('ALTER TABLE probe_ingest.outbox ALTER COLUMN payload SET STORAGE EXTERNAL');
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('probe_ingest')) await runner.query(statement);
    for (const statement of dropTenantReplicaTablesSql('probe_ingest')) await runner.query(statement);
    await runner.query('DROP TABLE probe_ingest.probes');
    await runner.query('DROP TABLE probe_ingest.systems');
  }
}
