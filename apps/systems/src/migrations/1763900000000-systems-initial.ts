import { dropTenantReplicaTablesSql, tenantReplicaTablesSql } from '@governance/auth';
import { dropMessagingTablesSql, messagingTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

export class SystemsInitial1763900000000 implements MigrationInterface {
  name = 'SystemsInitial1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE systems.systems (
      id text PRIMARY KEY,
      organization_id text NOT NULL,
      name text NOT NULL,
      description text,
      owner text,
      vendor text,
      model text,
      risk_tier text NOT NULL DEFAULT 'unclassified'
        CHECK (risk_tier IN ('unacceptable', 'high', 'limited', 'minimal', 'unclassified')),
      environment text,
      host text,
      runtime text,
      tags text[] NOT NULL DEFAULT '{}',
      declared boolean NOT NULL,
      registration_source text NOT NULL CHECK (registration_source IN ('api', 'probe', 'shadow_ai_discovery')),
      discovery_method text NOT NULL
        CHECK (discovery_method IN ('manual', 'probe_registration', 'unknown_system_id', 'observed_endpoint')),
      status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'retired')),
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    // Names are unique per organization regardless of case or status: a retired system keeps its name.
    await runner.query(
      'CREATE UNIQUE INDEX systems_organization_name_idx ON systems.systems (organization_id, lower(name))',
    );
    await runner.query(
      'CREATE INDEX systems_list_idx ON systems.systems (organization_id, created_at DESC, id DESC)',
    );
    // A system id probe ingest asked for that now stands for an existing system of the same name.
    await runner.query(`CREATE TABLE systems.merged_system_ids (
      requested_system_id text PRIMARY KEY,
      organization_id text NOT NULL,
      system_id text NOT NULL REFERENCES systems.systems (id),
      merged_at timestamptz NOT NULL DEFAULT now()
    )`);
    // The replica of probe ingest's probes, fed by INTERNAL_TOPICS.probes, shown on the system detail.
    await runner.query(`CREATE TABLE systems.probes (
      probe_id text PRIMARY KEY,
      organization_id text NOT NULL,
      system_id text NOT NULL,
      probe_name text NOT NULL,
      host text NOT NULL,
      runtime text,
      environment text,
      version text,
      status text,
      connection text NOT NULL CHECK (connection IN ('connected', 'disconnected')),
      last_heartbeat_at timestamptz,
      last_seen_at timestamptz,
      uptime_seconds double precision,
      queue_depth double precision,
      registered_at timestamptz NOT NULL
    )`);
    await runner.query(
      'CREATE INDEX probes_system_idx ON systems.probes (organization_id, system_id, registered_at)',
    );
    for (const statement of tenantReplicaTablesSql('systems')) await runner.query(statement);
    for (const statement of messagingTablesSql('systems')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropMessagingTablesSql('systems')) await runner.query(statement);
    for (const statement of dropTenantReplicaTablesSql('systems')) await runner.query(statement);
    await runner.query('DROP TABLE systems.probes');
    await runner.query('DROP TABLE systems.merged_system_ids');
    await runner.query('DROP TABLE systems.systems');
  }
}
