import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

export type LinkPurpose = 'setup' | 'password_reset';

export interface OneTimeLinkRow {
  token_sha256: string;
  purpose: LinkPurpose;
  organization_id: string | null;
  user_id: string | null;
  email: string | null;
  expires_at: Date;
  used_at: Date | null;
  /** Whether `expires_at` has passed, by the database's clock. */
  expired: boolean;
}

/** SQL of one-time links (first-owner setup, password resets); a token is stored as its SHA-256 only. */
@Injectable()
export class OneTimeLinksRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Inserts a link valid `ttlMs` from now; a token inserted before (SETUP_TOKEN) is made new again. */
  async insert(
    link: {
      tokenSha256: string;
      purpose: LinkPurpose;
      organizationId: string | null;
      userId: string | null;
      email: string | null;
      ttlMs: number;
    },
    manager: EntityManager = this.dataSource.manager,
  ): Promise<Date> {
    const rows = await manager.query<Array<{ expires_at: Date }>>(
      `INSERT INTO tenancy.one_time_links (token_sha256, purpose, organization_id, user_id, email, expires_at)
       VALUES ($1, $2, $3, $4, $5, now() + $6 * interval '1 millisecond')
       ON CONFLICT (token_sha256) DO UPDATE SET purpose = $2, organization_id = $3, user_id = $4, email = $5,
         created_at = now(), expires_at = EXCLUDED.expires_at, used_at = NULL
       RETURNING expires_at`,
      [link.tokenSha256, link.purpose, link.organizationId, link.userId, link.email, link.ttlMs],
    );
    return rows[0]!.expires_at;
  }

  /** The link of this token and purpose, locked until the transaction ends, so it is used only once. */
  async lock(manager: EntityManager, tokenSha256: string, purpose: LinkPurpose) {
    const rows = await manager.query<OneTimeLinkRow[]>(
      `SELECT token_sha256, purpose, organization_id, user_id, email, expires_at, used_at,
              expires_at <= now() AS expired
       FROM tenancy.one_time_links WHERE token_sha256 = $1 AND purpose = $2 FOR UPDATE`,
      [tokenSha256, purpose],
    );
    return rows[0];
  }

  async markUsed(manager: EntityManager, tokenSha256: string): Promise<void> {
    await manager.query('UPDATE tenancy.one_time_links SET used_at = now() WHERE token_sha256 = $1', [
      tokenSha256,
    ]);
  }

  /** Uses up every open password reset link of a person: one reset ends them all. */
  async useResetLinksOf(manager: EntityManager, userId: string): Promise<void> {
    await manager.query(
      `UPDATE tenancy.one_time_links SET used_at = now()
       WHERE purpose = 'password_reset' AND user_id = $1 AND used_at IS NULL`,
      [userId],
    );
  }

  /** Deletes the unused first-start links (no organization): only the newest one printed stays valid. */
  async discardFirstStartLinks(manager: EntityManager): Promise<void> {
    await manager.query(
      `DELETE FROM tenancy.one_time_links
       WHERE purpose = 'setup' AND organization_id IS NULL AND used_at IS NULL`,
    );
  }
}
