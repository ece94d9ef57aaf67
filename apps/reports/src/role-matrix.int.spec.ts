import { describeRoleMatrix } from '@governance/testing';
import { reportsService } from './service';
import { ReportsHarness } from './testing/reports-harness';

describeRoleMatrix({
  service: 'reports',
  schema: reportsService.schema,
  start: (options) => ReportsHarness.start(options),
});
