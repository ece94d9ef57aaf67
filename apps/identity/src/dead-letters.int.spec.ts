import { newId, newUuidV7 } from '@governance/contracts';
import { auditEventMessage } from '@governance/messaging';
import { describeDeadLetters, ServiceHarness } from '@governance/testing';
import { createService, identityService } from './service';

describeDeadLetters({
  service: 'identity',
  schema: identityService.schema,
  start: (options) => ServiceHarness.start(createService, options),
  groups: [
    {
      consumer: 'audit-trail',
      record: (organizationId) =>
        auditEventMessage({
          id: newUuidV7(),
          organization_id: organizationId,
          event: 'audit.recorded',
          timestamp: new Date().toISOString(),
          details: {
            actor_type: 'service',
            actor_id: 'systems',
            service: 'systems',
            action: 'system.registered',
            target_type: 'system',
            target_id: newId('system'),
            address: null,
            user_agent: null,
            before: null,
            after: { name: 'Claims Triage' },
          },
        }),
    },
  ],
});
