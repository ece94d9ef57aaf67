import { Module } from '@nestjs/common';
import { ASSESS_CONFIG } from '../assess.tokens';
import { type AssessConfig } from '../config';
import { EngineThreads } from '../engine';
import { SystemsReplica, SystemsReplicaConsumer } from '@governance/replicas';
import { SystemReplicaRepository } from '../systems/system-replica.repository';
import { FrameworkCatalog } from '../templates/framework-catalog';
import { TemplatesController } from '../templates/templates.controller';
import { AssessmentRepository } from './assessment.repository';
import { AssessmentWorker } from './assessment-worker';
import { AssessmentsController } from './assessments.controller';
import { AssessmentsService } from './assessments.service';
import { DocumentReader } from './document-text';

@Module({
  controllers: [TemplatesController, AssessmentsController, SystemsReplicaConsumer],
  providers: [
    AssessmentsService,
    AssessmentRepository,
    AssessmentWorker,
    DocumentReader,
    {
      provide: EngineThreads,
      useFactory: (config: AssessConfig) => new EngineThreads(config.engine),
      inject: [ASSESS_CONFIG],
    },
    { provide: SystemsReplica, useValue: new SystemsReplica('assess') },
    SystemReplicaRepository,
    FrameworkCatalog,
  ],
})
export class AssessmentsModule {}
