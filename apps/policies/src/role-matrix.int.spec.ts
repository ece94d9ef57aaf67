import { describeRoleMatrix } from '@governance/testing';
import { policiesService } from './service';
import { PoliciesHarness } from './testing/policies-harness';

describeRoleMatrix({
  service: 'policies',
  schema: policiesService.schema,
  start: (options) => PoliciesHarness.start(options),
});
