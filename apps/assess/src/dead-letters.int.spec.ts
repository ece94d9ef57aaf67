import { describeDeadLetters, recordOf } from '@governance/testing';
import { assessService } from './service';
import { AssessHarness } from './testing/assess-harness';

describeDeadLetters({
  service: 'assess',
  schema: assessService.schema,
  start: (options) => AssessHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'system-replica', record: recordOf.systemCreated },
  ],
});
