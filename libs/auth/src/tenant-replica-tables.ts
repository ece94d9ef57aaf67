import { assertSchemaName } from '@governance/persistence';

/** Each service's replica of organizations and API key digests, fed by the identity service's events. */
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
