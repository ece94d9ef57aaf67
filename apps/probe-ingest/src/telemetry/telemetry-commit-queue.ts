import { HttpStatus, Inject, Injectable, type BeforeApplicationShutdown } from '@nestjs/common';
import { newUuidV7, type TelemetryRecord } from '@governance/contracts';
import {
  DirectPublisher,
  type OutboxMessage,
  telemetryEventMessage,
  UnitOfWork,
} from '@governance/messaging';
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
import { probeEvent } from '../probes/probe-event';
import { type FoundProbe, type ProbeKey, probeKey, TelemetryRepository } from './telemetry.repository';

export type TelemetrySubmission = ProbeKey & { records: TelemetryRecord[] };

interface Pending {
  submission: TelemetrySubmission;
  /** The submitting request's trace, for its event: the commit runs outside the request. */
  traceHeaders: Record<string, string>;
  /** true: the batch is on the bus, durably; false: no such probe in the organization. */
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
 * Group commit for telemetry: a commit takes the batches waiting (up to `maxBatchesPerCommit`), reads
 * their probes in one statement and publishes one telemetry.received event per batch straight to the
 * bus (DirectPublisher): a batch changes no state that must commit with it, so it needs no outbox row
 * and no relay copy. While `commitConcurrency` commits run, batches pile up for the next one, so under
 * load many requests share one commit while a lone request still commits at once. A request is answered
 * only once the bus holds its batch, or with 503 and nothing stored.
 */
@Injectable()
export class TelemetryCommitQueue implements BeforeApplicationShutdown {
  private readonly queue: Pending[] = [];
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly bus: DirectPublisher,
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
    const touchedSince = new Date(receivedAt.getTime() - this.config.telemetry.touchIntervalMs);
    let found: Map<string, FoundProbe>;
    try {
      const keys = new Map(group.map(({ submission }) => [probeKey(submission), submission]));
      found = new Map(
        (await this.telemetry.findProbes([...keys.values()], touchedSince)).map((probe) => [
          probeKey(probe),
          probe,
        ]),
      );
      const messages: OutboxMessage[] = [];
      for (const { submission, traceHeaders } of group) {
        const probe = found.get(probeKey(submission));
        if (probe) messages.push(telemetryMessage(probe, submission.records, timestamp, traceHeaders));
      }
      await this.bus.publish(messages);
      // Only once the batches are stored, so a refused batch leaves no trace; the touch's own failure is
      // logged and does not refuse what is stored.
      const due = [...found.values()].filter((probe) => probe.due);
      if (due.length > 0) await this.touch(due, receivedAt, touchedSince);
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
      const stored = found.has(probeKey(submission));
      if (stored) telemetryRecords.inc(SERVICE, submission.records.length);
      resolve(stored);
    }
  }

  /**
   * Marks the probes heard from and connected, with a connection_changed event for each this reconnects,
   * in one transaction. A probe's row is written at most once per touch interval; a failed touch is
   * logged and left to the probe's next batch.
   */
  private async touch(due: FoundProbe[], at: Date, touchedSince: Date): Promise<void> {
    try {
      await this.unitOfWork.run(async (tx) => {
        const touched = await this.telemetry.touchProbes(tx.manager, due, at, touchedSince);
        for (const probe of touched.filter(({ reconnected }) => reconnected)) {
          const details = {
            probe_id: probe.probeId,
            system_id: probe.systemId,
            connection: 'connected',
            last_seen_at: at.toISOString(),
          } as const;
          tx.publish(probeEvent(probe.organizationId, 'probe.connection_changed', details, at.toISOString()));
        }
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ reason, probes: due.length }, 'probes not marked heard from; their next batch will');
    }
  }
}

/** telemetry.received of one batch, with the submitting request's trace. */
function telemetryMessage(
  probe: FoundProbe,
  records: TelemetryRecord[],
  timestamp: string,
  traceHeaders: Record<string, string>,
): OutboxMessage {
  const message = telemetryEventMessage({
    id: newUuidV7(),
    organization_id: probe.organizationId,
    event: 'telemetry.received',
    timestamp,
    details: { probe_id: probe.probeId, system_id: probe.systemId, received_at: timestamp, records },
  });
  return { ...message, headers: { ...message.headers, ...traceHeaders } };
}
