import { defineService } from '@governance/service';
import { PROBE_INGEST_CONFIG, readProbeIngestConfig } from './config';
import { DriftModule } from './drift/drift.module';
import { ProbeIngestInitial1763850000000 } from './migrations/1763850000000-probe-ingest-initial';
import { ProbeIngestDrift1763900000000 } from './migrations/1763900000000-probe-ingest-drift';
import { ProbeIngestPolicies1764200000000 } from './migrations/1764200000000-probe-ingest-policies';
import { PolicySyncModule } from './policy-sync/policy-sync.module';
import { ProbesModule } from './probes/probes.module';
import { ViolationsModule } from './violations/violations.module';

/** Probe ingest: registration, heartbeats, telemetry, policy sync and violations, silence, drift, discovery. */
export const probeIngestService = defineService({
  name: 'probe-ingest',
  schema: 'probe_ingest',
  migrations: [
    ProbeIngestInitial1763850000000,
    ProbeIngestDrift1763900000000,
    ProbeIngestPolicies1764200000000,
  ],
  routes: ['/api/service/probe'],
  readConfig: readProbeIngestConfig,
  domain: (config) => ({
    imports: [ProbesModule, DriftModule, PolicySyncModule, ViolationsModule],
    providers: [{ provide: PROBE_INGEST_CONFIG, useValue: config }],
    exports: [PROBE_INGEST_CONFIG],
  }),
});

export const { createService } = probeIngestService;
