import { defineService } from '@governance/service';
import { PROBE_INGEST_CONFIG, readProbeIngestConfig } from './config';
import { DriftModule } from './drift/drift.module';
import { ProbeIngestInitial1763850000000 } from './migrations/1763850000000-probe-ingest-initial';
import { ProbeIngestDrift1763900000000 } from './migrations/1763900000000-probe-ingest-drift';
import { ProbeIngestPolicies1764200000000 } from './migrations/1764200000000-probe-ingest-policies';
import { ProbeIngestPolicyDeletion1765300000000 } from './migrations/1765300000000-probe-ingest-policy-deletion';
import { ProbeIngestTelemetryHours1766000000000 } from './migrations/1766000000000-probe-ingest-telemetry-hours';
import { PolicySyncModule } from './policy-sync/policy-sync.module';
import { ProbesModule } from './probes/probes.module';
import { SystemsReplicaModule } from './systems/systems-replica.module';
import { TelemetryModule } from './telemetry/telemetry.module';
import { TelemetrySeriesModule } from './telemetry-series/telemetry-series.module';
import { ViolationsModule } from './violations/violations.module';

/**
 * Probe registration, heartbeats and the silence monitor; telemetry ingest; drift detection, shadow-AI
 * discovery and the hourly series (one consumer of telemetry), policy violations (another); the
 * policy-sync endpoint over the policies replica; the systems replica. One module per feature.
 */
export const probeIngestService = defineService({
  name: 'probe-ingest',
  schema: 'probe_ingest',
  migrations: [
    ProbeIngestInitial1763850000000,
    ProbeIngestDrift1763900000000,
    ProbeIngestPolicies1764200000000,
    ProbeIngestPolicyDeletion1765300000000,
    ProbeIngestTelemetryHours1766000000000,
  ],
  routes: ['/api/service/probe'],
  readConfig: readProbeIngestConfig,
  domain: (config) => ({
    imports: [
      SystemsReplicaModule,
      ProbesModule,
      TelemetryModule,
      PolicySyncModule,
      ViolationsModule,
      TelemetrySeriesModule,
      DriftModule,
    ],
    providers: [{ provide: PROBE_INGEST_CONFIG, useValue: config }],
    exports: [PROBE_INGEST_CONFIG],
  }),
});

export const { createService } = probeIngestService;
