import { describeDeadLetters, recordOf } from '@governance/testing';
import { webhooksService } from './service';
import { WebhooksHarness } from './testing/webhooks-harness';

describeDeadLetters({
  service: 'webhooks',
  schema: webhooksService.schema,
  start: (options) => WebhooksHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'dispatcher', record: recordOf.systemRegistered },
  ],
});
