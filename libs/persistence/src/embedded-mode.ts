import { randomBytes } from 'node:crypto';
import { join, resolve } from 'node:path';
import { type Logger, readOrCreateLocalSecret } from '@governance/platform';
import { startEmbeddedPostgres, type RunningPostgres } from './embedded-postgres';

/** The secrets a deployment would inject: variable, file beside the data, generator. */
const LOCAL_SECRETS: ReadonlyArray<[name: string, file: string, create: () => string]> = [
  ['SECRETS_ENCRYPTION_KEY', 'secrets-encryption-key', () => randomBytes(32).toString('base64')],
  ['REPORT_SIGNING_KEY', 'report-signing-key', () => randomBytes(32).toString('base64url')],
  ['ADMIN_TOKEN', 'admin-token', () => `adm_${randomBytes(24).toString('base64url')}`],
];

/**
 * The embedded mode needs nothing configured: with no DATABASE_URL it starts PostgreSQL under DATA_DIR
 * and fills in the unset LOCAL_SECRETS, generated once and kept beside the data, into `env` for the
 * services to read. With DATABASE_URL set it does nothing: a deployment must configure its own secrets.
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
  for (const [name, file, create] of LOCAL_SECRETS) {
    if (env[name]) continue;
    const path = join(dataDir, file);
    env[name] = readOrCreateLocalSecret(path, create).value;
    // Printed on purpose, to the terminal only: the one credential a newcomer needs to begin.
    if (name === 'ADMIN_TOKEN') process.stdout.write(`\nAdmin token (kept in ${path}):\n  ${env[name]}\n\n`);
  }
  return postgres;
}
