import { describeDeadLetters, recordOf } from '@governance/testing';
import { REPORTS_SCHEMA } from './app.module';
import { ReportsHarness } from './testing/reports-harness';

describeDeadLetters({
  service: 'reports',
  schema: REPORTS_SCHEMA,
  start: (options) => ReportsHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'read-model', record: recordOf.systemRegistered },
  ],
});
