import { Inject, Injectable } from '@nestjs/common';
import {
  INTERNAL_TOPICS,
  type KeyScope,
  type Plan,
  type Role,
  type TenancyEventRecord,
} from '@governance/contracts';
import { ReplicaCatchUp } from '@governance/messaging';
import { DataSource, type EntityManager } from 'typeorm';
import {
  CredentialDirectory,
  type KeyCredential,
  type Membership,
  type SessionCredential,
} from './credential-directory';

export const AUTH_SCHEMA = Symbol('AUTH_SCHEMA');

/** A session row as the guard checks it, in the replica or in identity's own table. */
export function sessionCredential(row: {
  user_id: string;
  secret_sha256: string;
  bound_organization_id: string | null;
}): SessionCredential {
  return {
    userId: row.user_id,
    secretSha256: row.secret_sha256,
    ...(row.bound_organization_id ? { boundOrganizationId: row.bound_organization_id } : {}),
  };
}

/** The consumer group (within each service) that keeps the tenant replica. */
export const TENANT_REPLICA_CONSUMER = 'tenant-replica';

/**
 * A service's replica of what identity announces: organizations, keys, sessions and memberships. A miss is
 * looked up again once the replica caught up with the bus, so whatever identity just answered works here
 * in the very next request.
 */
@Injectable()
export class ReplicaDirectory extends CredentialDirectory {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(AUTH_SCHEMA) private readonly schema: string,
    private readonly catchUp: ReplicaCatchUp,
  ) {
    super();
  }

  findApiKey(keyId: string): Promise<KeyCredential | undefined> {
    return this.caughtUp(async () => {
      const [row] = await this.dataSource.query<
        Array<{ organization_id: string; plan: Plan; scope: KeyScope; secret_sha256: string }>
      >(
        `SELECT k.organization_id, o.plan, k.scope, k.secret_sha256
         FROM ${this.schema}.api_keys k JOIN ${this.schema}.organizations o ON o.id = k.organization_id
         WHERE k.key_id = $1 AND NOT k.revoked`,
        [keyId],
      );
      return (
        row && {
          organizationId: row.organization_id,
          plan: row.plan,
          scope: row.scope,
          secretSha256: row.secret_sha256,
        }
      );
    });
  }

  findSession(sessionId: string): Promise<SessionCredential | undefined> {
    return this.caughtUp(async () => {
      const [row] = await this.dataSource.query<
        Array<{ user_id: string; secret_sha256: string; bound_organization_id: string | null }>
      >(
        `SELECT user_id, secret_sha256, bound_organization_id FROM ${this.schema}.sessions
         WHERE session_id = $1 AND NOT ended`,
        [sessionId],
      );
      return row && sessionCredential(row);
    });
  }

  async findMemberships(userId: string, including?: string): Promise<Membership[]> {
    const complete = (rows: Membership[]) =>
      rows.length > 0 && (including === undefined || rows.some((row) => row.organizationId === including));
    const found = await this.caughtUp(async () => {
      const rows = await this.membershipsOf(userId);
      return complete(rows) ? rows : undefined;
    });
    // Still incomplete once caught up: then that is the truth.
    return found ?? this.membershipsOf(userId);
  }

  private async membershipsOf(userId: string): Promise<Membership[]> {
    const rows = await this.dataSource.query<Array<{ organization_id: string; plan: Plan; role: Role }>>(
      `SELECT m.organization_id, o.plan, m.role
       FROM ${this.schema}.memberships m JOIN ${this.schema}.organizations o ON o.id = m.organization_id
       WHERE m.user_id = $1 ORDER BY m.organization_id`,
      [userId],
    );
    return rows.map((row) => ({ organizationId: row.organization_id, plan: row.plan, role: row.role }));
  }

  /** Applies one identity event to the replica, in the consumer's transaction. */
  async apply(manager: EntityManager, record: TenancyEventRecord): Promise<void> {
    const s = this.schema;
    const organizationId = record.organization_id;
    switch (record.event) {
      case 'organization.created':
        await manager.query(
          `INSERT INTO ${s}.organizations (id, name, plan, created_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, plan = EXCLUDED.plan`,
          [organizationId, record.details.name, record.details.plan, record.timestamp],
        );
        return;
      case 'organization.updated':
        await manager.query(`UPDATE ${s}.organizations SET name = $2, plan = $3 WHERE id = $1`, [
          organizationId,
          record.details.name,
          record.details.plan,
        ]);
        return;
      case 'api_key.created':
        await manager.query(
          `INSERT INTO ${s}.api_keys (key_id, organization_id, secret_sha256, scope, created_at)
           VALUES ($1, $2, $3, $4, $5) ON CONFLICT (key_id) DO NOTHING`,
          [
            record.details.key_id,
            organizationId,
            record.details.secret_sha256,
            record.details.scope ?? 'full',
            record.timestamp,
          ],
        );
        return;
      case 'api_key.revoked':
        await manager.query(`UPDATE ${s}.api_keys SET revoked = true WHERE key_id = $1`, [
          record.details.key_id,
        ]);
        return;
      case 'session.started':
        await manager.query(
          `INSERT INTO ${s}.sessions (session_id, user_id, secret_sha256, bound_organization_id)
           VALUES ($1, $2, $3, $4) ON CONFLICT (session_id) DO NOTHING`,
          [
            record.details.session_id,
            record.details.user_id,
            record.details.secret_sha256,
            record.details.bound_organization_id ?? null,
          ],
        );
        return;
      case 'session.ended':
        // An end that overtakes its start (a replay) leaves a tombstone, so the start cannot revive it.
        await manager.query(
          `INSERT INTO ${s}.sessions (session_id, user_id, secret_sha256, ended) VALUES ($1, $2, '', true)
           ON CONFLICT (session_id) DO UPDATE SET ended = true`,
          [record.details.session_id, record.details.user_id],
        );
        return;
      case 'member.added':
      case 'member.role_changed':
        await manager.query(
          `INSERT INTO ${s}.memberships (organization_id, user_id, role) VALUES ($1, $2, $3)
           ON CONFLICT (organization_id, user_id) DO UPDATE SET role = EXCLUDED.role`,
          [organizationId, record.details.user_id, record.details.role],
        );
        return;
      case 'member.removed':
        await manager.query(`DELETE FROM ${s}.memberships WHERE organization_id = $1 AND user_id = $2`, [
          organizationId,
          record.details.user_id,
        ]);
        return;
    }
  }

  private caughtUp<T>(lookup: () => Promise<T | undefined>): Promise<T | undefined> {
    return this.catchUp.find(TENANT_REPLICA_CONSUMER, INTERNAL_TOPICS.tenancy, lookup);
  }
}
