import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { UnitOfWork } from '@governance/messaging';
import { counter, LOGGER, type Logger, WakeSignal } from '@governance/platform';
import { type ReportsConfig } from '../config';
import { ReportGenerator } from '../content/report-generator';
import { REPORTS_CONFIG } from '../reports.tokens';
import { REPORT_STORAGE, type ReportStorage } from '../storage/report-storage';
import { reportFileName, specOf } from './report-records';
import { type ClaimedReport, ReportRepository } from './report.repository';

const MAX_BACKOFF_MS = 5_000;
/** A report whose worker died this many times is failed rather than tried again. */
export const MAX_CLAIMS = 3;

const reportsTotal = counter({
  name: 'reports_generated_total',
  help: 'Reports finished, by outcome',
  labelNames: ['service', 'outcome'],
});

/**
 * Generates queued reports, up to `concurrency` at once. Jobs are claimed from Postgres with
 * `FOR UPDATE SKIP LOCKED` under a lease, so several processes share the queue and a report whose
 * worker died (or whose process restarted) is taken over when its lease ends.
 */
@Injectable()
export class ReportWorker implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly signal = new WakeSignal();
  private inFlight = 0;
  private stopped = false;
  private loop: Promise<void> | undefined;

  constructor(
    private readonly reports: ReportRepository,
    private readonly generator: ReportGenerator,
    private readonly unitOfWork: UnitOfWork,
    @Inject(REPORT_STORAGE) private readonly storage: ReportStorage,
    @Inject(REPORTS_CONFIG) private readonly config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {}

  /** A report may have become due; look without waiting for the next poll. */
  wake(): void {
    this.signal.notify();
  }

  onApplicationBootstrap(): void {
    this.stopped = false;
    this.loop = this.run();
  }

  /** Stops claiming and lets running reports finish; an unfinished one is taken over after its lease. */
  async beforeApplicationShutdown(): Promise<void> {
    this.stopped = true;
    this.signal.notify();
    await this.loop;
    while (this.inFlight > 0) await this.signal.wait(50);
  }

  private async run(): Promise<void> {
    const { concurrency, pollIntervalMs, claimLeaseMs } = this.config.worker;
    let failures = 0;
    while (!this.stopped) {
      const capacity = concurrency - this.inFlight;
      if (capacity <= 0) {
        await this.signal.wait(pollIntervalMs);
        continue;
      }
      let claimed: ClaimedReport[] = [];
      try {
        claimed = await this.reports.claim(capacity, claimLeaseMs);
        failures = 0;
      } catch (error) {
        failures += 1;
        this.logger.warn({ err: error }, 'could not claim reports; retrying');
        await this.signal.wait(Math.min(MAX_BACKOFF_MS, 100 * 2 ** Math.min(failures, 6)));
        continue;
      }
      for (const report of claimed) this.launch(report);
      if (claimed.length < capacity) await this.signal.wait(pollIntervalMs);
    }
  }

  private launch(report: ClaimedReport): void {
    this.inFlight += 1;
    this.process(report)
      .catch((error: unknown) => {
        // Left running under its lease: another claim retries it, up to MAX_CLAIMS times.
        this.logger.error({ err: error, report_id: report.row.id }, 'report not recorded');
      })
      .finally(() => {
        this.inFlight -= 1;
        this.signal.notify();
      });
  }

  private async process(claimed: ClaimedReport): Promise<void> {
    const { row } = claimed;
    if (claimed.claim > MAX_CLAIMS)
      return this.fail(claimed, `The report was abandoned after ${MAX_CLAIMS} interrupted attempts`);
    let file: Buffer;
    try {
      file = await this.generator.render(specOf(row), row.format, new Date());
    } catch (error) {
      this.logger.error({ err: error, report_id: row.id }, 'report generation failed');
      return this.fail(claimed, `The report could not be generated: ${(error as Error).message}`);
    }
    // Stored before the row says complete: a crash in between leaves a file a retry overwrites.
    await this.storage.put(row.organization_id, row.id, file);
    const completed = await this.unitOfWork.run(async (tx) => {
      if (!(await this.reports.lockClaim(tx.manager, claimed))) return false;
      await this.reports.markComplete(
        tx.manager,
        row.id,
        { sizeBytes: file.length, fileName: reportFileName(row.type, row.id, row.format) },
        new Date(),
      );
      return true;
    });
    if (completed) reportsTotal.inc({ service: 'reports', outcome: 'complete' });
  }

  private async fail(claimed: ClaimedReport, error: string): Promise<void> {
    const failed = await this.unitOfWork.run(async (tx) => {
      if (!(await this.reports.lockClaim(tx.manager, claimed))) return false;
      await this.reports.markFailed(tx.manager, claimed.row.id, error, new Date());
      return true;
    });
    if (failed) reportsTotal.inc({ service: 'reports', outcome: 'failed' });
  }
}
