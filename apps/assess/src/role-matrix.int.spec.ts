import { describeRoleMatrix } from '@governance/testing';
import { assessService } from './service';
import { AssessHarness } from './testing/assess-harness';

describeRoleMatrix({
  service: 'assess',
  schema: assessService.schema,
  start: (options) => AssessHarness.start(options),
});
