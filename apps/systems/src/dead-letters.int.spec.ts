import { probeEventMessage } from '@governance/messaging';
import { describeDeadLetters, recordOf } from '@governance/testing';
import { SYSTEMS_SCHEMA } from './app.module';
import { probeRecord, registrationRequest, SystemsHarness } from './testing/systems-harness';

describeDeadLetters({
  service: 'systems',
  schema: SYSTEMS_SCHEMA,
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
