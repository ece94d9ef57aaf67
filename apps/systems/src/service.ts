import { defineService, nothingOwn, readServiceConfig } from '@governance/service';
import { SystemsNameOrder1765200000000 } from './migrations/1765200000000-systems-name-order';
import { SystemsInitial1763900000000 } from './migrations/1763900000000-systems-initial';
import { SystemsModule } from './systems/systems.module';

/** The systems service: the AI system inventory and its API, and a replica of probe events. */
export const systemsService = defineService({
  name: 'systems',
  schema: 'systems',
  migrations: [SystemsInitial1763900000000, SystemsNameOrder1765200000000],
  routes: ['/api/service/systems'],
  readConfig: (source) => readServiceConfig(source, 'systems', nothingOwn),
  domain: () => ({ imports: [SystemsModule] }),
});

export const { createService } = systemsService;
