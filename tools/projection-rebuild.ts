/**
 * npm run projection:rebuild -- <projection>: empties a read model and replays its events from the start
 * (the Postgres event log from position 0, Kafka from the earliest offsets). Run it with the service
 * stopped; DATABASE_URL, and KAFKA_BROKERS when Kafka is the bus, as the service has them.
 */
import { rebuildDashboard } from '../apps/dashboard/src/rebuild/rebuild-projection';

const rebuilders: Record<string, (env: NodeJS.ProcessEnv) => Promise<unknown>> = {
  dashboard: rebuildDashboard,
};

const name = process.argv[2] ?? '';
const rebuild = rebuilders[name];
if (!rebuild) {
  process.stderr.write(`usage: npm run projection:rebuild -- <${Object.keys(rebuilders).join('|')}>\n`);
  process.exit(2);
}
rebuild(process.env).then(
  (outcome) => process.stdout.write(`${JSON.stringify(outcome)}\n`),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exit(1);
  },
);
