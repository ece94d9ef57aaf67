import { Inject, Injectable } from '@nestjs/common';
import {
  type JobOutcome,
  LeasedJobWorker,
  ReplicaCatchUp,
  type Transaction,
  UnitOfWork,
} from '@governance/messaging';
import { LiveChanges } from '@governance/persistence';
import { counter, LOGGER, type Logger } from '@governance/platform';
import { SYSTEM_REPLICA_CONSUMER, SYSTEMS_REPLICA_TOPICS } from '@governance/replicas';
import { REPORTS_CONFIG, type ReportsConfig } from '../config';
import { ReportGenerator } from '../content/report-generator';
import { READ_MODEL_CONSUMER, READ_MODEL_TOPICS } from '../read-model/read-model.service';
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
    private readonly catchUp: ReplicaCatchUp,
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
    await this.readModelCaughtUp();
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

  /**
   * Read your writes: a report holds everything the bus held when it was claimed (so everything the API
   * had answered before it was requested), once the read model and the systems replica processed it.
   */
  private async readModelCaughtUp(): Promise<void> {
    await Promise.all([
      ...READ_MODEL_TOPICS.map((topic) => this.catchUp.caughtUp(READ_MODEL_CONSUMER, topic)),
      ...SYSTEMS_REPLICA_TOPICS.map((topic) => this.catchUp.caughtUp(SYSTEM_REPLICA_CONSUMER, topic)),
    ]);
  }

  protected override onFailed(tx: Transaction, { row }: ClaimedReport, error: string): void {
    tx.audit(reportFailedAudit(row, error));
  }
}
