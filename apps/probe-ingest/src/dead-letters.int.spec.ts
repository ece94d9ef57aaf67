import { describeDeadLetters, recordOf } from '@governance/testing';
import { probeIngestService } from './service';
import { policyCreated, ProbeIngestHarness, telemetryReceived } from './testing/probe-ingest-harness';

describeDeadLetters({
  service: 'probe-ingest',
  schema: probeIngestService.schema,
  start: (options) => ProbeIngestHarness.start(options),
  groups: [
    { consumer: 'tenant-replica', record: recordOf.organizationCreated },
    { consumer: 'system-replica', record: recordOf.systemCreated },
    { consumer: 'policy-replica', record: policyCreated },
    { consumer: 'violations', record: telemetryReceived },
    { consumer: 'drift', record: telemetryReceived },
  ],
});
