import { systemsReplicaMigrations } from '@governance/replicas';
import { defineService } from '@governance/service';
import { readDashboardConfig } from './config';
import { DashboardModule } from './dashboard.module';
import { DashboardInitial1764200000000 } from './migrations/1764200000000-dashboard-initial';
import { DashboardOpenFindings1764300000000 } from './migrations/1764300000000-dashboard-open-findings';
import { DashboardActivityPolicy1764400000000 } from './migrations/1764400000000-dashboard-activity-policy';
import { DashboardProbeSystems1764500000000 } from './migrations/1764500000000-dashboard-probe-systems';
import { DashboardActivityAssessment1764600000000 } from './migrations/1764600000000-dashboard-activity-assessment';

/** The dashboard service: its read model's projection and the dashboard API. */
export const dashboardService = defineService({
  name: 'dashboard',
  schema: 'dashboard',
  migrations: [
    DashboardInitial1764200000000,
    DashboardOpenFindings1764300000000,
    DashboardActivityPolicy1764400000000,
    DashboardProbeSystems1764500000000,
    DashboardActivityAssessment1764600000000,
    ...systemsReplicaMigrations('dashboard'),
  ],
  routes: ['/api/service/dashboard'],
  readConfig: readDashboardConfig,
  domain: (config) => ({ imports: [DashboardModule.register(config)] }),
});

export const { createService } = dashboardService;
