import { Injectable } from '@nestjs/common';
import { type Role } from '@governance/contracts';
import { type KeysetPosition } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';

export interface InvitationRow {
  id: string;
  organization_id: string;
  email: string;
  role: Role;
  invited_by: string | null;
  created_at: Date;
  expires_at: Date;
  accepted_at: Date | null;
  revoked_at: Date | null;
}

/** An invitation with its organization's name, as its token finds it. */
export type InvitationWithOrganization = InvitationRow & { organization_name: string };

const COLUMNS =
  'i.id, i.organization_id, i.email, i.role, i.invited_by, i.created_at, i.expires_at, i.accepted_at, i.revoked_at';

/** SQL of invitations: only the token's digest is stored. */
@Injectable()
export class InvitationRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Serialises the invitations of one email in one organization until the transaction ends, so two admins
   * inviting the same person at once make one invitation and one 409.
   */
  async lockEmail(manager: EntityManager, organizationId: string, email: string): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [
      `invitation:${organizationId}:${email.toLowerCase()}`,
    ]);
  }

  async hasPending(manager: EntityManager, organizationId: string, email: string, now: Date) {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM tenancy.invitations
       WHERE organization_id = $1 AND lower(email) = lower($2)
         AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $3`,
      [organizationId, email, now],
    );
    return rows.length > 0;
  }

  async isMember(manager: EntityManager, organizationId: string, email: string): Promise<boolean> {
    const rows = await manager.query<unknown[]>(
      `SELECT 1 FROM tenancy.memberships m JOIN tenancy.users u ON u.id = m.user_id
       WHERE m.organization_id = $1 AND lower(u.email) = lower($2)`,
      [organizationId, email],
    );
    return rows.length > 0;
  }

  async insert(
    manager: EntityManager,
    invitation: {
      id: string;
      organizationId: string;
      email: string;
      role: Role;
      tokenSha256: string;
      invitedBy: string | null;
      createdAt: Date;
      expiresAt: Date;
    },
  ): Promise<InvitationRow> {
    const rows = await manager.query<InvitationRow[]>(
      `INSERT INTO tenancy.invitations AS i
         (id, organization_id, email, role, token_sha256, invited_by, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [
        invitation.id,
        invitation.organizationId,
        invitation.email,
        invitation.role,
        invitation.tokenSha256,
        invitation.invitedBy,
        invitation.createdAt,
        invitation.expiresAt,
      ],
    );
    return rows[0]!;
  }

  /** Pending invitations (neither accepted, revoked nor expired), newest first. */
  listPending(organizationId: string, now: Date, limit: number, after?: KeysetPosition) {
    return this.dataSource.query<InvitationRow[]>(
      `SELECT ${COLUMNS} FROM tenancy.invitations i
       WHERE i.organization_id = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2
         AND ($3::timestamptz IS NULL OR (i.created_at, i.id) < ($3::timestamptz, $4::text))
       ORDER BY i.created_at DESC, i.id DESC
       LIMIT $5`,
      [organizationId, now, after?.at ?? null, after?.id ?? null, limit],
    );
  }

  /** The organization's invitation, locked. */
  async find(manager: EntityManager, organizationId: string, id: string) {
    const rows = await manager.query<InvitationRow[]>(
      `SELECT ${COLUMNS} FROM tenancy.invitations i WHERE i.organization_id = $1 AND i.id = $2 FOR UPDATE`,
      [organizationId, id],
    );
    return rows[0];
  }

  /** The invitation a token names, whatever its state; given a transaction's manager, locked. */
  async findByToken(
    tokenSha256: string,
    manager?: EntityManager,
  ): Promise<InvitationWithOrganization | undefined> {
    const rows = await (manager ?? this.dataSource.manager).query<InvitationWithOrganization[]>(
      `SELECT ${COLUMNS}, o.name AS organization_name
       FROM tenancy.invitations i JOIN tenancy.organizations o ON o.id = i.organization_id
       WHERE i.token_sha256 = $1 ${manager ? 'FOR UPDATE OF i' : ''}`,
      [tokenSha256],
    );
    return rows[0];
  }

  async organizationName(organizationId: string): Promise<string | undefined> {
    const rows = await this.dataSource.query<Array<{ name: string }>>(
      'SELECT name FROM tenancy.organizations WHERE id = $1',
      [organizationId],
    );
    return rows[0]?.name;
  }

  async markRevoked(manager: EntityManager, organizationId: string, id: string, at: Date): Promise<void> {
    await manager.query(
      'UPDATE tenancy.invitations SET revoked_at = $3 WHERE organization_id = $1 AND id = $2',
      [organizationId, id, at],
    );
  }

  async markAccepted(manager: EntityManager, organizationId: string, id: string, at: Date): Promise<void> {
    await manager.query(
      'UPDATE tenancy.invitations SET accepted_at = $3 WHERE organization_id = $1 AND id = $2',
      [organizationId, id, at],
    );
  }
}
