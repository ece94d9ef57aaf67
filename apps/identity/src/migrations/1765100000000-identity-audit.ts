import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The audit trail: entries hash-chained per organization, and each chain's head and retention
 * checkpoint. Entries are append-only: a trigger refuses UPDATE and DELETE unless the transaction set
 * `tenancy.audit_retention` (the retention sweep does, for its own deletes). The trigger guards against
 * mistakes; the hash chain is what detects a change made by someone who drops it.
 */
export class IdentityAudit1765100000000 implements MigrationInterface {
  name = 'IdentityAudit1765100000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE tenancy.audit_entries (
      id uuid PRIMARY KEY,
      organization_id text NOT NULL,
      seq bigint NOT NULL,
      occurred_at timestamptz NOT NULL,
      actor_type text NOT NULL,
      actor_id text NOT NULL,
      service text NOT NULL,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text NOT NULL,
      address text,
      user_agent text,
      before jsonb,
      after jsonb,
      previous_hash text NOT NULL,
      hash text NOT NULL,
      UNIQUE (organization_id, seq)
    )`);
    await runner.query(
      'CREATE INDEX audit_entries_time_idx ON tenancy.audit_entries (organization_id, occurred_at DESC, seq DESC)',
    );
    // One row per organization: appends lock it, so seq is gapless and each hash names the one before.
    await runner.query(`CREATE TABLE tenancy.audit_chains (
      organization_id text PRIMARY KEY,
      head_seq bigint NOT NULL,
      head_hash text NOT NULL,
      checkpoint_seq bigint NOT NULL DEFAULT 0,
      checkpoint_hash text NOT NULL DEFAULT repeat('0', 64),
      checkpoint_at timestamptz
    )`);
    await runner.query(`CREATE FUNCTION tenancy.audit_entries_append_only() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'DELETE' AND current_setting('tenancy.audit_retention', true) = 'on' THEN
          RETURN OLD;
        END IF;
        RAISE EXCEPTION 'audit entries are append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
      END $$`);
    await runner.query(`CREATE TRIGGER audit_entries_append_only
      BEFORE UPDATE OR DELETE ON tenancy.audit_entries
      FOR EACH ROW EXECUTE FUNCTION tenancy.audit_entries_append_only()`);
    await runner.query(`CREATE TRIGGER audit_entries_no_truncate
      BEFORE TRUNCATE ON tenancy.audit_entries
      FOR EACH STATEMENT EXECUTE FUNCTION tenancy.audit_entries_append_only()`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE tenancy.audit_entries');
    await runner.query('DROP FUNCTION tenancy.audit_entries_append_only()');
    await runner.query('DROP TABLE tenancy.audit_chains');
  }
}
