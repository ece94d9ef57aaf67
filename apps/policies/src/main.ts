import { runServiceProcess } from '@governance/persistence';
import { POLICIES_MIGRATIONS, POLICIES_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('policies', createService, { schema: POLICIES_SCHEMA, migrations: POLICIES_MIGRATIONS });
