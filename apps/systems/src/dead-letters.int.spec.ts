import { probeEventMessage } from '@governance/messaging';
import { describeDeadLetters, recordOf } from '@governance/testing';
import { systemsService } from './service';
import { probeRecord, registrationRequest, SystemsHarness } from './testing/systems-harness';

describeDeadLetters({
  service: 'systems',
  schema: systemsService.schema,
  start: (options) => SystemsHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    {
      consumer: 'probe-events',
      record: (organizationId) =>
        probeEventMessage(
          probeRecord(organizationId, 'system.registration_requested', registrationRequest()),
        ),
    },
  ],
});
