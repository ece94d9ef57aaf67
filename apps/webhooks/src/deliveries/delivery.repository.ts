import { Injectable } from '@nestjs/common';
import { type KeysetPosition } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type DeliveryDetailResponse, type DeliveryResponse } from '../webhooks/webhook.dto';
import { type HealthWindow, type RecentAttempts } from '../webhooks/webhook-health';
import { type AttemptOutcome } from '../outbound/webhook-sender';
import { type AttemptDecision, type DeliveryOutcome } from './delivery-schedule';

export interface NewDelivery {
  id: string;
  organizationId: string;
  webhookId: string;
  eventId: string;
  eventType: string;
  payload: string;
  /** The `traceparent` of the event's consumption; the attempts continue that trace. */
  traceParent?: string | null;
}

/** An attempt a dispatcher has reserved: everything needed to sign and send it. */
export interface ClaimedAttempt {
  deliveryId: string;
  webhookId: string;
  organizationId: string;
  eventType: string;
  payload: string;
  attempt: number;
  url: string;
  signingSecretEncrypted: string;
  /** The rotated-away secret while its overlap lasts: the attempt carries a signature with each. */
  previousSigningSecretEncrypted: string | null;
  traceParent: string | null;
}

/** An attempt's outcome and what follows it, to record. */
export type AttemptRecord = Omit<AttemptOutcome, 'success'> &
  AttemptDecision & { deliveryId: string; attempt: number; attemptedAt: Date };

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

/** A resend to make: the new delivery's id, and the delivery it repeats. */
export interface NewResend {
  id: string;
  originalId: string;
}

/**
 * Inserts the deliveries of `deliveryParams` ($1-$9) whose event `fresh` holds, returning each created
 * one. The first `$8` of those are leased for `$9` ms, unless their webhook was meanwhile disabled or
 * deleted.
 */
const INSERT_FRESH_DELIVERIES_SQL = `
    INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, payload, trace_parent,
      next_attempt_at, lease_expires_at)
    SELECT d.id, d.organization_id, d.webhook_id, d.event_id, d.event_type, d.payload, d.trace_parent, now(),
      CASE WHEN d.rank <= $8
        AND (SELECT w.active AND w.deleted_at IS NULL FROM webhooks.webhooks w WHERE w.id = d.webhook_id)
        THEN now() + make_interval(secs => $9 / 1000.0) END
    FROM (
      SELECT u.*, row_number() OVER (ORDER BY u.n) AS rank
      FROM unnest($1::uuid[], $2::text[], $3::text[], $4::uuid[], $5::text[], $6::text[], $7::text[])
        WITH ORDINALITY AS u(id, organization_id, webhook_id, event_id, event_type, payload, trace_parent, n)
      WHERE u.event_id IN (SELECT event_id FROM fresh)
    ) AS d
    ON CONFLICT (webhook_id, event_id) WHERE resent_from IS NULL DO NOTHING
    RETURNING *`;

function deliveryParams(deliveries: NewDelivery[], lease: { count: number; leaseMs: number }): unknown[] {
  return [
    deliveries.map((d) => d.id),
    deliveries.map((d) => d.organizationId),
    deliveries.map((d) => d.webhookId),
    deliveries.map((d) => d.eventId),
    deliveries.map((d) => d.eventType),
    deliveries.map((d) => d.payload),
    deliveries.map((d) => d.traceParent ?? null),
    lease.count,
    lease.leaseMs,
  ];
}

/**
 * A claimed attempt, over a delivery `d` (its next attempt) joined to its webhook `w`: what a claim and a
 * fan-out's leased deliveries both return.
 */
const CLAIMED_ATTEMPT_COLUMNS = `d.id AS "deliveryId", d.webhook_id AS "webhookId",
  d.organization_id AS "organizationId", d.event_type AS "eventType", d.payload, d.attempt_count + 1 AS attempt,
  w.url, w.signing_secret_encrypted AS "signingSecretEncrypted",
  CASE WHEN w.previous_secret_expires_at > now() THEN w.previous_signing_secret_encrypted END
    AS "previousSigningSecretEncrypted",
  d.trace_parent AS "traceParent"`;

/** `to_char` pattern of an ISO 8601 time in UTC with milliseconds, as `Date.toISOString` writes it. */
const ISO_UTC = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/**
 * The claim statement of `claimDue`, exported so a test can check its plan: it walks the due index and
 * stops at `limit`, whatever the backlog (docs/decisions/0002-claim-statement.md). It commits without
 * waiting for its WAL flush: a lease lost in a database crash only frees its attempt early.
 */
export const CLAIM_DUE_SQL = `
  WITH lazy_commit AS (
    SELECT set_config('synchronous_commit', 'off', true)
  ), due AS (
    SELECT d.id FROM webhooks.deliveries d
    WHERE d.outcome = 'pending' AND d.next_attempt_at <= now()
      AND (d.lease_expires_at IS NULL OR d.lease_expires_at <= now())
      AND (SELECT w.active AND w.deleted_at IS NULL FROM webhooks.webhooks w WHERE w.id = d.webhook_id)
    ORDER BY d.next_attempt_at
    LIMIT $1
    FOR UPDATE SKIP LOCKED
  )
  UPDATE webhooks.deliveries d SET lease_expires_at = now() + make_interval(secs => $2 / 1000.0)
  FROM webhooks.webhooks w, lazy_commit
  WHERE d.id = ANY(ARRAY(SELECT id FROM due)) AND w.id = d.webhook_id
  RETURNING ${CLAIMED_ATTEMPT_COLUMNS}`;

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

/** All SQL on deliveries and their attempts: fan-out, claims, outcomes, the log, retention. */
@Injectable()
export class DeliveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * A consumer's fan-out of a batch in one statement, atomic without a transaction of its own: marks
   * each event processed by its consumer group, and creates the deliveries of the events not processed
   * before, one pending delivery per (webhook, event) (a repeated event finds its deliveries there).
   * The first `lease.count` of those are created with their first attempt leased for `lease.leaseMs`, as a
   * claim would lease it, and are returned as claimed; the others are due at once. A leased one whose webhook
   * was meanwhile disabled or deleted is neither leased nor returned, as a claim would skip it.
   */
  async fanOut(
    events: ReadonlyArray<{ consumerGroup: string; eventId: string }>,
    deliveries: NewDelivery[],
    lease: { count: number; leaseMs: number },
  ): Promise<{ fresh: Set<string>; leased: ClaimedAttempt[] }> {
    const params = deliveryParams(deliveries, lease);
    const groups = `$${params.length + 1}::text[]`;
    const eventIds = `$${params.length + 2}::uuid[]`;
    const [row] = await this.dataSource.query<Array<{ fresh: string[]; leased: ClaimedAttempt[] }>>(
      `WITH fresh AS (
         INSERT INTO webhooks.processed_events (consumer_group, event_id)
         SELECT * FROM unnest(${groups}, ${eventIds}) ON CONFLICT DO NOTHING RETURNING event_id
       ), inserted AS (${INSERT_FRESH_DELIVERIES_SQL})
       SELECT (SELECT coalesce(array_agg(event_id::text), '{}') FROM fresh) AS fresh,
         (SELECT coalesce(json_agg(l), '[]') FROM (
           SELECT ${CLAIMED_ATTEMPT_COLUMNS} FROM inserted d JOIN webhooks.webhooks w ON w.id = d.webhook_id
           WHERE d.lease_expires_at IS NOT NULL
         ) AS l) AS leased`,
      [...params, events.map((event) => event.consumerGroup), events.map((event) => event.eventId)],
    );
    // Postgres spells a uuid in lower case.
    const fresh = new Set((row?.fresh ?? []).map((id) => id.toLowerCase()));
    return { fresh, leased: row?.leased ?? [] };
  }

  /**
   * Reserves up to `limit` due attempts of active webhooks. The reservation sets a lease without counting
   * the attempt: if this dispatcher dies before recording, the same attempt number becomes due again
   * when the lease ends, so no attempt is skipped or added.
   */
  async claimDue(limit: number, leaseMs: number): Promise<ClaimedAttempt[]> {
    const rows = await this.dataSource.query<[ClaimedAttempt[], number]>(CLAIM_DUE_SQL, [limit, leaseMs]);
    return rows[0];
  }

  /**
   * Extends the leases of attempts this dispatcher holds, and returns the ids still held. An attempt whose
   * lease already ended, or that was recorded since, is not renewed: once a lease ends, the attempt is
   * another claim's to make. Like a claim, this commits without waiting for its WAL flush. Rows locked by
   * an outcome being recorded are skipped, not waited on: two multi-row updates could deadlock.
   */
  async renewLeases(
    held: ReadonlyArray<Pick<ClaimedAttempt, 'deliveryId' | 'attempt'>>,
    leaseMs: number,
  ): Promise<Set<string>> {
    if (held.length === 0) return new Set();
    const rows = await this.dataSource.query<[Array<{ id: string }>, number]>(
      `WITH lazy_commit AS (SELECT set_config('synchronous_commit', 'off', true)),
       unlocked AS (SELECT id FROM webhooks.deliveries WHERE id = ANY($1::uuid[]) FOR UPDATE SKIP LOCKED)
       UPDATE webhooks.deliveries d SET lease_expires_at = now() + make_interval(secs => $3 / 1000.0)
       FROM unnest($1::uuid[], $2::int[]) AS h(id, attempt), lazy_commit, unlocked u
       WHERE d.id = h.id AND u.id = h.id AND d.attempt_count = h.attempt - 1 AND d.outcome = 'pending'
         AND d.lease_expires_at > now()
       RETURNING d.id`,
      [held.map((claim) => claim.deliveryId), held.map((claim) => claim.attempt), leaseMs],
    );
    return new Set(rows[0].map((row) => row.id));
  }

  /**
   * Records attempt outcomes in one statement. An outcome applies only if the delivery still expects
   * that attempt number, so a dispatcher whose lease ran out cannot record over the one that took over.
   * Returns the ids recorded.
   */
  async recordAttempts(records: AttemptRecord[]): Promise<string[]> {
    if (records.length === 0) return [];
    // One JSON document rather than one array per column: node-pg escapes array elements in JavaScript.
    const results = JSON.stringify(
      records.map((r) => ({
        delivery_id: r.deliveryId,
        attempt: r.attempt,
        attempted_at: r.attemptedAt.toISOString(),
        status_code: r.statusCode,
        response_time_ms: Math.round(r.responseTimeMs),
        error: r.error,
        response_body: r.responseBody,
        response_body_truncated: r.responseBodyTruncated,
        outcome: r.outcome,
        retry_in_ms: r.retryInMs,
      })),
    );
    const rows = await this.dataSource.query<Array<{ id: string }>>(
      `WITH results AS (
         SELECT * FROM json_to_recordset($1::json)
           AS r(delivery_id uuid, attempt int, attempted_at timestamptz, status_code int, response_time_ms int,
                error text, response_body text, response_body_truncated boolean, outcome text, retry_in_ms bigint)
       ), updated AS (
         UPDATE webhooks.deliveries d SET
           attempt_count = r.attempt,
           outcome = r.outcome,
           status_code = r.status_code,
           response_time_ms = r.response_time_ms,
           next_attempt_at = CASE WHEN r.outcome = 'pending' THEN now() + make_interval(secs => r.retry_in_ms / 1000.0) END,
           completed_at = CASE WHEN r.outcome = 'pending' THEN NULL ELSE now() END,
           lease_expires_at = NULL
         FROM results r
         WHERE d.id = r.delivery_id AND d.attempt_count = r.attempt - 1 AND d.outcome = 'pending'
         RETURNING d.id, d.webhook_id
       ), attempts AS (
         INSERT INTO webhooks.delivery_attempts (delivery_id, webhook_id, attempt, attempted_at, status_code,
           response_time_ms, error, response_body, response_body_truncated)
         SELECT r.delivery_id, u.webhook_id, r.attempt, r.attempted_at, r.status_code, r.response_time_ms, r.error,
           r.response_body, r.response_body_truncated
         FROM results r JOIN updated u ON u.id = r.delivery_id
         ON CONFLICT DO NOTHING
       )
       SELECT id FROM updated`,
      [results],
    );
    return rows.map((row) => row.id);
  }

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
   * A new pending delivery of the same event and payload bytes as `originalId`, which must be a delivery
   * of this webhook and organization within the retention window. False when it is not.
   */
  async insertResend(
    manager: EntityManager,
    scope: { organizationId: string; webhookId: string; retentionMs: number },
    resend: NewResend & { traceParent: string | null },
  ): Promise<boolean> {
    const rows = await manager.query<Array<{ id: string }>>(
      `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, payload, is_test,
         trace_parent, resent_from, next_attempt_at)
       SELECT $4::uuid, o.organization_id, o.webhook_id, o.event_id, o.event_type, o.payload, o.is_test, $5::text,
         o.id, now()
       FROM webhooks.deliveries o
       WHERE o.organization_id = $1 AND o.webhook_id = $2 AND o.id = $3
         AND o.created_at >= now() - make_interval(secs => $6 / 1000.0)
       RETURNING id`,
      [
        scope.organizationId,
        scope.webhookId,
        resend.originalId,
        resend.id,
        resend.traceParent,
        scope.retentionMs,
      ],
    );
    return rows.length > 0;
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

  /**
   * One recovery resend per original, in one statement; an original some other recovery resent meanwhile
   * is skipped (its unique index). Returns how many were made.
   */
  async insertRecoveryResends(
    manager: EntityManager,
    organizationId: string,
    webhookId: string,
    resends: NewResend[],
    traceParent: string | null,
  ): Promise<number> {
    if (resends.length === 0) return 0;
    const rows = await manager.query<Array<{ id: string }>>(
      `INSERT INTO webhooks.deliveries (id, organization_id, webhook_id, event_id, event_type, payload, is_test,
         trace_parent, resent_from, by_recovery, next_attempt_at)
       SELECT r.id, o.organization_id, o.webhook_id, o.event_id, o.event_type, o.payload, o.is_test, $5::text, o.id,
         true, now()
       FROM unnest($3::uuid[], $4::uuid[]) AS r(id, original_id)
       JOIN webhooks.deliveries o ON o.id = r.original_id AND o.organization_id = $1 AND o.webhook_id = $2
       ON CONFLICT (resent_from) WHERE by_recovery DO NOTHING
       RETURNING id`,
      [
        organizationId,
        webhookId,
        resends.map((resend) => resend.id),
        resends.map((resend) => resend.originalId),
        traceParent,
      ],
    );
    return rows.length;
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
