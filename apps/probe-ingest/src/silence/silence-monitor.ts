import {
  Inject,
  Injectable,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { newUuidV7, type ProbeEventRecord, type PublicEventRecord } from '@governance/contracts';
import { probeEventMessage, publicEventMessage, UnitOfWork } from '@governance/messaging';
import { counter, LOGGER, type Logger } from '@governance/platform';
import { PROBE_INGEST_CONFIG, type ProbeIngestConfig } from '../config';
import { decideSilence, disconnectedDetails, silenceCutoff } from './silence-decision';
import { SilenceRepository } from './silence.repository';

/** Probes handled per sweep transaction; a larger backlog takes several transactions in a row. */
const SWEEP_BATCH = 500;

const disconnections = counter({
  name: 'probe_disconnections_total',
  help: 'probe.disconnected events emitted',
  labelNames: ['service'],
});

/**
 * Every PROBE_SILENCE_SWEEP_MS, finds probes silent for longer than PROBE_SILENCE_MS and, per probe and
 * in one transaction: connection := disconnected, public probe.disconnected (HIGH), internal
 * probe.connection_changed. Once per silence: only a connected probe can be disconnected, and only
 * telemetry makes it connected again. Replicas take turns through an advisory lock.
 */
@Injectable()
export class SilenceMonitor implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<number> | undefined;

  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly silence: SilenceRepository,
    @Inject(PROBE_INGEST_CONFIG) private readonly config: ProbeIngestConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(() => void this.sweep(), this.config.silence.sweepIntervalMs);
    this.timer.unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.timer);
    await this.sweeping;
  }

  /** Announces every silent probe; returns how many. A sweep already running is joined, not doubled. */
  sweep(): Promise<number> {
    this.sweeping ??= this.sweepAll().finally(() => {
      this.sweeping = undefined;
    });
    return this.sweeping;
  }

  private async sweepAll(): Promise<number> {
    let total = 0;
    try {
      for (;;) {
        const { announced, more } = await this.sweepBatch();
        total += announced;
        if (!more) break;
      }
    } catch (error) {
      this.logger.warn({ err: error }, 'silence sweep failed; will retry next interval');
    }
    return total;
  }

  private sweepBatch(): Promise<{ announced: number; more: boolean }> {
    const { silenceMs } = this.config.silence;
    return this.unitOfWork.run(async (tx) => {
      if (!(await this.silence.tryLockSweep(tx.manager))) return { announced: 0, more: false };
      const now = new Date();
      const cutoff = silenceCutoff(now, silenceMs);
      const candidates = await this.silence.lockSilentCandidates(tx.manager, cutoff, SWEEP_BATCH);
      const silentIds = candidates.flatMap((probe) =>
        decideSilence(probe, now, silenceMs) ? [probe.probe_id] : [],
      );
      const disconnected = await this.silence.markDisconnected(tx.manager, silentIds, cutoff);
      const timestamp = now.toISOString();
      for (const probe of disconnected) {
        const verdict = decideSilence({ ...probe, connection: 'connected' }, now, silenceMs)!;
        const details = disconnectedDetails(probe, verdict);
        const announcement: PublicEventRecord<'probe.disconnected'> = {
          id: newUuidV7(),
          organization_id: probe.organization_id,
          event: 'probe.disconnected',
          timestamp,
          severity: 'HIGH',
          system_id: probe.system_id,
          details,
        };
        const changed: ProbeEventRecord = {
          id: newUuidV7(),
          organization_id: probe.organization_id,
          event: 'probe.connection_changed',
          timestamp,
          details: {
            probe_id: probe.probe_id,
            system_id: probe.system_id,
            connection: 'disconnected',
            last_seen_at: details.last_seen_at,
          },
        };
        tx.publish(publicEventMessage(announcement));
        tx.publish(probeEventMessage(changed));
      }
      disconnections.inc({ service: 'probe-ingest' }, disconnected.length);
      if (disconnected.length > 0) this.logger.info({ count: disconnected.length }, 'probes disconnected');
      return { announced: disconnected.length, more: candidates.length === SWEEP_BATCH };
    });
  }
}
