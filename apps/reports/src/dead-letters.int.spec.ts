import { describeDeadLetters, recordOf } from '@governance/testing';
import { reportsService } from './service';
import { ReportsHarness } from './testing/reports-harness';

describeDeadLetters({
  service: 'reports',
  schema: reportsService.schema,
  start: (options) => ReportsHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'system-replica', record: recordOf.systemRegistered },
  ],
});
