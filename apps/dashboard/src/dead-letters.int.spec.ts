import { describeDeadLetters, recordOf } from '@governance/testing';
import { DASHBOARD_SCHEMA } from './app.module';
import { DashboardHarness } from './testing/dashboard-harness';

describeDeadLetters({
  service: 'dashboard',
  schema: DASHBOARD_SCHEMA,
  start: (options) => DashboardHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'projection', record: recordOf.systemRegistered },
  ],
});
