import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The policies replica that policy-sync serves and the violations consumer evaluates, and the violations. */
export class ProbeIngestPolicies1764200000000 implements MigrationInterface {
  name = 'ProbeIngestPolicies1764200000000';

  async up(runner: QueryRunner): Promise<void> {
    // The latest snapshot of each policy; version only grows, so an older snapshot never overwrites it.
    // The scope is split into columns so "applies to this system" is a plain predicate.
    await runner.query(`CREATE TABLE probe_ingest.policies (
      policy_id text PRIMARY KEY,
      organization_id text NOT NULL,
      name text NOT NULL,
      description text,
      enforcement_mode text NOT NULL CHECK (enforcement_mode IN ('BLOCK', 'WARN')),
      status text NOT NULL CHECK (status IN ('active', 'disabled')),
      severity text NOT NULL,
      rules jsonb NOT NULL,
      all_systems boolean NOT NULL,
      system_ids text[] NOT NULL DEFAULT '{}',
      framework text,
      control text,
      version integer NOT NULL,
      updated_at timestamptz NOT NULL
    )`);
    await runner.query(
      `CREATE INDEX policies_active_idx ON probe_ingest.policies (organization_id, policy_id) WHERE status = 'active'`,
    );
    // One violation per (policy, probe, record): a record both the probe and this service flagged, a
    // redelivered event and a batch the probe sent twice all land on the same key.
    await runner.query(`CREATE TABLE probe_ingest.violations (
      violation_id text PRIMARY KEY,
      organization_id text NOT NULL,
      policy_id text NOT NULL,
      policy_version integer NOT NULL,
      probe_id text NOT NULL,
      system_id text NOT NULL,
      record_hash text NOT NULL,
      input_hash text NOT NULL,
      enforcement_mode text NOT NULL CHECK (enforcement_mode IN ('BLOCK', 'WARN')),
      action_taken text NOT NULL CHECK (action_taken IN ('blocked', 'warned')),
      severity text NOT NULL CHECK (severity IN ('HIGH', 'CRITICAL')),
      detected_by text NOT NULL CHECK (detected_by IN ('service', 'probe', 'both')),
      probe_action text CHECK (probe_action IN ('blocked', 'warned')),
      context text NOT NULL,
      recorded_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (organization_id, policy_id, probe_id, record_hash)
    )`);
    await runner.query(
      'CREATE INDEX violations_system_idx ON probe_ingest.violations (organization_id, system_id, created_at DESC)',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE probe_ingest.violations');
    await runner.query('DROP TABLE probe_ingest.policies');
  }
}
