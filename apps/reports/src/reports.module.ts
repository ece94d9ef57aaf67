import { type DynamicModule, Module } from '@nestjs/common';
import { SystemsReplica, SystemsReplicaConsumer } from '@governance/replicas';
import { DataSource } from 'typeorm';
import { REPORTS_CONFIG, type ReportsConfig } from './config';
import { ReportGenerator } from './content/report-generator';
import { ReportSourceRepository } from './content/report-source.repository';
import { ReadModelConsumer } from './read-model/read-model.consumer';
import { ReadModelRepository } from './read-model/read-model.repository';
import { ReadModelService } from './read-model/read-model.service';
import { PdfRenderer } from './render/report-pdf';
import { ReportDownloadController } from './reports/report-download.controller';
import { ReportRepository } from './reports/report.repository';
import { ReportWorker } from './reports/report-worker';
import { ReportsController } from './reports/reports.controller';
import { ReportsService } from './reports/reports.service';
import { DiskReportStorage } from './storage/disk-report-storage';
import { PostgresReportStorage } from './storage/postgres-report-storage';
import { REPORT_STORAGE, type ReportStorage } from './storage/report-storage';

/** The read model (consumer), the report jobs (API and worker) and where report files are kept. */
@Module({})
export class ReportsModule {
  static register(config: ReportsConfig): DynamicModule {
    return {
      module: ReportsModule,
      controllers: [ReportsController, ReportDownloadController, ReadModelConsumer, SystemsReplicaConsumer],
      providers: [
        { provide: REPORTS_CONFIG, useValue: config },
        { provide: SystemsReplica, useValue: new SystemsReplica('reports') },
        {
          provide: REPORT_STORAGE,
          inject: [DataSource],
          useFactory: (dataSource: DataSource): ReportStorage =>
            config.storage.kind === 'disk'
              ? new DiskReportStorage(config.storage.directory)
              : new PostgresReportStorage(dataSource),
        },
        ReadModelService,
        ReadModelRepository,
        ReportSourceRepository,
        PdfRenderer,
        ReportGenerator,
        ReportRepository,
        ReportWorker,
        ReportsService,
      ],
    };
  }
}
