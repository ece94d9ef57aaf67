import { describeRoleMatrix } from '@governance/testing';
import { systemsService } from './service';
import { SystemsHarness } from './testing/systems-harness';

describeRoleMatrix({
  service: 'systems',
  schema: systemsService.schema,
  start: (options) => SystemsHarness.start(options),
});
