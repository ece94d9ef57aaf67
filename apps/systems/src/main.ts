import { runServiceProcess } from '@governance/persistence';
import { SYSTEMS_MIGRATIONS, SYSTEMS_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('systems', createService, { schema: SYSTEMS_SCHEMA, migrations: SYSTEMS_MIGRATIONS });
