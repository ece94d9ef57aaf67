import { Injectable } from '@nestjs/common';
import { type KeysetPosition } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type DeliveryDetailResponse, type DeliveryResponse } from '../webhooks/webhook.dto';
import { type HealthWindow, type RecentAttempts } from '../webhooks/webhook-health';
import { type DeliveryOutcome } from './delivery-schedule';
import { type AttemptRecord, type NewDelivery } from './delivery-queue.repository';

/** A delivery as the log shows it, and its exact creation time (Postgres text, microseconds kept) to page by. */
export type DeliveryLogRow = DeliveryResponse & { created_at_exact: string };

/** What the delivery log is narrowed to; every field given must match. */
export interface DeliveryLogFilter {
  outcome?: DeliveryOutcome;
  event?: string;
  /** Created at or after. */
  since?: Date;
  /** Created before. */
  until?: Date;
}

/** `to_char` pattern of an ISO 8601 time in UTC with milliseconds, as `Date.toISOString` writes it. */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** A delivery's own columns as the log shows them, over `webhooks.deliveries d`. While an attempt is in
 * flight, the next one is due when its lease ends (should the dispatcher die), so that is what is shown. */
const DELIVERY_COLUMNS = `
  d.id AS delivery_id, d.event_type AS event, d.event_id, d.outcome, d.status_code, d.response_time_ms,
  d.attempt_count,
  CASE WHEN d.outcome = 'pending'
    THEN to_char(GREATEST(d.next_attempt_at, d.lease_expires_at) AT TIME ZONE 'UTC', ${ISO_UTC}) END
    AS next_attempt_at,
  d.is_test AS test, d.resent_from, to_char(d.created_at AT TIME ZONE 'UTC', ${ISO_UTC}) AS created_at`;

/** The delivery's attempts as a JSON array, in order, each with the log's fields and `more` of its own. */
const attemptsJson = (more = '') => `
  COALESCE((
    SELECT json_agg(json_build_object(
      'attempt', a.attempt,
      'attempted_at', to_char(a.attempted_at AT TIME ZONE 'UTC', ${ISO_UTC}),
      'status_code', a.status_code,
      'response_time_ms', a.response_time_ms,
      'error', a.error${more}) ORDER BY a.attempt)
    FROM webhooks.delivery_attempts a WHERE a.delivery_id = d.id), '[]'::json) AS attempts`;

/** The columns of a delivery log entry, and its exact creation time to page by. */
const LOG_ENTRY_COLUMNS = `${DELIVERY_COLUMNS}, ${attemptsJson()}, d.created_at::text AS created_at_exact`;

/** A log entry with its payload and each attempt's kept response body. */
const DETAIL_COLUMNS = `${DELIVERY_COLUMNS}, d.payload,
  ${attemptsJson(", 'response_body', a.response_body, 'response_body_truncated', a.response_body_truncated")}`;

/** A delivery with its request body and each attempt's kept response, for the delivery's own page. */
export type DeliveryDetailRow = Omit<DeliveryDetailResponse, 'response_body_max_bytes'>;

/**
 * The delivery log, as people read it: entries, their attempts and responses, each webhook's recent
 * health, the failures a recovery resends, test calls (logged, never queued) and retention.
 */
@Injectable()
export class DeliveryLogRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** A test delivery is sent at once and never retried; it is logged like any other. */
  async insertTestDelivery(
    manager: EntityManager,
    delivery: NewDelivery,
    attempt: Omit<AttemptRecord, 'deliveryId' | 'attempt' | 'retryInMs'>,
  ): Promise<void> {
    await manager.query(
      `WITH delivery AS (
         INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, payload, is_test,
           outcome, attempt_count, status_code, response_time_ms, created_at, completed_at)
         VALUES ($1, $2, $3, $4, $5, $6, true, $7, 1, $8, $9, $10, now()) RETURNING id
       )
       INSERT INTO webhooks.delivery_attempts (delivery_id, webhook_id, attempt, attempted_at, status_code,
         response_time_ms, error, response_body, response_body_truncated)
       SELECT id, $3, 1, $10, $8, $9, $11, $12, $13 FROM delivery`,
      [
        delivery.id,
        delivery.organizationId,
        delivery.webhookId,
        delivery.eventId,
        delivery.eventType,
        delivery.payload,
        attempt.outcome,
        attempt.statusCode,
        Math.round(attempt.responseTimeMs),
        attempt.attemptedAt.toISOString(),
        attempt.error,
        attempt.responseBody,
        attempt.responseBodyTruncated,
      ],
    );
  }

  /** Newest first, within the retention window and the filter, resuming after `after` when given. */
  async listLog(
    organizationId: string,
    webhookId: string,
    retentionMs: number,
    filter: DeliveryLogFilter,
    limit: number,
    after?: KeysetPosition,
  ): Promise<DeliveryLogRow[]> {
    return await this.dataSource.query<DeliveryLogRow[]>(
      `SELECT ${LOG_ENTRY_COLUMNS}
       FROM webhooks.deliveries d
       WHERE d.organization_id = $1 AND d.webhook_id = $2
         AND d.created_at >= now() - make_interval(secs => $3 / 1000.0)
         AND ($5::timestamptz IS NULL OR (d.created_at, d.id) < ($5::timestamptz, $6::uuid))
         AND ($7::text IS NULL OR d.outcome = $7) AND ($8::text IS NULL OR d.event_type = $8)
         AND ($9::timestamptz IS NULL OR d.created_at >= $9) AND ($10::timestamptz IS NULL OR d.created_at < $10)
       ORDER BY d.created_at DESC, d.id DESC
       LIMIT $4`,
      [
        organizationId,
        webhookId,
        retentionMs,
        limit,
        after?.at ?? null,
        after?.id ?? null,
        filter.outcome ?? null,
        filter.event ?? null,
        filter.since?.toISOString() ?? null,
        filter.until?.toISOString() ?? null,
      ],
    );
  }

  /** One entry of the log, as `listLog` shows it. */
  async findLogEntry(
    manager: EntityManager,
    organizationId: string,
    webhookId: string,
    deliveryId: string,
  ): Promise<DeliveryLogRow | undefined> {
    const rows = await manager.query<DeliveryLogRow[]>(
      `SELECT ${LOG_ENTRY_COLUMNS} FROM webhooks.deliveries d
       WHERE d.organization_id = $1 AND d.webhook_id = $2 AND d.id = $3`,
      [organizationId, webhookId, deliveryId],
    );
    return rows[0];
  }

  /** One delivery of the log with its payload and each attempt's response body, within the retention window. */
  async findDetail(
    organizationId: string,
    webhookId: string,
    deliveryId: string,
    retentionMs: number,
  ): Promise<DeliveryDetailRow | undefined> {
    const rows = await this.dataSource.query<DeliveryDetailRow[]>(
      `SELECT ${DETAIL_COLUMNS} FROM webhooks.deliveries d
       WHERE d.organization_id = $1 AND d.webhook_id = $2 AND d.id = $3
         AND d.created_at >= now() - make_interval(secs => $4 / 1000.0)`,
      [organizationId, webhookId, deliveryId, retentionMs],
    );
    return rows[0];
  }

  /**
   * Each webhook's latest attempts within the window, at most `maxAttempts` of them, counted: one index
   * range per webhook (delivery_attempts_webhook_idx), whatever its traffic.
   */
  async recentAttempts(
    organizationId: string,
    webhookIds: readonly string[],
    window: HealthWindow,
  ): Promise<Map<string, RecentAttempts>> {
    if (webhookIds.length === 0) return new Map();
    const rows = await this.dataSource.query<Array<RecentAttempts & { webhookId: string }>>(
      `SELECT w.id AS "webhookId", h.attempts, h.succeeded, h.last_attempt_at AS "lastAttemptAt",
         h.last_success_at AS "lastSuccessAt"
       FROM webhooks.webhooks w
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS attempts, (count(*) FILTER (WHERE r.error IS NULL))::int AS succeeded,
           max(r.attempted_at) AS last_attempt_at, max(r.attempted_at) FILTER (WHERE r.error IS NULL) AS last_success_at
         FROM (
           SELECT a.error, a.attempted_at FROM webhooks.delivery_attempts a
           WHERE a.webhook_id = w.id AND a.attempted_at >= now() - make_interval(secs => $3 / 1000.0)
           ORDER BY a.attempted_at DESC
           LIMIT $4
         ) AS r
       ) AS h
       WHERE w.organization_id = $1 AND w.id = ANY($2::text[])`,
      [organizationId, webhookIds, window.windowMs, window.maxAttempts],
    );
    return new Map(rows.map(({ webhookId, ...recent }) => [webhookId, recent]));
  }

  /**
   * Failed deliveries (every attempt used; test calls aside) created at or after `since`, oldest first,
   * that were never resent, by hand or by recovery: a chain of resends is recovered through its last
   * failed delivery, once. At most `limit`.
   */
  async findUnrecoveredFailures(
    manager: EntityManager,
    organizationId: string,
    webhookId: string,
    since: Date,
    limit: number,
  ): Promise<string[]> {
    const rows = await manager.query<Array<{ id: string }>>(
      `SELECT d.id FROM webhooks.deliveries d
       WHERE d.organization_id = $1 AND d.webhook_id = $2 AND d.created_at >= $3
         AND d.outcome = 'failed' AND NOT d.is_test
         AND NOT EXISTS (SELECT 1 FROM webhooks.deliveries r WHERE r.resent_from = d.id)
       ORDER BY d.created_at, d.id
       LIMIT $4`,
      [organizationId, webhookId, since.toISOString(), limit],
    );
    return rows.map((row) => row.id);
  }

  /** Deletes up to `batchSize` deliveries (and their attempts) older than the retention window. */
  async purgeOlderThan(retentionMs: number, batchSize: number): Promise<number> {
    const [, deleted] = await this.dataSource.query<[unknown, number]>(
      `DELETE FROM webhooks.deliveries WHERE id IN (
         SELECT id FROM webhooks.deliveries WHERE created_at < now() - make_interval(secs => $1 / 1000.0) LIMIT $2)`,
      [retentionMs, batchSize],
    );
    return deleted;
  }
}
