import { newId, newUuidV7 } from '@governance/contracts';
import { policyEventMessage, telemetryEventMessage } from '@governance/messaging';
import { describeDeadLetters, recordOf } from '@governance/testing';
import { probeIngestService } from './service';
import { ProbeIngestHarness, telemetryRecord } from './testing/probe-ingest-harness';

function telemetryReceived(organizationId: string) {
  const now = new Date().toISOString();
  return telemetryEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'telemetry.received',
    timestamp: now,
    details: {
      probe_id: newId('probe'),
      system_id: newId('system'),
      received_at: now,
      records: [telemetryRecord()],
    },
  });
}

function policyCreated(organizationId: string) {
  const now = new Date().toISOString();
  return policyEventMessage({
    id: newUuidV7(),
    organization_id: organizationId,
    event: 'policy.created',
    timestamp: now,
    details: {
      policy_id: newId('policy'),
      name: 'PII egress',
      description: null,
      enforcement_mode: 'BLOCK',
      status: 'active',
      severity: 'HIGH',
      rules: { field: 'labels.pii', op: 'eq', value: 'true' },
      scope: { all_systems: true },
      framework: null,
      control: null,
      version: 1,
      created_at: now,
      updated_at: now,
    },
  });
}

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
