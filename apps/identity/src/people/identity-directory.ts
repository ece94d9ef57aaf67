import { Inject, Injectable } from '@nestjs/common';
import {
  CredentialDirectory,
  type KeyCredential,
  type Membership,
  type SessionCredential,
  sessionCredential,
} from '@governance/auth';
import { type KeyScope, type Plan, type Role } from '@governance/contracts';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';

/**
 * Identity checks credentials against its own tables, not a replica: what it just changed holds in the
 * next request, and a session past its idle deadline is refused here even before the sweep ends it.
 */
@Injectable()
export class IdentityDirectory extends CredentialDirectory {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {
    super();
  }

  async findApiKey(keyId: string): Promise<KeyCredential | undefined> {
    const [row] = await this.dataSource.query<
      Array<{ organization_id: string; plan: Plan; scope: KeyScope; secret_sha256: string }>
    >(
      `SELECT k.organization_id, o.plan, k.scope, k.secret_sha256
       FROM tenancy.api_keys k JOIN tenancy.organizations o ON o.id = k.organization_id
       WHERE k.id = $1 AND k.revoked_at IS NULL`,
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
  }

  async findSession(sessionId: string): Promise<SessionCredential | undefined> {
    const [row] = await this.dataSource.query<
      Array<{ user_id: string; secret_sha256: string; bound_organization_id: string | null }>
    >(
      `SELECT user_id, secret_sha256, organization_id AS bound_organization_id FROM tenancy.sessions
       WHERE id = $1 AND ended_at IS NULL AND last_seen_at > now() - make_interval(secs => $2::float8 / 1000)`,
      [sessionId, this.config.sessions.idleTimeoutMs],
    );
    return row && sessionCredential(row);
  }

  async findMemberships(userId: string): Promise<Membership[]> {
    const rows = await this.dataSource.query<Array<{ organization_id: string; plan: Plan; role: Role }>>(
      `SELECT m.organization_id, o.plan, m.role
       FROM tenancy.memberships m JOIN tenancy.organizations o ON o.id = m.organization_id
       WHERE m.user_id = $1 ORDER BY m.organization_id`,
      [userId],
    );
    return rows.map((row) => ({ organizationId: row.organization_id, plan: row.plan, role: row.role }));
  }
}
