import { describeDeadLetters, recordOf } from '@governance/testing';
import { policiesService } from './service';
import { PoliciesHarness } from './testing/policies-harness';

describeDeadLetters({
  service: 'policies',
  schema: policiesService.schema,
  start: (options) => PoliciesHarness.start(options),
  groups: [{ consumer: 'tenant-replica', record: recordOf.organizationCreated }],
});
