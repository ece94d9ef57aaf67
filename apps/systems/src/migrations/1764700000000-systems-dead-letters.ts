import { deadLetterTablesSql, dropDeadLetterTablesSql } from '@governance/messaging';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/** Where the consumers set aside records they cannot handle (docs/architecture.md, "Poison records"). */
export class SystemsDeadLetters1764700000000 implements MigrationInterface {
  name = 'SystemsDeadLetters1764700000000';

  async up(runner: QueryRunner): Promise<void> {
    for (const statement of deadLetterTablesSql('systems')) await runner.query(statement);
  }

  async down(runner: QueryRunner): Promise<void> {
    for (const statement of dropDeadLetterTablesSql('systems')) await runner.query(statement);
  }
}
