import { runServiceProcess } from '@governance/persistence';
import { DASHBOARD_MIGRATIONS, DASHBOARD_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('dashboard', createService, { schema: DASHBOARD_SCHEMA, migrations: DASHBOARD_MIGRATIONS });
