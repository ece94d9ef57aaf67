import { Readable } from 'node:stream';
import { Injectable } from '@nestjs/common';
import { type AuditEventRecord } from '@governance/contracts';
import { ApiError, ISO_MILLISECONDS, type KeysetPosition, readPage } from '@governance/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { chainEntry, ChainVerifier, entryHash } from './audit-chain';
import { csvHeader, csvRecord } from './audit-export';
import {
  type AuditEntryResponse,
  type AuditFilterQuery,
  type AuditPageResponse,
  type AuditQuery,
  type AuditVerifyResponse,
  type ExportFormat,
} from './audit.dto';
import { type AuditFilters, AuditRepository } from './audit.repository';

type AuditRecorded = Extract<AuditEventRecord, { event: 'audit.recorded' }>;

/** `next_cursor` of the listing: the last entry's time and its place in the chain. */
const LIST_CURSOR = { at: ISO_MILLISECONDS, id: /^[1-9][0-9]{0,15}$/ };

/** Rows read per query by the export and the verification. */
const BATCH = 500;

/** Filters as the repository takes them; an empty time range is a 400 rather than an empty answer. */
function filtersOf(query: AuditFilterQuery): AuditFilters {
  const { actor, actor_type, action, target_type, target_id, from, to } = query;
  if (from !== undefined && to !== undefined && Date.parse(from) >= Date.parse(to))
    throw ApiError.validation([{ field: 'to', message: 'must be later than from' }]);
  const filters: AuditFilters = { actor, actor_type, action, target_type, target_id, from, to };
  return Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
}

/**
 * The organization's audit trail: each `audit.recorded` appended as the next link of its hash chain,
 * and read back by listing, export and verification (docs/audit.md).
 */
@Injectable()
export class AuditTrailService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entries: AuditRepository,
  ) {}

  /** Appends the change as the next entry of its organization's chain, in the caller's transaction. */
  async append(manager: EntityManager, record: AuditRecorded): Promise<void> {
    const head = await this.entries.lockHead(manager, record.organization_id);
    const entry = chainEntry(record, head.seq + 1);
    await this.entries.append(manager, entry, head.hash, entryHash(head.hash, entry));
  }

  list(organizationId: string, query: AuditQuery): Promise<AuditPageResponse> {
    const filters = filtersOf(query);
    return readPage(
      query,
      LIST_CURSOR,
      (limit, after) => this.entries.list(organizationId, filters, limit, after),
      (entry) => ({ at: entry.occurred_at, id: String(entry.seq) }),
      (entry): AuditEntryResponse => entry,
    );
  }

  /**
   * Every matching entry, newest first, as a stream of CSV (with a header row) or of one JSON array.
   * The filters are checked before anything is sent, so a bad one is still a 400.
   */
  export(organizationId: string, query: AuditFilterQuery, format: ExportFormat): Readable {
    const filters = filtersOf(query);
    const entries = this.entries;
    async function* chunks(): AsyncGenerator<string> {
      yield format === 'csv' ? csvHeader() : '[';
      let after: KeysetPosition | undefined;
      let first = true;
      for (;;) {
        const batch = await entries.list(organizationId, filters, BATCH, after);
        for (const entry of batch) {
          if (format === 'csv') yield csvRecord(entry);
          else yield `${first ? '' : ','}\n${JSON.stringify(entry)}`;
          first = false;
        }
        const last = batch[batch.length - 1];
        if (batch.length < BATCH || !last) break;
        after = { at: last.occurred_at, id: String(last.seq) };
      }
      if (format === 'json') yield first ? ']' : '\n]';
    }
    return Readable.from(chunks());
  }

  /**
   * Recomputes the organization's chain from its start (the genesis, or retention's checkpoint) to its
   * head, in one snapshot, and names the first link that does not hold.
   */
  verify(organizationId: string): Promise<AuditVerifyResponse> {
    return this.dataSource.transaction('REPEATABLE READ', async (manager) => {
      await manager.query('SET TRANSACTION READ ONLY');
      const { head, checkpoint } = await this.entries.chainState(manager, organizationId);
      const verifier = new ChainVerifier(checkpoint, head);
      for (let after = checkpoint.seq; ;) {
        const batch = await this.entries.entriesAfter(manager, organizationId, after, BATCH);
        for (const entry of batch) {
          const broken = verifier.check(entry);
          if (broken) return { ok: false, first_broken: broken };
        }
        const last = batch[batch.length - 1];
        if (batch.length < BATCH || !last) break;
        after = last.seq;
      }
      const broken = verifier.finish();
      if (broken) return { ok: false, first_broken: broken };
      return { ok: true, ...verifier.verified, checkpoint: checkpoint.seq > 0 ? checkpoint : null };
    });
  }
}
