import { type MessagingConfig, readMessagingConfig } from '@governance/messaging';
import { type DatabaseConfig, readDatabaseConfig } from '@governance/persistence';
import { EnvReader, readRequestTimeoutMs } from '@governance/platform';

/** What every service reads, whatever its domain. */
export interface ServiceBasics {
  port: number;
  logLevel: string;
  runMigrations: boolean;
  database: DatabaseConfig & { url: string };
  messaging: MessagingConfig;
  /** Where people reach the console (PUBLIC_URL): its origin may send session requests that change state. */
  publicOrigin: string | undefined;
  /**
   * The base of every link the product hands out (setup, invitation, reset, report links): PUBLIC_URL, or
   * this process on localhost at its own PORT, so `PORT=19280 npm start` prints links that work.
   */
  publicUrl: string;
  /** `secureCookies`: cookies carry `Secure` (SECURE_COOKIES; unless PUBLIC_URL is plain HTTP). */
  auth: { credentialCacheTtlMs: number; keyUsageReportMs: number; secureCookies: boolean };
  /** The console's live streams: each ends after LIVE_STREAM_MAX_MS, and the browser reconnects. */
  live: { streamMaxMs: number };
  /** The proxies whose `X-Forwarded-*` headers are believed (TRUST_PROXY); none unless listed. */
  trustProxy: string | undefined;
  /** How long a request, headers and body, may take to arrive before it is answered 408. */
  requestTimeoutMs: number;
}

export type ServiceConfig<Own extends object> = ServiceBasics & Own;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/**
 * A service's configuration: the basics every service has, then its own variables (`own` may read the
 * basics and report problems with `env.invalid`). Fails once, listing every problem.
 */
export function readServiceConfig<Own extends object>(
  source: NodeJS.ProcessEnv,
  service: string,
  own: (env: EnvReader, basics: ServiceBasics) => Own,
): ServiceConfig<Own> {
  const env = new EnvReader(source);
  const database = readDatabaseConfig(env);
  if (!database.url)
    env.invalid('DATABASE_URL is required (the entry point starts embedded PostgreSQL when it is unset)');
  const port = env.int('PORT', 8080, { min: 0, max: 65535 });
  const publicUrl = env.httpUrl('PUBLIC_URL', `http://localhost:${port}`);
  // Set, its origin is the console's; unset, the request's own host is (libs/auth).
  const origin = env.optionalString('PUBLIC_URL') ? new URL(publicUrl).origin : undefined;
  const basics: ServiceBasics = {
    port,
    logLevel: env.oneOf('LOG_LEVEL', LOG_LEVELS, 'info'),
    runMigrations: env.bool('RUN_MIGRATIONS', true),
    database: { ...database, url: database.url ?? '' },
    messaging: readMessagingConfig(env, service),
    publicOrigin: origin,
    publicUrl,
    auth: {
      // With revocation events delivered in well under a second, this keeps a revocation within 2 s.
      credentialCacheTtlMs: env.int('CREDENTIAL_CACHE_TTL_MS', 1_000, { min: 0, max: 1_000 }),
      keyUsageReportMs: env.int('KEY_USAGE_REPORT_MS', 30_000, { min: 10 }),
      secureCookies: env.bool('SECURE_COOKIES', origin?.startsWith('https://') ?? false),
    },
    live: { streamMaxMs: env.int('LIVE_STREAM_MAX_MS', 300_000, { min: 1 }) },
    trustProxy: env.optionalString('TRUST_PROXY'),
    requestTimeoutMs: readRequestTimeoutMs(env),
  };
  const config = { ...basics, ...own(env, basics) };
  env.assertValid();
  return config;
}

/**
 * REPORT_BASE_URL, the base of report links, which assess hands out and reports serves: by default the
 * reports API under the public URL, as every other link.
 */
export function readReportBaseUrl(env: EnvReader, basics: Pick<ServiceBasics, 'publicUrl'>): string {
  return env.httpUrl('REPORT_BASE_URL', `${basics.publicUrl}/api/service/reports`);
}

/** For a service with nothing of its own to configure. */
export const nothingOwn = (): Record<never, never> => ({});
