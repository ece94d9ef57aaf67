import { Module } from '@nestjs/common';
import { SYSTEM_SNAPSHOT_STORE, SystemSnapshotsConsumer } from '@governance/replicas';
import { defineService } from '@governance/service';
import { PROBE_INGEST_CONFIG, readProbeIngestConfig } from './config';
import { ShadowDiscoveryRepository } from './discovery/shadow-discovery.repository';
import { ShadowDiscoveryService } from './discovery/shadow-discovery.service';
import { DriftRepository } from './drift/drift.repository';
import { DriftService } from './drift/drift.service';
import { TelemetryDriftConsumer } from './drift/telemetry-drift.consumer';
import { ProbeIngestInitial1763850000000 } from './migrations/1763850000000-probe-ingest-initial';
import { ProbeIngestDrift1763900000000 } from './migrations/1763900000000-probe-ingest-drift';
import { ProbeIngestPolicies1764200000000 } from './migrations/1764200000000-probe-ingest-policies';
import { ProbeIngestPolicyDeletion1765300000000 } from './migrations/1765300000000-probe-ingest-policy-deletion';
import { ProbeIngestTelemetryHours1766000000000 } from './migrations/1766000000000-probe-ingest-telemetry-hours';
import { PolicyReplicaConsumer } from './policy-sync/policy-replica.consumer';
import { PolicyReplicaRepository } from './policy-sync/policy-replica.repository';
import { PolicySyncController } from './policy-sync/policy-sync.controller';
import { PolicySyncService } from './policy-sync/policy-sync.service';
import { ProbeRepository } from './probes/probe.repository';
import { ProbesController } from './probes/probes.controller';
import { ProbesService } from './probes/probes.service';
import { SilenceMonitor } from './silence/silence-monitor';
import { SilenceRepository } from './silence/silence.repository';
import { SystemReplicaRepository } from './systems/system-replica.repository';
import { TelemetryCommitQueue } from './telemetry/telemetry-commit-queue';
import { TelemetryController } from './telemetry/telemetry.controller';
import { TelemetryRepository } from './telemetry/telemetry.repository';
import { TelemetryService } from './telemetry/telemetry.service';
import { TelemetryHoursRetentionJob } from './telemetry-series/telemetry-hours-retention.job';
import { TelemetrySeriesController } from './telemetry-series/telemetry-series.controller';
import { TelemetrySeriesRepository } from './telemetry-series/telemetry-series.repository';
import { TelemetrySeriesService } from './telemetry-series/telemetry-series.service';
import { PolicyEvaluator } from './violations/policy-evaluator';
import { TelemetryViolationsConsumer } from './violations/telemetry-violations.consumer';
import { ViolationRepository } from './violations/violation.repository';
import { ViolationsService } from './violations/violations.service';

/**
 * Probe registration, heartbeats, telemetry ingest and the silence monitor; drift detection and
 * shadow-AI discovery (one consumer of telemetry), policy violations (another); the policy-sync
 * endpoint over the policies replica; the systems replica.
 */
@Module({
  controllers: [
    ProbesController,
    TelemetryController,
    PolicySyncController,
    TelemetrySeriesController,
    SystemSnapshotsConsumer,
    TelemetryDriftConsumer,
    PolicyReplicaConsumer,
    TelemetryViolationsConsumer,
  ],
  providers: [
    ProbesService,
    ProbeRepository,
    TelemetryService,
    TelemetryRepository,
    TelemetryCommitQueue,
    SilenceRepository,
    SilenceMonitor,
    SystemReplicaRepository,
    { provide: SYSTEM_SNAPSHOT_STORE, useExisting: SystemReplicaRepository },
    DriftService,
    DriftRepository,
    ShadowDiscoveryService,
    ShadowDiscoveryRepository,
    PolicyReplicaRepository,
    PolicySyncService,
    ViolationsService,
    ViolationRepository,
    TelemetrySeriesService,
    TelemetrySeriesRepository,
    TelemetryHoursRetentionJob,
    PolicyEvaluator,
  ],
})
class ProbeIngestModule {}

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
    imports: [ProbeIngestModule],
    providers: [{ provide: PROBE_INGEST_CONFIG, useValue: config }],
    exports: [PROBE_INGEST_CONFIG],
  }),
});

export const { createService } = probeIngestService;
