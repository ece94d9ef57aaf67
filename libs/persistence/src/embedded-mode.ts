import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { type Logger, readOrCreateLocalSecret } from '@governance/platform';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

/**
 * The embedded mode needs nothing configured: with no DATABASE_URL it starts PostgreSQL under DATA_DIR
 * and fills in the secrets a deployment would inject (ADMIN_TOKEN, SECRETS_ENCRYPTION_KEY,
 * REPORT_SIGNING_KEY), generating
 * them once and keeping them beside the data. It writes the results into `env` for the services to read.
 * With DATABASE_URL set it does nothing: a deployment must configure its own secrets.
 */
export async function prepareEmbeddedMode(
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<RunningPostgres | undefined> {
  if (env.DATABASE_URL) return undefined;
  const dataDir = resolve(env.DATA_DIR || '.data');
  const postgres = await startEmbeddedPostgres({
    dataDir,
    port: Number(env.EMBEDDED_POSTGRES_PORT || 54329),
    logger,
  });
  env.DATABASE_URL = postgres.url;
  if (!env.SECRETS_ENCRYPTION_KEY) {
    env.SECRETS_ENCRYPTION_KEY = readOrCreateLocalSecret(join(dataDir, 'secrets-encryption-key'), () =>
      randomBytes(32).toString('base64'),
    ).value;
  }
  if (!env.REPORT_SIGNING_KEY) {
    env.REPORT_SIGNING_KEY = readOrCreateLocalSecret(join(dataDir, 'report-signing-key'), () =>
      randomBytes(32).toString('base64url'),
    ).value;
  }
  if (!env.ADMIN_TOKEN) {
    const path = join(dataDir, 'admin-token');
    env.ADMIN_TOKEN = readOrCreateLocalSecret(
      path,
      () => `adm_${randomBytes(24).toString('base64url')}`,
    ).value;
    // Printed on purpose, to the terminal only: the one credential a newcomer needs to begin.
    process.stdout.write(`\nAdmin token (kept in ${path}):\n  ${env.ADMIN_TOKEN}\n\n`);
  }
  return postgres;
}
