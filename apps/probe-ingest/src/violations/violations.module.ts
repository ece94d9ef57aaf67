import { Module } from '@nestjs/common';
import { PolicySyncModule } from '../policy-sync/policy-sync.module';
import { PolicyEvaluator } from './policy-evaluator';
import { TelemetryViolationsConsumer } from './telemetry-violations.consumer';
import { ViolationRepository } from './violation.repository';
import { ViolationsService } from './violations.service';

/** Policy violations: each telemetry batch evaluated against the replica's active policies. */
@Module({
  imports: [PolicySyncModule],
  controllers: [TelemetryViolationsConsumer],
  providers: [ViolationsService, ViolationRepository, PolicyEvaluator],
})
export class ViolationsModule {}
