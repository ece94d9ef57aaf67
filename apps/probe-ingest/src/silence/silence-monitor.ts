import { Inject, Injectable } from '@nestjs/common';
import { newUuidV7 } from '@governance/contracts';
import { publicEventMessage, UnitOfWork } from '@governance/messaging';
import { counter, LOGGER, type Logger, PeriodicJob } from '@governance/platform';
import { PROBE_INGEST_CONFIG, type ProbeIngestConfig } from '../config';
import { probeEvent } from '../probes/probe-event';
import { decideSilence } from './silence-decision';
import { SilenceRepository } from './silence.repository';

/** Probes handled per sweep transaction; a larger backlog takes several transactions in a row. */
const SWEEP_BATCH = 500;

const disconnections = counter({
  name: 'probe_disconnections_total',
  help: 'probe.disconnected events emitted',
  labelNames: ['service'],
});

/**
 * Every PROBE_SILENCE_SWEEP_MS, disconnects the probes silent for longer than PROBE_SILENCE_MS and
 * announces each (public probe.disconnected, internal probe.connection_changed) in the same transaction.
 * Once per silence: only telemetry makes a probe connected again. Replicas take turns through a lock.
 */
@Injectable()
export class SilenceMonitor extends PeriodicJob {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly silence: SilenceRepository,
    @Inject(PROBE_INGEST_CONFIG) private readonly config: ProbeIngestConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(logger, { name: 'silence sweep', everyMs: config.silence.sweepIntervalMs });
  }

  /** Announces every silent probe; returns how many. */
  protected async work(): Promise<number> {
    let total = 0;
    for (;;) {
      const { announced, more } = await this.sweepBatch();
      total += announced;
      if (!more) break;
    }
    return total;
  }

  private sweepBatch(): Promise<{ announced: number; more: boolean }> {
    const { silenceMs } = this.config.silence;
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.silence.tryLockSweep(tx.manager))) return { announced: 0, more: false };
      const now = new Date();
      const cutoff = new Date(now.getTime() - silenceMs);
      const candidates = await this.silence.lockSilentCandidates(tx.manager, cutoff, SWEEP_BATCH);
      const silent = candidates.flatMap((probe) => {
        const details = decideSilence(probe, now, silenceMs);
        return details ? [{ probe, details }] : [];
      });
      const ids = await this.silence.markDisconnected(
        tx.manager,
        silent.map(({ probe }) => probe.probe_id),
        cutoff,
      );
      const disconnected = silent.filter(({ probe }) => ids.has(probe.probe_id));
      const timestamp = now.toISOString();
      for (const { probe, details } of disconnected) {
        const { organization_id, system_id, probe_id } = probe;
        tx.publish(
          publicEventMessage({
            id: newUuidV7(),
            organization_id,
            event: 'probe.disconnected',
            timestamp,
            severity: 'HIGH',
            system_id,
            details,
          }),
        );
        const { last_seen_at } = details;
        const changed = { probe_id, system_id, connection: 'disconnected', last_seen_at } as const;
        tx.publish(probeEvent(organization_id, 'probe.connection_changed', changed, timestamp));
      }
      disconnections.inc({ service: 'probe-ingest' }, disconnected.length);
      if (disconnected.length > 0) this.logger.info({ count: disconnected.length }, 'probes disconnected');
      return { announced: disconnected.length, more: candidates.length === SWEEP_BATCH };
    });
  }
}
