import { describeDeadLetters, recordOf } from '@governance/testing';
import { dashboardService } from './service';
import { DashboardHarness } from './testing/dashboard-harness';

describeDeadLetters({
  service: 'dashboard',
  schema: dashboardService.schema,
  start: (options) => DashboardHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'projection', record: recordOf.systemRegistered },
  ],
});
