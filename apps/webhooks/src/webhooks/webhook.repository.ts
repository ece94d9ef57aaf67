import { Injectable } from '@nestjs/common';
import { type WithDates } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type WebhookResponse } from './webhook.dto';

export type WebhookRow = WithDates<
  Omit<WebhookResponse, 'health'>,
  'created_at' | 'updated_at' | 'previous_secret_expires_at'
> & {
  organization_id: string;
  signing_secret_encrypted: string;
  /** The rotated-away secret, sealed, while its overlap lasts; null otherwise. */
  previous_signing_secret_encrypted: string | null;
};

export type WebhookChanges = Partial<Pick<WebhookRow, 'url' | 'events' | 'description' | 'active'>>;

/** A previous secret is read only while its overlap lasts, by the database's clock, whatever the sweep did. */
const COLUMNS = `id, organization_id, url, events, description, active, signing_secret_encrypted,
  created_at, updated_at,
  CASE WHEN previous_secret_expires_at > now() THEN previous_secret_expires_at END AS previous_secret_expires_at,
  CASE WHEN previous_secret_expires_at > now() THEN previous_signing_secret_encrypted END
    AS previous_signing_secret_encrypted`;

/** All SQL on webhooks. Every query is scoped by organization id; a deleted webhook is invisible. */
@Injectable()
export class WebhookRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** Serializes creates per organization so the webhook limit cannot be overrun by concurrent calls. */
  async lockOrganization(manager: EntityManager, organizationId: string): Promise<void> {
    await manager.query("SELECT pg_advisory_xact_lock(hashtext('webhooks:' || $1))", [organizationId]);
  }

  async countLive(manager: EntityManager, organizationId: string): Promise<number> {
    const [row] = await manager.query<Array<{ count: number }>>(
      'SELECT count(*)::int AS count FROM webhooks.webhooks WHERE organization_id = $1 AND deleted_at IS NULL',
      [organizationId],
    );
    return row?.count ?? 0;
  }

  async insert(
    manager: EntityManager,
    webhook: Omit<
      WebhookRow,
      'created_at' | 'updated_at' | 'previous_secret_expires_at' | 'previous_signing_secret_encrypted'
    >,
  ): Promise<WebhookRow> {
    const rows = await manager.query<WebhookRow[]>(
      `INSERT INTO webhooks.webhooks (id, organization_id, url, events, description, active, signing_secret_encrypted)
       VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
      [
        webhook.id,
        webhook.organization_id,
        webhook.url,
        webhook.events,
        webhook.description,
        webhook.active,
        webhook.signing_secret_encrypted,
      ],
    );
    return rows[0]!;
  }

  async list(organizationId: string): Promise<WebhookRow[]> {
    return await this.dataSource.query<WebhookRow[]>(
      `SELECT ${COLUMNS} FROM webhooks.webhooks WHERE organization_id = $1 AND deleted_at IS NULL ORDER BY created_at, id`,
      [organizationId],
    );
  }

  /** Given the transaction's `manager`, locks the row FOR UPDATE. */
  async find(organizationId: string, id: string, manager?: EntityManager): Promise<WebhookRow | undefined> {
    const rows = await (manager ?? this.dataSource).query<WebhookRow[]>(
      `SELECT ${COLUMNS} FROM webhooks.webhooks WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL
       ${manager ? 'FOR UPDATE' : ''}`,
      [organizationId, id],
    );
    return rows[0];
  }

  /** Absent fields stay; only the description can be cleared (null). */
  async update(
    manager: EntityManager,
    organizationId: string,
    id: string,
    changes: WebhookChanges,
  ): Promise<WebhookRow | undefined> {
    const rows = await manager.query<[WebhookRow[], number]>(
      `UPDATE webhooks.webhooks SET url = COALESCE($3, url), events = COALESCE($4::text[], events),
         description = CASE WHEN $5 THEN $6 ELSE description END, active = COALESCE($7, active), updated_at = now()
       WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL
       RETURNING ${COLUMNS}`,
      [
        organizationId,
        id,
        changes.url ?? null,
        changes.events ?? null,
        changes.description !== undefined,
        changes.description ?? null,
        changes.active ?? null,
      ],
    );
    return rows[0][0];
  }

  /** Soft delete: the delivery log keeps its rows until retention purges them. */
  async delete(manager: EntityManager, organizationId: string, id: string): Promise<boolean> {
    const [, affected] = await manager.query<[unknown, number]>(
      'UPDATE webhooks.webhooks SET deleted_at = now(), active = false WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL',
      [organizationId, id],
    );
    return affected > 0;
  }

  /**
   * Puts a new sealed secret in place and keeps the current one as the previous until `overlapMs` from now.
   * A previous secret still in its overlap is dropped: only the current and the one before it are kept.
   */
  async rotateSecret(
    manager: EntityManager,
    organizationId: string,
    id: string,
    sealed: string,
    overlapMs: number,
  ): Promise<(WebhookRow & { overlap_ends_at: Date }) | undefined> {
    const rows = await manager.query<[Array<WebhookRow & { overlap_ends_at: Date }>, number]>(
      `UPDATE webhooks.webhooks SET previous_signing_secret_encrypted = signing_secret_encrypted,
         previous_secret_expires_at = now() + make_interval(secs => $4 / 1000.0),
         signing_secret_encrypted = $3, updated_at = now()
       WHERE organization_id = $1 AND id = $2 AND deleted_at IS NULL
       RETURNING ${COLUMNS}, previous_secret_expires_at AS overlap_ends_at`,
      [organizationId, id, sealed, overlapMs],
    );
    return rows[0][0];
  }

  /** Forgets previous secrets whose overlap has ended; returns how many. */
  async dropExpiredPreviousSecrets(): Promise<number> {
    const [, cleared] = await this.dataSource.query<[unknown, number]>(
      `UPDATE webhooks.webhooks SET previous_signing_secret_encrypted = NULL, previous_secret_expires_at = NULL
       WHERE previous_signing_secret_encrypted IS NOT NULL AND previous_secret_expires_at <= now()`,
    );
    return cleared;
  }

  /**
   * The active webhooks subscribed to each (organization, event type) of `wanted`, in one query: by
   * `subscriptionKey`, webhook ids in creation order; a pair with none is absent.
   */
  async findSubscribers(
    wanted: ReadonlyArray<{ organizationId: string; event: string }>,
  ): Promise<Map<string, string[]>> {
    const rows = await this.dataSource.query<Array<{ organization_id: string; event: string; id: string }>>(
      `SELECT k.organization_id, k.event, w.id
       FROM unnest($1::text[], $2::text[]) AS k(organization_id, event)
       JOIN webhooks.webhooks w ON w.organization_id = k.organization_id AND w.active AND w.deleted_at IS NULL
         AND k.event = ANY(w.events)
       ORDER BY w.created_at, w.id`,
      [wanted.map((pair) => pair.organizationId), wanted.map((pair) => pair.event)],
    );
    const subscribers = new Map<string, string[]>();
    for (const row of rows) {
      const key = subscriptionKey(row.organization_id, row.event);
      const ids = subscribers.get(key);
      if (ids) ids.push(row.id);
      else subscribers.set(key, [row.id]);
    }
    return subscribers;
  }
}

/** How `findSubscribers` keys an (organization, event type). */
export const subscriptionKey = (organizationId: string, event: string): string =>
  `${organizationId}/${event}`;
