import { Module } from '@nestjs/common';
import { SYSTEM_SNAPSHOT_STORE, SystemSnapshotsConsumer } from '@governance/replicas';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import { FrameworkCatalog } from '../templates/framework-catalog';
import { TemplatesController } from '../templates/templates.controller';
import { AssessmentRepository } from './assessment.repository';
import { AssessmentWorker } from './assessment-worker';
import { AssessmentsController } from './assessments.controller';
import { AssessmentsService } from './assessments.service';
import { DocumentReader } from './document-text';

@Module({
  controllers: [TemplatesController, AssessmentsController, SystemSnapshotsConsumer],
  providers: [
    AssessmentsService,
    AssessmentRepository,
    AssessmentWorker,
    DocumentReader,
    SystemReplicaRepository,
    { provide: SYSTEM_SNAPSHOT_STORE, useExisting: SystemReplicaRepository },
    FrameworkCatalog,
  ],
})
export class AssessmentsModule {}
