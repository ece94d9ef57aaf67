import { Module } from '@nestjs/common';
import { PolicySyncModule } from '../policy-sync/policy-sync.module';
import { TelemetryViolationsConsumer } from './telemetry-violations.consumer';
import { ViolationRepository } from './violation.repository';
import { ViolationsService } from './violations.service';

/** Policy violations found in telemetry, against the policies replica; announced as policy.violated. */
@Module({
  imports: [PolicySyncModule],
  controllers: [TelemetryViolationsConsumer],
  providers: [ViolationsService, ViolationRepository],
})
export class ViolationsModule {}
