import { runServiceProcess } from '@governance/persistence';
import { REPORTS_MIGRATIONS, REPORTS_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('reports', createService, { schema: REPORTS_SCHEMA, migrations: REPORTS_MIGRATIONS });
