import { describeDeadLetters, recordOf } from '@governance/testing';
import { POLICIES_SCHEMA } from './app.module';
import { PoliciesHarness } from './testing/policies-harness';

describeDeadLetters({
  service: 'policies',
  schema: POLICIES_SCHEMA,
  start: (options) => PoliciesHarness.start(options),
  groups: [{ consumer: 'tenant-replica', record: recordOf.organizationCreated }],
});
