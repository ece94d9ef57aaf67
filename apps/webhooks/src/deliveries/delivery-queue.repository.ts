import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { type AttemptOutcome } from '../outbound/webhook-sender';
import { type AttemptDecision } from './delivery-schedule';

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

/**
 * The dispatch queue: deliveries made pending (fan-out, resends), claimed and leased by dispatchers, and
 * their attempts' outcomes recorded. What people read of deliveries is the log's (DeliveryLogRepository).
 */
@Injectable()
export class DeliveryQueueRepository {
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
}
