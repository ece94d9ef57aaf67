import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** The inventory sorted by name pages through this index as it does by time, at any size. */
export class SystemsNameOrder1765200000000 implements MigrationInterface {
  name = 'SystemsNameOrder1765200000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query('CREATE INDEX systems_name_order_idx ON systems.systems (organization_id, name, id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP INDEX systems.systems_name_order_idx');
  }
}
