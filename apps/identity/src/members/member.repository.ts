import { Injectable } from '@nestjs/common';
import { type Role } from '@governance/contracts';
import { type KeysetPosition } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';

export interface MemberRow {
  id: string;
  email: string;
  name: string;
  role: Role;
  joined_at: Date;
}

const COLUMNS = 'u.id, u.email, u.name, m.role, m.created_at AS joined_at';

/** SQL of an organization's members: memberships with their people. */
@Injectable()
export class MemberRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Newest members first; `after` is the last row of the previous page. */
  list(organizationId: string, limit: number, after?: KeysetPosition): Promise<MemberRow[]> {
    return this.dataSource.query<MemberRow[]>(
      `SELECT ${COLUMNS} FROM tenancy.memberships m JOIN tenancy.users u ON u.id = m.user_id
       WHERE m.organization_id = $1
         AND ($2::timestamptz IS NULL OR (m.created_at, m.user_id) < ($2::timestamptz, $3::text))
       ORDER BY m.created_at DESC, m.user_id DESC
       LIMIT $4`,
      [organizationId, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /**
   * Locks the organization's owner rows and counts them. Every change to members takes this lock first, so
   * two owners demoting each other at once cannot leave the organization without one.
   */
  async lockOwners(manager: EntityManager, organizationId: string): Promise<number> {
    const rows = await manager.query<unknown[]>(
      `SELECT user_id FROM tenancy.memberships WHERE organization_id = $1 AND role = 'owner'
       ORDER BY user_id FOR UPDATE`,
      [organizationId],
    );
    return rows.length;
  }

  /** The member, its membership row locked. */
  async find(manager: EntityManager, organizationId: string, userId: string): Promise<MemberRow | undefined> {
    const rows = await manager.query<MemberRow[]>(
      `SELECT ${COLUMNS} FROM tenancy.memberships m JOIN tenancy.users u ON u.id = m.user_id
       WHERE m.organization_id = $1 AND m.user_id = $2 FOR UPDATE OF m`,
      [organizationId, userId],
    );
    return rows[0];
  }
}
