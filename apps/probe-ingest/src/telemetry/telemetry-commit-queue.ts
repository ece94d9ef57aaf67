import { HttpStatus, Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { type TelemetryRecord } from '@governance/contracts';
import { UnitOfWork } from '@governance/messaging';
import {
  ApiError,
  counter,
  currentTraceHeaders,
  ErrorCode,
  histogram,
  LOGGER,
  type Logger,
} from '@governance/platform';
import { PROBE_INGEST_CONFIG, type ProbeIngestConfig } from '../config';
import { reconnectedEventDraft, telemetryEventDraft } from './telemetry-event-draft';
import { type ProbeKey, probeKey, TelemetryRepository } from './telemetry.repository';

export type TelemetrySubmission = ProbeKey & { records: TelemetryRecord[] };

interface Pending {
  submission: TelemetrySubmission;
  /** The submitting request's trace, for its event: the commit runs outside the request. */
  traceHeaders: Record<string, string>;
  /** true: the batch is in the outbox, committed; false: no such probe in the organization. */
  resolve: (stored: boolean) => void;
  reject: (error: unknown) => void;
}

const batchesPerCommit = histogram({
  name: 'probe_telemetry_batches_per_commit',
  help: 'Telemetry batches coalesced into one group commit',
  labelNames: ['service'],
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
});
const telemetryRecords = counter({
  name: 'probe_telemetry_records_total',
  help: 'Telemetry records accepted (committed)',
  labelNames: ['service'],
});
const SERVICE = { service: 'probe-ingest' } as const;

/**
 * Group commit for telemetry: a commit takes the batches waiting (up to `maxBatchesPerCommit`) into one
 * statement that touches the probes and appends their events to the outbox. While `commitConcurrency`
 * commits run, batches pile up for the next one, so under load many requests share one commit while a
 * lone request still commits at once. A request is answered only once its commit landed, or with 503.
 */
@Injectable()
export class TelemetryCommitQueue implements BeforeApplicationShutdown {
  private readonly queue: Pending[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly telemetry: TelemetryRepository,
    @Inject(PROBE_INGEST_CONFIG) private readonly config: ProbeIngestConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  submit(submission: TelemetrySubmission): Promise<boolean> {
    return new Promise<boolean>((resolve, reject) => {
      this.queue.push({ submission, traceHeaders: currentTraceHeaders(), resolve, reject });
      this.startCommits();
    });
  }

  /** Requests in flight get their answer before the connections close. */
  async beforeApplicationShutdown(): Promise<void> {
    while (this.running.size > 0) await Promise.all([...this.running]);
  }

  private startCommits(): void {
    const { commitConcurrency, maxBatchesPerCommit } = this.config.telemetry;
    while (this.running.size < commitConcurrency && this.queue.length > 0) {
      const group = this.queue.splice(0, maxBatchesPerCommit);
      const commit: Promise<void> = this.commit(group)
        // commit() answers every request itself; this only keeps a bug there from leaving requests hanging.
        .catch((error: unknown) => {
          for (const pending of group) pending.reject(error);
        })
        .finally(() => {
          this.running.delete(commit);
          this.startCommits();
        });
      this.running.add(commit);
    }
  }

  private async commit(group: Pending[]): Promise<void> {
    const receivedAt = new Date();
    const timestamp = receivedAt.toISOString();
    let stored: Set<string>;
    try {
      const drafts = group.map(({ submission, traceHeaders }) =>
        telemetryEventDraft(submission, timestamp, traceHeaders),
      );
      const probes = new Map(group.map(({ submission }) => [probeKey(submission), submission]));
      for (const probe of probes.values()) drafts.push(reconnectedEventDraft(probe, timestamp));
      const touchedSince = new Date(receivedAt.getTime() - this.config.telemetry.touchIntervalMs);
      // One statement, not a transaction: BEGIN and COMMIT would be two more round trips per commit.
      stored = await this.unitOfWork.runStatement(async (manager, outbox) => {
        const found = await this.telemetry.commitTelemetry(manager, outbox, drafts, receivedAt, touchedSince);
        const result = new Set(found.map(probeKey));
        const appended = drafts.filter((draft) => draft.when === 'telemetry' && result.has(probeKey(draft)));
        return { result, appended };
      });
    } catch (error) {
      // Not the error itself: a failed query carries its parameters, here up to megabytes of telemetry.
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.error({ reason, batches: group.length }, 'telemetry group commit failed');
      const unavailable = new ApiError(
        HttpStatus.SERVICE_UNAVAILABLE,
        ErrorCode.ServiceUnavailable,
        'Telemetry could not be stored; nothing was accepted, send the batch again',
      );
      for (const pending of group) pending.reject(unavailable);
      return;
    }
    batchesPerCommit.observe(SERVICE, group.length);
    for (const { submission, resolve } of group) {
      const found = stored.has(probeKey(submission));
      if (found) telemetryRecords.inc(SERVICE, submission.records.length);
      resolve(found);
    }
  }
}
