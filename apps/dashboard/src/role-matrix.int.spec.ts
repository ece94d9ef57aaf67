import { describeRoleMatrix } from '@governance/testing';
import { dashboardService } from './service';
import { DashboardHarness } from './testing/dashboard-harness';

describeRoleMatrix({
  service: 'dashboard',
  schema: dashboardService.schema,
  start: (options) => DashboardHarness.start(options),
});
