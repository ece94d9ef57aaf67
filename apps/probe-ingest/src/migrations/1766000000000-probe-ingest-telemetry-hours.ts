import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Telemetry per (system, metric, hour): count, sum and, for latency, a histogram of log-spaced bins, so a
 * system's series over days is a bounded read of a few hundred rows, never a scan of its records.
 */
export class ProbeIngestTelemetryHours1766000000000 implements MigrationInterface {
  name = 'ProbeIngestTelemetryHours1766000000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE TABLE probe_ingest.telemetry_hours (
      organization_id text NOT NULL,
      system_id text NOT NULL,
      hour timestamptz NOT NULL,
      metric text NOT NULL,
      count integer NOT NULL,
      sum double precision NOT NULL,
      histogram integer[],
      PRIMARY KEY (organization_id, system_id, hour, metric)
    )`);
    await runner.query('CREATE INDEX telemetry_hours_hour_idx ON probe_ingest.telemetry_hours (hour)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE probe_ingest.telemetry_hours');
  }
}
