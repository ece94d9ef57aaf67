import { Injectable } from '@nestjs/common';
import { type KeyScope } from '@governance/contracts';
import { type KeysetPosition } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';

export interface ApiKeyRow {
  id: string;
  name: string;
  scope: KeyScope;
  created_by: string | null;
  created_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const COLUMNS = 'id, name, scope, created_by, created_at, last_used_at, revoked_at';

/** SQL of API keys: only the secret's digest is stored; every query names the organization. */
@Injectable()
export class ApiKeyRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insert(
    manager: EntityManager,
    key: {
      id: string;
      organizationId: string;
      secretSha256: string;
      name: string;
      scope: KeyScope;
      createdBy: string | null;
    },
  ): Promise<ApiKeyRow> {
    const rows = await manager.query<ApiKeyRow[]>(
      `INSERT INTO tenancy.api_keys (id, organization_id, secret_sha256, name, scope, created_by)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [key.id, key.organizationId, key.secretSha256, key.name, key.scope, key.createdBy],
    );
    return rows[0]!;
  }

  /** Newest first; `after` is the last row of the previous page. */
  list(
    organizationId: string,
    includeRevoked: boolean,
    limit: number,
    after?: KeysetPosition,
  ): Promise<ApiKeyRow[]> {
    return this.dataSource.query<ApiKeyRow[]>(
      `SELECT ${COLUMNS} FROM tenancy.api_keys
       WHERE organization_id = $1
         AND ($2 OR revoked_at IS NULL)
         AND ($3::timestamptz IS NULL OR (created_at, id) < ($3::timestamptz, $4::text))
       ORDER BY created_at DESC, id DESC
       LIMIT $5`,
      [organizationId, includeRevoked, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /** Revokes an active key of the organization; undefined when there is none (unknown or already revoked). */
  async revoke(manager: EntityManager, organizationId: string, keyId: string, at: Date) {
    const rows = await manager.query<[ApiKeyRow[], number]>(
      `UPDATE tenancy.api_keys SET revoked_at = $3
       WHERE organization_id = $1 AND id = $2 AND revoked_at IS NULL RETURNING ${COLUMNS}`,
      [organizationId, keyId, at],
    );
    return rows[0][0];
  }
}
