import {
  type BeforeApplicationShutdown,
  Inject,
  Injectable,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { UnitOfWork } from '@governance/messaging';
import { ClaimLoop, counter, LOGGER, type Logger } from '@governance/platform';
import { type ReportsConfig } from '../config';
import { ReportGenerator } from '../content/report-generator';
import { REPORTS_CONFIG } from '../reports.tokens';
import { REPORT_STORAGE, type ReportStorage } from '../storage/report-storage';
import { reportFileName, specOf } from './report-records';
import { type ClaimedReport, ReportRepository } from './report.repository';

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
  private readonly loop: ClaimLoop<ClaimedReport>;

  constructor(
    private readonly reports: ReportRepository,
    private readonly generator: ReportGenerator,
    private readonly unitOfWork: UnitOfWork,
    @Inject(REPORT_STORAGE) private readonly storage: ReportStorage,
    @Inject(REPORTS_CONFIG) config: ReportsConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    const { concurrency, pollIntervalMs, claimLeaseMs } = config.worker;
    this.loop = new ClaimLoop({
      name: 'reports',
      concurrency,
      pollIntervalMs,
      claim: (capacity) => this.reports.claim(capacity, claimLeaseMs),
      process: (report) => this.process(report),
      // Left running under its lease: another claim retries it, up to MAX_CLAIMS times.
      onProcessError: (report, error) =>
        this.logger.error({ err: error, report_id: report.row.id }, 'report not recorded'),
      logger,
    });
  }

  /** A report may have become due; look without waiting for the next poll. */
  wake(): void {
    this.loop.wake();
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  /** Stops claiming and lets running reports finish; an unfinished one is taken over after its lease. */
  async beforeApplicationShutdown(): Promise<void> {
    await this.loop.stop();
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
