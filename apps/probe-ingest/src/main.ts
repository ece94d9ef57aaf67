import { runServiceProcess } from '@governance/persistence';
import { PROBE_INGEST_MIGRATIONS, PROBE_INGEST_SCHEMA } from './app.module';
import { createService } from './service';

runServiceProcess('probe-ingest', createService, {
  schema: PROBE_INGEST_SCHEMA,
  migrations: PROBE_INGEST_MIGRATIONS,
});
