import { runServiceProcess } from '@governance/persistence';
import { WEBHOOKS_MIGRATIONS, WEBHOOKS_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('webhooks', createService, { schema: WEBHOOKS_SCHEMA, migrations: WEBHOOKS_MIGRATIONS });
