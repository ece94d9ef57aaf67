import { describeRoleMatrix } from '@governance/testing';
import { probeIngestService } from './service';
import { ProbeIngestHarness } from './testing/probe-ingest-harness';

describeRoleMatrix({
  service: 'probe-ingest',
  schema: probeIngestService.schema,
  start: (options) => ProbeIngestHarness.start(options),
});
