import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The sweep asks for the open session that falls idle first, at every wake. */
export class IdentitySessionIdleIndex1765340000000 implements MigrationInterface {
  name = 'IdentitySessionIdleIndex1765340000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(
      'CREATE INDEX sessions_idle_idx ON tenancy.sessions (last_seen_at) WHERE ended_at IS NULL',
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX tenancy.sessions_idle_idx');
  }
}
