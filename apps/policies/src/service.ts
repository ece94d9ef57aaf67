import { defineService, nothingOwn, readServiceConfig } from '@governance/service';
import { PoliciesInitial1764000000000 } from './migrations/1764000000000-policies-initial';
import { PoliciesSeverityByMode1764050000000 } from './migrations/1764050000000-policies-severity-by-mode';
import { PoliciesDeletion1765300000000 } from './migrations/1765300000000-policies-deletion';
import { PoliciesModule } from './policies/policies.module';

/** The policies service: custom policies, their edits, enforcement modes, deletion and framework import. */
export const policiesService = defineService({
  name: 'policies',
  schema: 'policies',
  migrations: [
    PoliciesInitial1764000000000,
    PoliciesSeverityByMode1764050000000,
    PoliciesDeletion1765300000000,
  ],
  routes: ['/api/service/policies'],
  readConfig: (source) => readServiceConfig(source, 'policies', nothingOwn),
  domain: () => ({ imports: [PoliciesModule] }),
});

export const { createService } = policiesService;
