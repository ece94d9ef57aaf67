import { Resolver } from 'node:dns';
import { decodeSecretsKey } from '@governance/platform';
import { readServiceConfig } from '@governance/service';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

export function readIdentityConfig(source: NodeJS.ProcessEnv = process.env) {
  return readServiceConfig(source, 'identity', (env, basics) => {
    const adminToken = env.optionalString('ADMIN_TOKEN');
    // Its length is checked with the messaging config, which every service reads.
    if (!adminToken) env.invalid('ADMIN_TOKEN is required');
    const secretsKey = env.optionalString('SECRETS_ENCRYPTION_KEY');
    const secretsEncryptionKey = decodeSecretsKey(secretsKey);
    if (secretsKey && !secretsEncryptionKey)
      env.invalid('SECRETS_ENCRYPTION_KEY must be 32 bytes, as base64 or 64 hex digits');
    const setupToken = env.optionalString('SETUP_TOKEN');
    if (setupToken !== undefined && setupToken.length < 32)
      env.invalid('SETUP_TOKEN must have at least 32 characters');
    const ssoDnsServers = dnsServers(env.optionalString('SSO_DNS_SERVERS'));
    if (ssoDnsServers === undefined)
      env.invalid(
        'SSO_DNS_SERVERS must be a comma-separated list of IP addresses, each with an optional :port',
      );
    const publicUrl = basics.publicUrl;
    return {
      adminToken: adminToken ?? '',
      /** Where people reach the console; the base of every emailed link, and the origin CSRF checks. */
      publicUrl,
      /** Cookies carry `Secure` unless the console is served over plain HTTP (development). */
      secureCookies: basics.auth.secureCookies,
      /** `smtp://user:pass@host:port` or `smtps://…`; without it, emailed links are logged instead. */
      smtpUrl: env.optionalString('SMTP_URL'),
      mailFrom: env.string('MAIL_FROM', 'AI Governance <no-reply@localhost>'),
      sessions: {
        idleTimeoutMs: env.int('SESSION_IDLE_TIMEOUT_MS', 12 * HOUR_MS, { min: 1_000 }),
        sweepIntervalMs: env.int('SESSION_SWEEP_INTERVAL_MS', MINUTE_MS, { min: 50 }),
      },
      signInLimits: {
        perAccount: env.int('SIGN_IN_MAX_FAILURES_PER_ACCOUNT', 5, { min: 1 }),
        perAddress: env.int('SIGN_IN_MAX_FAILURES_PER_ADDRESS', 20, { min: 1 }),
        windowMs: env.int('SIGN_IN_FAILURE_WINDOW_MS', 15 * MINUTE_MS, { min: 1_000 }),
        /** Password reset requests (each sends an email) per email and per address within the window. */
        resetsPerAccount: env.int('PASSWORD_RESET_MAX_PER_ACCOUNT', 3, { min: 1 }),
        resetsPerAddress: env.int('PASSWORD_RESET_MAX_PER_ADDRESS', 10, { min: 1 }),
      },
      invitationTtlMs: env.int('INVITATION_TTL_MS', 7 * DAY_MS, { min: 1_000 }),
      setupLinkTtlMs: env.int('SETUP_LINK_TTL_MS', 7 * DAY_MS, { min: 1_000 }),
      /**
       * The first-start setup link's token, for automation that sets the first owner up itself; a fresh
       * random one at each start when unset. As powerful as ADMIN_TOKEN until the first person exists.
       */
      setupToken,
      passwordResetTtlMs: env.int('PASSWORD_RESET_TTL_MS', HOUR_MS, { min: 1_000 }),
      /** AES-256-GCM key of SSO client secrets at rest; without it SSO cannot be configured (503). */
      secretsEncryptionKey,
      sso: {
        /** How long a sign-in started at the identity provider may take to come back. */
        loginTtlMs: env.int('SSO_LOGIN_TTL_MS', 10 * MINUTE_MS, { min: 1_000 }),
        /** Time-out of each request to an identity provider (discovery, token, userinfo). */
        providerTimeoutMs: env.int('SSO_PROVIDER_TIMEOUT_MS', 10_000, { min: 100 }),
        /** How long a provider's discovered metadata and keys are reused. */
        discoveryTtlMs: env.int('SSO_DISCOVERY_TTL_MS', 10 * MINUTE_MS, { min: 0 }),
        /** Accept `http://` issuers: development and tests only. */
        allowHttpIssuers: env.bool('SSO_ALLOW_HTTP_ISSUERS', false),
        /**
         * Let issuers, and their token, userinfo and JWKS endpoints, be at loopback and private addresses:
         * development and tests only; otherwise only public addresses are reached, as for webhooks.
         */
        allowPrivateIssuers: env.bool('SSO_ALLOW_PRIVATE_ISSUERS', false),
        /** DNS servers for providers' host names and domain verification; empty: the system's resolver. */
        dnsServers: ssoDnsServers ?? [],
      },
      auditRetentionDays: env.int('AUDIT_RETENTION_DAYS', 400, { min: 1 }),
      /** How often entries past the retention period are deleted. */
      auditRetentionSweepIntervalMs: env.int('AUDIT_RETENTION_SWEEP_INTERVAL_MS', HOUR_MS, { min: 50 }),
    };
  });
}

/** `127.0.0.1:5353,[::1]:53` as the resolver takes it; undefined when the resolver refuses it. */
function dnsServers(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return [];
  const servers = raw.split(',').map((server) => server.trim());
  try {
    new Resolver().setServers(servers);
    return servers;
  } catch {
    return undefined;
  }
}

export type IdentityConfig = ReturnType<typeof readIdentityConfig>;

/** The identity service's configuration, injectable: `@Inject(IDENTITY_CONFIG) config: IdentityConfig`. */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');
