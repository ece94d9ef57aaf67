import { describeDeadLetters, recordOf } from '@governance/testing';
import { ASSESS_SCHEMA } from './app.module';
import { AssessHarness } from './testing/assess-harness';

describeDeadLetters({
  service: 'assess',
  schema: ASSESS_SCHEMA,
  start: (options) => AssessHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'system-replica', record: recordOf.systemCreated },
  ],
});
