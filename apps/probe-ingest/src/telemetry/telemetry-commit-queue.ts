import { HttpStatus, Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import {
  newUuidV7,
  type ProbeEventRecord,
  type TelemetryEventRecord,
  type TelemetryRecord,
} from '@governance/contracts';
import { probeEventMessage, telemetryEventMessage, UnitOfWork } from '@governance/messaging';
import { ApiError, counter, ErrorCode, histogram, LOGGER, type Logger } from '@governance/platform';
import { type ProbeIngestConfig } from '../config';
import { PROBE_INGEST_CONFIG } from '../probe-ingest.tokens';
import { TelemetryRepository } from './telemetry.repository';

export interface TelemetrySubmission {
  organizationId: string;
  probeId: string;
  records: TelemetryRecord[];
}

/** `stored`: the batch is in the outbox, committed. `unknown_probe`: no such probe in the organization. */
export type SubmissionOutcome = 'stored' | 'unknown_probe';

interface Pending {
  submission: TelemetrySubmission;
  resolve(outcome: SubmissionOutcome): void;
  reject(error: unknown): void;
}

const batchesPerCommit = histogram({
  name: 'probe_telemetry_batches_per_commit',
  help: 'Telemetry batches coalesced into one group commit',
  buckets: [1, 2, 4, 8, 16, 32, 64, 128, 256],
});
const telemetryRecords = counter({
  name: 'probe_telemetry_records_total',
  help: 'Telemetry records accepted (committed)',
});

/**
 * Group commit for telemetry. Each request's batch waits in a short queue; a commit takes everything
 * waiting (up to `maxBatchesPerCommit`) into one transaction: one UPDATE of the probes, one outbox
 * INSERT of all the telemetry.received events. Up to `commitConcurrency` commits run at once; when all
 * are busy, batches pile up and the next commit carries them together, so under load the cost of a
 * transaction is shared by many requests while a lone request still commits at once.
 * Every request is answered only after its commit landed, or with 503 if it failed.
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

  submit(submission: TelemetrySubmission): Promise<SubmissionOutcome> {
    return new Promise<SubmissionOutcome>((resolve, reject) => {
      this.queue.push({ submission, resolve, reject });
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
    let found: Set<string>;
    try {
      found = await this.unitOfWork.run(async (tx) => {
        const touched = await this.telemetry.touch(
          tx.manager,
          group.map(({ submission }) => submission),
          receivedAt,
          new Date(receivedAt.getTime() - this.config.telemetry.touchIntervalMs),
        );
        const byProbe = new Map(
          touched.map((probe) => [`${probe.organization_id}/${probe.probe_id}`, probe]),
        );
        const timestamp = receivedAt.toISOString();
        for (const { submission } of group) {
          const probe = byProbe.get(`${submission.organizationId}/${submission.probeId}`);
          if (!probe) continue;
          const record: TelemetryEventRecord = {
            id: newUuidV7(),
            organization_id: submission.organizationId,
            event: 'telemetry.received',
            timestamp,
            details: {
              probe_id: probe.probe_id,
              system_id: probe.system_id,
              received_at: timestamp,
              records: submission.records,
            },
          };
          tx.publish(telemetryEventMessage(record));
        }
        for (const probe of touched) {
          if (probe.previous_connection !== 'disconnected') continue;
          const reconnected: ProbeEventRecord = {
            id: newUuidV7(),
            organization_id: probe.organization_id,
            event: 'probe.connection_changed',
            timestamp,
            details: {
              probe_id: probe.probe_id,
              system_id: probe.system_id,
              connection: 'connected',
              last_seen_at: timestamp,
            },
          };
          tx.publish(probeEventMessage(reconnected));
        }
        return new Set(byProbe.keys());
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
    batchesPerCommit.observe(group.length);
    for (const pending of group) {
      const { submission } = pending;
      const stored = found.has(`${submission.organizationId}/${submission.probeId}`);
      if (stored) telemetryRecords.inc(submission.records.length);
      pending.resolve(stored ? 'stored' : 'unknown_probe');
    }
  }
}
