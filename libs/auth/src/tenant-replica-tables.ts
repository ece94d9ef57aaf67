import { assertSchemaName } from '@governance/persistence';
import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * Each service's replica of organizations and API key digests, as the services' initial migrations
 * created it; PeopleReplica1765050000000 adds the rest.
 */
export function tenantReplicaTablesSql(schema: string): string[] {
  const s = assertSchemaName(schema);
  return [
    `CREATE TABLE ${s}.organizations (
      id text PRIMARY KEY,
      name text NOT NULL,
      plan text NOT NULL,
      created_at timestamptz NOT NULL
    )`,
    `CREATE TABLE ${s}.api_keys (
      key_id text PRIMARY KEY,
      organization_id text NOT NULL,
      secret_sha256 text NOT NULL,
      created_at timestamptz NOT NULL
    )`,
  ];
}

export function dropTenantReplicaTablesSql(schema: string): string[] {
  const s = assertSchemaName(schema);
  return [`DROP TABLE ${s}.api_keys`, `DROP TABLE ${s}.organizations`];
}

/**
 * People in the replica: key scopes and revocation, session digests and memberships. One migration that
 * every authenticating service's definition applies after its own, in its own schema.
 */
export class PeopleReplica1765050000000 implements MigrationInterface {
  name = 'PeopleReplica1765050000000';

  async up(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`ALTER TABLE ${s}.api_keys
      ADD COLUMN scope text NOT NULL DEFAULT 'full',
      ADD COLUMN revoked boolean NOT NULL DEFAULT false`);
    await runner.query(`CREATE TABLE ${s}.sessions (
      session_id text PRIMARY KEY,
      user_id text NOT NULL,
      secret_sha256 text NOT NULL,
      ended boolean NOT NULL DEFAULT false
    )`);
    await runner.query(`CREATE TABLE ${s}.memberships (
      organization_id text NOT NULL,
      user_id text NOT NULL,
      role text NOT NULL,
      PRIMARY KEY (user_id, organization_id)
    )`);
  }

  async down(runner: QueryRunner): Promise<void> {
    const s = schemaOf(runner);
    await runner.query(`DROP TABLE ${s}.memberships`);
    await runner.query(`DROP TABLE ${s}.sessions`);
    await runner.query(`ALTER TABLE ${s}.api_keys DROP COLUMN scope, DROP COLUMN revoked`);
  }
}

/** Sessions in the replica carry the organization an SSO sign-in bound them to. */
export class SessionBinding1765330000000 implements MigrationInterface {
  name = 'SessionBinding1765330000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.sessions ADD COLUMN bound_organization_id text`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`ALTER TABLE ${schemaOf(runner)}.sessions DROP COLUMN bound_organization_id`);
  }
}

function schemaOf(runner: QueryRunner): string {
  const schema = (runner.connection.options as { schema?: string }).schema;
  if (!schema) throw new Error('the replica migration runs only on a data source with its own schema');
  return assertSchemaName(schema);
}
