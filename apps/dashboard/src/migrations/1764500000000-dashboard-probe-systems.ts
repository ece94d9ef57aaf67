import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each probe's system, so a retired system's probes leave the probe counts and the runtime health with
 * it. Probes projected before this have none until their next connection change or a projection rebuild;
 * until then they count as before.
 */
export class DashboardProbeSystems1764500000000 implements MigrationInterface {
  name = 'DashboardProbeSystems1764500000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE dashboard.probes ADD COLUMN system_id text');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('ALTER TABLE dashboard.probes DROP COLUMN system_id');
  }
}
