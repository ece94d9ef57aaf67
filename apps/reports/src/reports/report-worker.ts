import { Inject, Injectable } from '@nestjs/common';
import { type JobOutcome, LeasedJobWorker, type Transaction, UnitOfWork } from '@governance/messaging';
import { LiveChanges } from '@governance/persistence';
import { counter, LOGGER, type Logger } from '@governance/platform';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportGenerator } from '../content/report-generator';
import { REPORT_STORAGE, type ReportStorage } from '../storage/report-storage';
import { reportFileName, specOf } from './report-records';
import { type ClaimedReport, ReportRepository } from './report.repository';
import { reportFailedAudit, reportGeneratedAudit } from './report-audit';

/** A report whose worker died this many times is failed rather than tried again. */
export const MAX_CLAIMS = 3;

const reportsTotal = counter({
  name: 'reports_generated_total',
  help: 'Reports finished, by outcome',
  labelNames: ['service', 'outcome'],
});

/** Generates queued reports: the file is stored, then the row says where, in one transaction. */
@Injectable()
export class ReportWorker extends LeasedJobWorker<ClaimedReport> {
  constructor(
    private readonly reports: ReportRepository,
    private readonly generator: ReportGenerator,
    unitOfWork: UnitOfWork,
    live: LiveChanges,
    @Inject(REPORT_STORAGE) private readonly storage: ReportStorage,
    @Inject(REPORTS_CONFIG) config: ReportsConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(
      {
        service: 'reports',
        noun: 'report',
        logFields: (report) => ({ report_id: report.row.id }),
        queue: reports,
        settings: config.worker,
        maxClaims: MAX_CLAIMS,
        outcomes: reportsTotal,
        announce: (report) => live.changed(report.row.organization_id, 'reports'),
      },
      unitOfWork,
      logger,
    );
  }

  protected async work({ row }: ClaimedReport): Promise<JobOutcome> {
    let file: Buffer;
    try {
      file = await this.generator.render(specOf(row), row.format, new Date());
    } catch (error) {
      this.logger.error({ err: error, report_id: row.id }, 'report generation failed');
      return { failed: `The report could not be generated: ${(error as Error).message}` };
    }
    // Stored before the row says complete: a crash in between leaves a file a retry overwrites.
    await this.storage.put(row.organization_id, row.id, file);
    return {
      outcome: 'complete',
      commit: async (tx) => {
        const stored = { sizeBytes: file.length, fileName: reportFileName(row.type, row.id, row.format) };
        await this.reports.markComplete(tx.manager, row.id, stored, new Date());
        tx.audit(reportGeneratedAudit(row, stored));
      },
    };
  }

  protected override onFailed(tx: Transaction, { row }: ClaimedReport, error: string): void {
    tx.audit(reportFailedAudit(row, error));
  }
}
