/**
 * What the deployment files must cover: the services that run as their own process, the path groups
 * the spec publishes and which service serves each, and the secrets each service needs.
 */
export const DEPLOYED_APPS = [
  'identity',
  'systems',
  'probe-ingest',
  'assess',
  'policies',
  'webhooks',
  'dashboard',
  'reports',
] as const;
export type DeployedApp = (typeof DEPLOYED_APPS)[number];

/**
 * The console: a static site in its own small container (nginx, apps/console/Dockerfile), routed at `/`,
 * which every path no service serves falls to. It needs no database, broker or secret.
 */
export const CONSOLE = { app: 'console', path: '/', dockerfile: 'apps/console/Dockerfile' } as const;

/** Published path prefix → the service that serves it. */
export const PATH_GROUPS: Readonly<Record<string, DeployedApp>> = {
  '/admin/v1': 'identity',
  '/api/service/organization': 'identity',
  '/api/service/sso': 'identity',
  '/api/service/auth/sso': 'identity',
  '/api/service/auth': 'identity',
  '/api/service/systems': 'systems',
  '/api/service/probe': 'probe-ingest',
  '/api/service/assess': 'assess',
  '/api/service/policies': 'policies',
  '/api/service/dashboard': 'dashboard',
  '/api/service/reports': 'reports',
  '/api/service/audit': 'identity',
  '/v1/webhooks': 'webhooks',
  // Each service's dead-letter admin API; the longer prefix wins over identity's /admin/v1.
  '/admin/v1/systems': 'systems',
  '/admin/v1/probe-ingest': 'probe-ingest',
  '/admin/v1/assess': 'assess',
  '/admin/v1/policies': 'policies',
  '/admin/v1/webhooks': 'webhooks',
  '/admin/v1/dashboard': 'dashboard',
  '/admin/v1/reports': 'reports',
};

/**
 * Secrets a service refuses to start without once DATABASE_URL is set (README "Configuration"); identity
 * starts without SECRETS_ENCRYPTION_KEY, but cannot configure SSO then.
 */
export const APP_SECRETS: Readonly<Record<DeployedApp, readonly string[]>> = {
  identity: ['ADMIN_TOKEN', 'SECRETS_ENCRYPTION_KEY'],
  systems: [],
  'probe-ingest': [],
  assess: [],
  policies: [],
  webhooks: ['SECRETS_ENCRYPTION_KEY'],
  dashboard: [],
  reports: ['REPORT_SIGNING_KEY'],
};

/** Variables every service needs in distributed mode. */
export const REQUIRED_ENV = ['DATABASE_URL', 'KAFKA_BROKERS'] as const;
