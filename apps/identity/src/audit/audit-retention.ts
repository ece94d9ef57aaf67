import { Inject, Injectable } from '@nestjs/common';
import { LOGGER, type Logger, PeriodicJob } from '@governance/platform';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { ChainVerifier } from './audit-chain';
import { AuditRepository } from './audit.repository';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Entries deleted per transaction, which holds the chain against appends while it runs. */
const BATCH = 500;

/**
 * Deletes entries older than the retention period, oldest first, and only ever a prefix of a chain: the
 * last deleted entry becomes the chain's checkpoint, where verification starts. A prefix that does not
 * verify is left in place (and logged): retention never deletes the evidence of a tampered trail.
 * An entry that happened earlier than one before it in the chain waits until that one expires too.
 */
@Injectable()
export class AuditRetention extends PeriodicJob {
  constructor(
    private readonly dataSource: DataSource,
    private readonly entries: AuditRepository,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(logger, { name: 'audit retention', everyMs: config.auditRetentionSweepIntervalMs });
  }

  protected work(): Promise<number> {
    return this.deleteExpiredAsOf(new Date());
  }

  /** One sweep over every organization with entries expired at `now`; returns how many it deleted. */
  async deleteExpiredAsOf(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.auditRetentionDays * DAY_MS);
    let deleted = 0;
    for (const organizationId of await this.entries.organizationsWithEntriesBefore(cutoff)) {
      let batch: number;
      do {
        batch = await this.deleteExpired(organizationId, cutoff);
        deleted += batch;
      } while (batch === BATCH);
    }
    return deleted;
  }

  /** Deletes the next batch of the chain's expired prefix; returns its size. */
  private deleteExpired(organizationId: string, cutoff: Date): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const chain = await this.entries.lockChain(manager, organizationId);
      if (!chain) return 0;
      const batch = await this.entries.entriesAfter(manager, organizationId, chain.checkpoint.seq, BATCH);
      const verifier = new ChainVerifier(chain.checkpoint, chain.head);
      let expired = 0;
      for (const entry of batch) {
        if (Date.parse(entry.occurred_at) >= cutoff.getTime()) break;
        const broken = verifier.check(entry);
        if (broken) {
          this.logger.error(
            { organization_id: organizationId, first_broken: broken },
            'audit chain does not verify; retention keeps its entries',
          );
          return 0;
        }
        expired += 1;
      }
      if (expired === 0) return 0;
      await this.entries.deleteThrough(manager, organizationId, chain.checkpoint.seq, verifier.verified.head);
      return expired;
    });
  }
}
