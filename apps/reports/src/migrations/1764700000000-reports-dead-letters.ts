import { deadLetterTablesSql, dropDeadLetterTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Where the consumers set aside records they cannot handle (docs/architecture.md, "Poison records"). */
export class ReportsDeadLetters1764700000000 implements MigrationInterface {
  name = 'ReportsDeadLetters1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of deadLetterTablesSql('reports')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropDeadLetterTablesSql('reports')) await runner.query(statement);
  }
}
