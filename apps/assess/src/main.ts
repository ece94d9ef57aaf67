import { runServiceProcess } from '@governance/persistence';
import { ASSESS_MIGRATIONS, ASSESS_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('assess', createService, { schema: ASSESS_SCHEMA, migrations: ASSESS_MIGRATIONS });
