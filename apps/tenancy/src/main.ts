import { runServiceProcess } from '@governance/persistence';
import { TENANCY_MIGRATIONS, TENANCY_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('tenancy', createService, { schema: TENANCY_SCHEMA, migrations: TENANCY_MIGRATIONS });
