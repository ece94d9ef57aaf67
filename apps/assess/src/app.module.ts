import { type DynamicModule, Global, Module } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { ASSESS_CONFIG } from './assess.tokens';
import { AssessmentsModule } from './assessments/assessments.module';
import { type AssessConfig } from './config';
import { AssessInitial1764100000000 } from './migrations/1764100000000-assess-initial';
import { AssessSystemStatus1764300000000 } from './migrations/1764300000000-assess-system-status';
import { AssessDeadLetters1764700000000 } from './migrations/1764700000000-assess-dead-letters';

export const ASSESS_SCHEMA = 'assess';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const ASSESS_MIGRATIONS = [
  AssessInitial1764100000000,
  AssessSystemStatus1764300000000,
  AssessDeadLetters1764700000000,
];

@Global()
@Module({})
export class AssessAppModule {
  static register(config: AssessConfig, logger: Logger): DynamicModule {
    return {
      module: AssessAppModule,
      imports: [
        PlatformModule.forService('assess', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: ASSESS_SCHEMA,
          migrations: ASSESS_MIGRATIONS,
          poolSize: config.database.poolSize,
          applicationName: 'assess',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({ service: 'assess', schema: ASSESS_SCHEMA, config: config.messaging }),
        AuthModule.forService(ASSESS_SCHEMA),
        AssessmentsModule,
      ],
      providers: [{ provide: ASSESS_CONFIG, useValue: config }],
      exports: [ASSESS_CONFIG],
    };
  }
}
