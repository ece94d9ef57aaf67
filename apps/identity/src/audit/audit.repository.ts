import { Injectable } from '@nestjs/common';
import { SqlConditions } from '@governance/persistence';
import { type KeysetPosition } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { type ChainedEntry, type ChainLink, GENESIS_HASH, type StoredEntry } from './audit-chain';

/** What the listing and the export filter on; every filter is optional. */
export interface AuditFilters {
  actor?: string;
  actor_type?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  /** Inclusive. */
  from?: string;
  /** Exclusive. */
  to?: string;
}

/** A chain's recorded state: its head, and where retention left its start. */
export interface ChainState {
  head: ChainLink;
  checkpoint: ChainLink;
}

type EntryRow = Omit<StoredEntry, 'seq' | 'occurred_at'> & { seq: string; occurred_at: Date };

const ENTRY_COLUMNS = `id, organization_id, seq, occurred_at, actor_type, actor_id, service, action,
  target_type, target_id, address, user_agent, before, after, previous_hash, hash`;

/** A row as the chain knows it, columns in order: seq a number (bigint arrives as text), the time as text. */
const toEntry = (row: EntryRow): StoredEntry => ({
  ...row,
  seq: Number(row.seq),
  occurred_at: row.occurred_at.toISOString(),
});

/** All SQL of the audit trail. Every query is scoped by organization id. */
@Injectable()
export class AuditRepository {
  constructor(private readonly dataSource: DataSource) {}

  /**
   * Locks the organization's chain head for this transaction, creating it at the genesis, and returns
   * it: appends of one organization run one at a time, so `seq` has no gaps and no two entries share a
   * previous hash.
   */
  async lockHead(manager: EntityManager, organizationId: string): Promise<ChainLink> {
    const [row] = await manager.query<Array<{ head_seq: string; head_hash: string }>>(
      `INSERT INTO tenancy.audit_chains (organization_id, head_seq, head_hash) VALUES ($1, 0, $2)
       ON CONFLICT (organization_id) DO UPDATE SET head_seq = tenancy.audit_chains.head_seq
       RETURNING head_seq, head_hash`,
      [organizationId, GENESIS_HASH],
    );
    return { seq: Number(row!.head_seq), hash: row!.head_hash };
  }

  /**
   * Appends an entry after the locked head and moves the head to it. False, and nothing written, when
   * the trail holds this event already (a redelivery after its processed mark was purged).
   */
  async append(
    manager: EntityManager,
    entry: ChainedEntry,
    previousHash: string,
    hash: string,
  ): Promise<boolean> {
    const inserted = await manager.query<unknown[]>(
      `INSERT INTO tenancy.audit_entries (${ENTRY_COLUMNS})
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        entry.id,
        entry.organization_id,
        entry.seq,
        entry.occurred_at,
        entry.actor_type,
        entry.actor_id,
        entry.service,
        entry.action,
        entry.target_type,
        entry.target_id,
        entry.address,
        entry.user_agent,
        entry.before === null ? null : JSON.stringify(entry.before),
        entry.after === null ? null : JSON.stringify(entry.after),
        previousHash,
        hash,
      ],
    );
    if (inserted.length === 0) return false;
    await manager.query(
      'UPDATE tenancy.audit_chains SET head_seq = $2, head_hash = $3 WHERE organization_id = $1',
      [entry.organization_id, entry.seq, hash],
    );
    return true;
  }

  /** Newest first (the later in the chain first among equal times), resuming after `after`. */
  async list(
    organizationId: string,
    filters: AuditFilters,
    limit: number,
    after?: KeysetPosition,
  ): Promise<StoredEntry[]> {
    const where = new SqlConditions().add('organization_id = $', organizationId);
    if (filters.actor !== undefined) where.add('actor_id = $', filters.actor);
    if (filters.actor_type !== undefined) where.add('actor_type = $', filters.actor_type);
    if (filters.action !== undefined) where.add('action = $', filters.action);
    if (filters.target_type !== undefined) where.add('target_type = $', filters.target_type);
    if (filters.target_id !== undefined) where.add('target_id = $', filters.target_id);
    if (filters.from !== undefined) where.add('occurred_at >= $::timestamptz', filters.from);
    if (filters.to !== undefined) where.add('occurred_at < $::timestamptz', filters.to);
    if (after) where.add('(occurred_at, seq) < ($::timestamptz, $::bigint)', after.at, after.id);
    const rows = await this.dataSource.query<EntryRow[]>(
      `SELECT ${ENTRY_COLUMNS} FROM tenancy.audit_entries WHERE ${where.sql}
       ORDER BY occurred_at DESC, seq DESC LIMIT ${where.param(limit)}`,
      where.params,
    );
    return rows.map(toEntry);
  }

  /** The chain's head and checkpoint; the genesis for both when nothing was recorded yet. */
  async chainState(manager: EntityManager, organizationId: string): Promise<ChainState> {
    const [row] = await manager.query<
      Array<{ head_seq: string; head_hash: string; checkpoint_seq: string; checkpoint_hash: string }>
    >(
      `SELECT head_seq, head_hash, checkpoint_seq, checkpoint_hash FROM tenancy.audit_chains
       WHERE organization_id = $1`,
      [organizationId],
    );
    if (!row) return { head: { seq: 0, hash: GENESIS_HASH }, checkpoint: { seq: 0, hash: GENESIS_HASH } };
    return {
      head: { seq: Number(row.head_seq), hash: row.head_hash },
      checkpoint: { seq: Number(row.checkpoint_seq), hash: row.checkpoint_hash },
    };
  }

  /** Entries after `seq`, in chain order; `limit` at most. */
  async entriesAfter(
    manager: EntityManager,
    organizationId: string,
    seq: number,
    limit: number,
  ): Promise<StoredEntry[]> {
    const rows = await manager.query<EntryRow[]>(
      `SELECT ${ENTRY_COLUMNS} FROM tenancy.audit_entries WHERE organization_id = $1 AND seq > $2
       ORDER BY seq LIMIT $3`,
      [organizationId, seq, limit],
    );
    return rows.map(toEntry);
  }

  /** Organizations whose oldest kept entry happened before `cutoff`: retention has work there. */
  async organizationsWithEntriesBefore(cutoff: Date): Promise<string[]> {
    const rows = await this.dataSource.query<Array<{ organization_id: string }>>(
      `SELECT c.organization_id FROM tenancy.audit_chains c
       JOIN tenancy.audit_entries e ON e.organization_id = c.organization_id AND e.seq = c.checkpoint_seq + 1
       WHERE e.occurred_at < $1`,
      [cutoff],
    );
    return rows.map((row) => row.organization_id);
  }

  /** Locks the chain against appends for the sweep's transaction, and returns its state. */
  async lockChain(manager: EntityManager, organizationId: string): Promise<ChainState | undefined> {
    const [row] = await manager.query<Array<{ organization_id: string }>>(
      'SELECT organization_id FROM tenancy.audit_chains WHERE organization_id = $1 FOR UPDATE',
      [organizationId],
    );
    return row ? this.chainState(manager, organizationId) : undefined;
  }

  /**
   * Deletes the chain's entries up to `checkpoint` and records it as where the chain now starts. The
   * append-only trigger lets these deletes through for this transaction only.
   */
  async deleteThrough(manager: EntityManager, organizationId: string, from: number, checkpoint: ChainLink) {
    await manager.query("SELECT set_config('tenancy.audit_retention', 'on', true)");
    await manager.query(
      'DELETE FROM tenancy.audit_entries WHERE organization_id = $1 AND seq > $2 AND seq <= $3',
      [organizationId, from, checkpoint.seq],
    );
    await manager.query("SELECT set_config('tenancy.audit_retention', 'off', true)");
    await manager.query(
      `UPDATE tenancy.audit_chains SET checkpoint_seq = $2, checkpoint_hash = $3, checkpoint_at = now()
       WHERE organization_id = $1`,
      [organizationId, checkpoint.seq, checkpoint.hash],
    );
  }

  /** The latest use of a key, never moved back by a report that arrives late. */
  async recordKeyUse(organizationId: string, keyId: string, usedAt: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE tenancy.api_keys SET last_used_at = greatest(last_used_at, $3::timestamptz)
       WHERE organization_id = $1 AND id = $2`,
      [organizationId, keyId, usedAt],
    );
  }
}
