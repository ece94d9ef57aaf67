import { Injectable } from '@nestjs/common';
import { type Plan, type Role } from '@governance/contracts';
import { DataSource, type EntityManager } from 'typeorm';

export interface UserRow {
  id: string;
  email: string;
  name: string;
  password_hash: string | null;
  created_at: Date;
}

export interface MembershipRow {
  organization_id: string;
  organization_name: string;
  plan: Plan;
  user_id: string;
  role: Role;
  created_at: Date;
}

export interface SessionRow {
  id: string;
  user_id: string;
  /** The organization an SSO sign-in bound the session to; null: it acts in all the person's organizations. */
  organization_id: string | null;
  created_at: Date;
  last_seen_at: Date;
  address: string | null;
  user_agent: string | null;
}

/** SQL of people: accounts, memberships and sessions. */
@Injectable()
export class PeopleRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertUser(
    manager: EntityManager,
    user: { id: string; email: string; name: string; passwordHash: string | null },
  ): Promise<UserRow> {
    const rows = await manager.query<UserRow[]>(
      `INSERT INTO tenancy.users (id, email, name, password_hash) VALUES ($1, $2, $3, $4)
       RETURNING id, email, name, password_hash, created_at`,
      [user.id, user.email, user.name, user.passwordHash],
    );
    return rows[0]!;
  }

  async findUserByEmail(email: string, manager: EntityManager = this.dataSource.manager) {
    const rows = await manager.query<UserRow[]>(
      'SELECT id, email, name, password_hash, created_at FROM tenancy.users WHERE lower(email) = lower($1)',
      [email],
    );
    return rows[0];
  }

  async findUser(id: string, manager: EntityManager = this.dataSource.manager) {
    const rows = await manager.query<UserRow[]>(
      'SELECT id, email, name, password_hash, created_at FROM tenancy.users WHERE id = $1',
      [id],
    );
    return rows[0];
  }

  async setPasswordHash(manager: EntityManager, userId: string, passwordHash: string): Promise<void> {
    await manager.query('UPDATE tenancy.users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      userId,
      passwordHash,
    ]);
  }

  async membershipsOf(userId: string, manager: EntityManager = this.dataSource.manager) {
    return manager.query<MembershipRow[]>(
      `SELECT m.organization_id, o.name AS organization_name, o.plan, m.user_id, m.role, m.created_at
       FROM tenancy.memberships m JOIN tenancy.organizations o ON o.id = m.organization_id
       WHERE m.user_id = $1 ORDER BY m.created_at, m.organization_id`,
      [userId],
    );
  }

  /** Locks the membership row, so two changes to one member serialise. */
  async findMembership(manager: EntityManager, organizationId: string, userId: string) {
    const rows = await manager.query<Array<{ role: Role }>>(
      'SELECT role FROM tenancy.memberships WHERE organization_id = $1 AND user_id = $2 FOR UPDATE',
      [organizationId, userId],
    );
    return rows[0];
  }

  async insertMembership(manager: EntityManager, organizationId: string, userId: string, role: Role) {
    await manager.query(
      'INSERT INTO tenancy.memberships (organization_id, user_id, role) VALUES ($1, $2, $3)',
      [organizationId, userId, role],
    );
  }

  async updateRole(manager: EntityManager, organizationId: string, userId: string, role: Role) {
    await manager.query(
      'UPDATE tenancy.memberships SET role = $3 WHERE organization_id = $1 AND user_id = $2',
      [organizationId, userId, role],
    );
  }

  async deleteMembership(manager: EntityManager, organizationId: string, userId: string) {
    await manager.query('DELETE FROM tenancy.memberships WHERE organization_id = $1 AND user_id = $2', [
      organizationId,
      userId,
    ]);
  }

  async insertSession(
    manager: EntityManager,
    session: {
      id: string;
      userId: string;
      secretSha256: string;
      address: string | null;
      userAgent: string | null;
      organizationId: string | null;
    },
  ): Promise<SessionRow> {
    const rows = await manager.query<SessionRow[]>(
      `INSERT INTO tenancy.sessions (id, user_id, secret_sha256, address, user_agent, organization_id)
       VALUES ($1, $2, $3, $4, $5, $6)
       RETURNING id, user_id, organization_id, created_at, last_seen_at, address, user_agent`,
      [
        session.id,
        session.userId,
        session.secretSha256,
        session.address,
        session.userAgent,
        session.organizationId,
      ],
    );
    return rows[0]!;
  }

  /** Ends the open sessions among `sessionIds`; returns those it ended (each once, however many race). */
  async endSessions(manager: EntityManager, sessionIds: string[], reason: string) {
    // An UPDATE answers [rows, count] through TypeORM.
    const [ended] = await manager.query<[Array<{ id: string; user_id: string }>, number]>(
      `UPDATE tenancy.sessions SET ended_at = now(), end_reason = $2
       WHERE id = ANY($1) AND ended_at IS NULL RETURNING id, user_id`,
      [sessionIds, reason],
    );
    return ended;
  }

  async openSessionsOf(userId: string, manager: EntityManager = this.dataSource.manager) {
    return manager.query<SessionRow[]>(
      `SELECT id, user_id, organization_id, created_at, last_seen_at, address, user_agent FROM tenancy.sessions
       WHERE user_id = $1 AND ended_at IS NULL ORDER BY created_at DESC`,
      [userId],
    );
  }

  /** A session as its cookie is checked: open or not, with its secret's digest. */
  async findSession(id: string, manager: EntityManager = this.dataSource.manager) {
    const rows = await manager.query<Array<SessionRow & { secret_sha256: string; ended_at: Date | null }>>(
      `SELECT id, user_id, organization_id, created_at, last_seen_at, address, user_agent, secret_sha256,
         ended_at
       FROM tenancy.sessions WHERE id = $1`,
      [id],
    );
    return rows[0];
  }

  /**
   * Moves an open session's idle deadline: `last_seen_at` becomes now, unless it was moved less than
   * `throttleMs` ago (a console polls) or the session is idle already (a late request does not revive it).
   */
  async touchSession(id: string, idleTimeoutMs: number, throttleMs: number): Promise<void> {
    await this.dataSource.query(
      `UPDATE tenancy.sessions SET last_seen_at = now()
       WHERE id = $1 AND ended_at IS NULL AND last_seen_at < now() - $3 * interval '1 millisecond'
         AND last_seen_at > now() - $2 * interval '1 millisecond'`,
      [id, idleTimeoutMs, throttleMs],
    );
  }

  /** Open sessions unused for `idleTimeoutMs`, locked for ending; another sweeper skips them. */
  async lockIdleSessions(manager: EntityManager, idleTimeoutMs: number, limit: number): Promise<string[]> {
    const rows = await manager.query<Array<{ id: string }>>(
      `SELECT id FROM tenancy.sessions
       WHERE ended_at IS NULL AND last_seen_at < now() - $1 * interval '1 millisecond'
       ORDER BY last_seen_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [idleTimeoutMs, limit],
    );
    return rows.map((row) => row.id);
  }

  /** Milliseconds until the first open session falls idle, by the database's clock; none open: undefined. */
  async msUntilFirstIdle(idleTimeoutMs: number): Promise<number | undefined> {
    const [row] = await this.dataSource.query<Array<{ ms: number | null }>>(
      `SELECT (EXTRACT(EPOCH FROM min(last_seen_at) - now()) * 1000 + $1)::float8 AS ms
       FROM tenancy.sessions WHERE ended_at IS NULL`,
      [idleTimeoutMs],
    );
    return row?.ms ?? undefined;
  }

  async hasUsers(manager: EntityManager = this.dataSource.manager): Promise<boolean> {
    const rows = await manager.query<unknown[]>('SELECT 1 FROM tenancy.users LIMIT 1');
    return rows.length > 0;
  }
}
