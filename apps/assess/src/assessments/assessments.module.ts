import { Module } from '@nestjs/common';
import { SystemReplicaConsumer } from '../systems/system-replica.consumer';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import { FrameworkCatalog } from '../templates/framework-catalog';
import { TemplatesController } from '../templates/templates.controller';
import { AssessmentRepository } from './assessment.repository';
import { AssessmentWorker } from './assessment-worker';
import { AssessmentsController } from './assessments.controller';
import { AssessmentsService } from './assessments.service';

@Module({
  controllers: [TemplatesController, AssessmentsController, SystemReplicaConsumer],
  providers: [
    AssessmentsService,
    AssessmentRepository,
    AssessmentWorker,
    SystemReplicaRepository,
    FrameworkCatalog,
  ],
})
export class AssessmentsModule {}
