import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type ProbeIngestConfig } from './config';
import { DRIFT_CONFIG } from './drift/drift-config';
import { DriftModule } from './drift/drift.module';
import { ProbeIngestInitial1763850000000 } from './migrations/1763850000000-probe-ingest-initial';
import { ProbeIngestDrift1763900000000 } from './migrations/1763900000000-probe-ingest-drift';
import { ProbeIngestPolicies1764200000000 } from './migrations/1764200000000-probe-ingest-policies';
import { ProbeIngestDeadLetters1764700000000 } from './migrations/1764700000000-probe-ingest-dead-letters';
import { PolicySyncModule } from './policy-sync/policy-sync.module';
import { PROBE_INGEST_CONFIG } from './probe-ingest.tokens';
import { ProbesModule } from './probes/probes.module';
import { ViolationsModule } from './violations/violations.module';

export const PROBE_INGEST_SCHEMA = 'probe_ingest';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const PROBE_INGEST_MIGRATIONS = [
  ProbeIngestInitial1763850000000,
  ProbeIngestDrift1763900000000,
  ProbeIngestPolicies1764200000000,
  ProbeIngestDeadLetters1764700000000,
];

@Global()
@Module({})
export class ProbeIngestAppModule {
  static register(config: ProbeIngestConfig, logger: Logger): DynamicModule {
    return {
      module: ProbeIngestAppModule,
      imports: [
        PlatformModule.forService('probe-ingest', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: PROBE_INGEST_SCHEMA,
          migrations: PROBE_INGEST_MIGRATIONS,
          poolSize: config.database.poolSize,
          applicationName: 'probe-ingest',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({
          service: 'probe-ingest',
          schema: PROBE_INGEST_SCHEMA,
          config: config.messaging,
        }),
        AuthModule.forService(PROBE_INGEST_SCHEMA),
        ProbesModule,
        DriftModule,
        PolicySyncModule,
        ViolationsModule,
      ],
      providers: [
        { provide: PROBE_INGEST_CONFIG, useValue: config },
        { provide: DRIFT_CONFIG, useValue: config.drift },
      ],
      exports: [PROBE_INGEST_CONFIG, DRIFT_CONFIG],
    };
  }
}
