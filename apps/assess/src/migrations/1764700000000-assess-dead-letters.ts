import { deadLetterTablesSql, dropDeadLetterTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Where the consumers set aside records they cannot handle (docs/architecture.md, "Poison records"). */
export class AssessDeadLetters1764700000000 implements MigrationInterface {
  name = 'AssessDeadLetters1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of deadLetterTablesSql('assess')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropDeadLetterTablesSql('assess')) await runner.query(statement);
  }
}
