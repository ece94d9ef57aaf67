import { describeDeadLetters, recordOf } from '@governance/testing';
import { WEBHOOKS_SCHEMA } from './app.module';
import { WebhooksHarness } from './testing/webhooks-harness';

describeDeadLetters({
  service: 'webhooks',
  schema: WEBHOOKS_SCHEMA,
  start: (options) => WebhooksHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'dispatcher', record: recordOf.systemRegistered },
  ],
});
