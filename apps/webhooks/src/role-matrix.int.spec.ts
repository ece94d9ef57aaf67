import { describeRoleMatrix } from '@governance/testing';
import { webhooksService } from './service';
import { WebhooksHarness } from './testing/webhooks-harness';

describeRoleMatrix({
  service: 'webhooks',
  schema: webhooksService.schema,
  start: (options) => WebhooksHarness.start(options),
});
