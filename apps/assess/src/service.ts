import { systemsReplicaMigrations } from '@governance/replicas';
import multipart from '@fastify/multipart';
import { defineService } from '@governance/service';
import { ASSESS_CONFIG } from './assess.tokens';
import { BODY_LIMIT_BYTES } from './assessments/assessment-limits';
import { MULTIPART_LIMITS } from './assessments/document-upload';
import { AssessmentsModule } from './assessments/assessments.module';
import { readAssessConfig } from './config';
import { AssessInitial1764100000000 } from './migrations/1764100000000-assess-initial';
import { AssessSystemStatus1764300000000 } from './migrations/1764300000000-assess-system-status';
import { AssessAssessmentList1764400000000 } from './migrations/1764400000000-assess-assessment-list';
import { AssessSystemsReplica1766100000000 } from './migrations/1766100000000-assess-systems-replica';

/** The assess service: document assessments against frameworks, and a replica of systems. */
export const assessService = defineService({
  name: 'assess',
  schema: 'assess',
  migrations: [
    AssessInitial1764100000000,
    AssessSystemStatus1764300000000,
    AssessAssessmentList1764400000000,
    AssessSystemsReplica1766100000000,
    ...systemsReplicaMigrations('assess'),
  ],
  routes: ['/api/service/assess'],
  readConfig: readAssessConfig,
  domain: (config) => ({
    imports: [AssessmentsModule],
    providers: [{ provide: ASSESS_CONFIG, useValue: config }],
    exports: [ASSESS_CONFIG],
  }),
  bodyLimitBytes: BODY_LIMIT_BYTES,
  // Uploads are read on demand by the route (request.parts()), within these limits.
  prepare: async (app) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
  },
});

export const { createService } = assessService;
