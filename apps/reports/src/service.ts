import { systemsReplicaMigrations } from '@governance/replicas';
import { defineService } from '@governance/service';
import { readReportsConfig } from './config';
import { ReportsInitial1764400000000 } from './migrations/1764400000000-reports-initial';
import { ReportsModule } from './reports.module';

/** The reports service: its read model's projection, the report worker and the reports API. */
export const reportsService = defineService({
  name: 'reports',
  schema: 'reports',
  migrations: [ReportsInitial1764400000000, ...systemsReplicaMigrations('reports')],
  routes: ['/api/service/reports'],
  readConfig: readReportsConfig,
  domain: (config) => ({ imports: [ReportsModule.register(config)] }),
});

export const { createService } = reportsService;
