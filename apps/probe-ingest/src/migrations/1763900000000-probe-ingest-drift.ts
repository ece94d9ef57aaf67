import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Drift detection state and records, and the shadow-AI discoveries made from telemetry. */
export class ProbeIngestDrift1763900000000 implements MigrationInterface {
  name = 'ProbeIngestDrift1763900000000';

  async up(runner: QueryRunner): Promise<void> {
    // One row per (system, metric): raw values only while the baseline fills, then bin counts.
    await runner.query(`CREATE TABLE probe_ingest.drift_metrics (
      organization_id text NOT NULL,
      system_id text NOT NULL,
      metric text NOT NULL,
      detection_layer text NOT NULL,
      baseline_values double precision[] NOT NULL DEFAULT '{}',
      edges double precision[],
      baseline_counts integer[] NOT NULL DEFAULT '{}',
      baseline_score double precision NOT NULL DEFAULT 0,
      baseline_mean double precision NOT NULL DEFAULT 0,
      window_counts integer[] NOT NULL DEFAULT '{}',
      window_count integer NOT NULL DEFAULT 0,
      window_sum double precision NOT NULL DEFAULT 0,
      last_level text NOT NULL DEFAULT 'none' CHECK (last_level IN ('none', 'MEDIUM', 'HIGH')),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, system_id, metric)
    )`);
    // The alert a (system, layer) holds until it re-arms; severity null means armed.
    await runner.query(`CREATE TABLE probe_ingest.drift_alerts (
      organization_id text NOT NULL,
      system_id text NOT NULL,
      detection_layer text NOT NULL,
      severity text CHECK (severity IN ('MEDIUM', 'HIGH')),
      drift_id text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, system_id, detection_layer)
    )`);
    await runner.query(`CREATE TABLE probe_ingest.drift_records (
      drift_id text PRIMARY KEY,
      organization_id text NOT NULL,
      system_id text NOT NULL,
      detection_layer text NOT NULL,
      metric text NOT NULL,
      drift_score double precision NOT NULL,
      baseline_score double precision NOT NULL,
      delta double precision NOT NULL,
      baseline_mean double precision NOT NULL,
      window_mean double precision NOT NULL,
      severity text NOT NULL CHECK (severity IN ('MEDIUM', 'HIGH')),
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    await runner.query(
      'CREATE INDEX drift_records_system_idx ON probe_ingest.drift_records (organization_id, system_id, created_at DESC)',
    );
    await runner.query(`CREATE TABLE probe_ingest.discoveries (
      organization_id text NOT NULL,
      discovery_key text NOT NULL,
      system_id text NOT NULL,
      discovery_method text NOT NULL CHECK (discovery_method IN ('unknown_system_id', 'observed_endpoint')),
      probe_id text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (organization_id, discovery_key)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE probe_ingest.discoveries');
    await runner.query('DROP TABLE probe_ingest.drift_records');
    await runner.query('DROP TABLE probe_ingest.drift_alerts');
    await runner.query('DROP TABLE probe_ingest.drift_metrics');
  }
}
