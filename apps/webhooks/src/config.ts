import { readFileSync } from 'node:fs';
import { decodeSecretsKey, type EnvReader } from '@governance/platform';
import { readServiceConfig } from '@governance/service';
import { SPEC_ATTEMPT_TIMEOUT_MS, SPEC_RETRY_DELAYS_MS } from './deliveries/delivery-schedule';

const DAY_MS = 24 * 60 * 60 * 1000;

export function readWebhooksConfig(source: NodeJS.ProcessEnv = process.env) {
  return readServiceConfig(source, 'webhooks', (env) => {
    const secretsEncryptionKey = decodeSecretsKey(env.optionalString('SECRETS_ENCRYPTION_KEY'));
    if (!secretsEncryptionKey)
      env.invalid('SECRETS_ENCRYPTION_KEY is required: 32 bytes, as base64 or 64 hex digits');
    const claimLeaseMs = env.int('WEBHOOK_CLAIM_LEASE_MS', 6_000, { min: 100 });
    const claimRenewMs = env.int('WEBHOOK_CLAIM_RENEW_MS', Math.floor(claimLeaseMs / 3), { min: 10 });
    // Two renewals per lease at least, so one slow renewal does not let a live dispatcher's lease end.
    if (claimRenewMs * 2 > claimLeaseMs)
      env.invalid('WEBHOOK_CLAIM_RENEW_MS must be at most half of WEBHOOK_CLAIM_LEASE_MS');
    return {
      /** 32-byte AES-256-GCM key for signing secrets at rest. */
      secretsEncryptionKey: secretsEncryptionKey ?? Buffer.alloc(32),
      maxWebhooksPerOrganization: env.int('WEBHOOK_MAX_PER_ORGANIZATION', 100, { min: 1, max: 10_000 }),
      deliveryRetentionMs: env.int('WEBHOOK_DELIVERY_RETENTION_MS', 30 * DAY_MS, { min: 1_000 }),
      retentionSweepIntervalMs: env.int('WEBHOOK_RETENTION_SWEEP_MS', 60 * 60 * 1000, { min: 100 }),
      /** How long a rotated-away signing secret still signs deliveries, beside the new one. */
      secretRotationOverlapMs: env.int('WEBHOOK_SECRET_ROTATION_OVERLAP_MS', DAY_MS, {
        min: 0,
        max: 30 * DAY_MS,
      }),
      /** Failed deliveries one recovery call resends at most; a further call continues. */
      recoverMaxPerCall: env.int('WEBHOOK_RECOVER_MAX_PER_CALL', 10_000, { min: 1, max: 100_000 }),
      /** An endpoint's health counts its latest attempts within this window, at most `maxAttempts`. */
      health: {
        windowMs: env.int('WEBHOOK_HEALTH_WINDOW_MS', DAY_MS, { min: 1_000, max: 30 * DAY_MS }),
        maxAttempts: env.int('WEBHOOK_HEALTH_ATTEMPTS', 100, { min: 1, max: 10_000 }),
      },
      dispatch: {
        timeoutMs: env.int('WEBHOOK_TIMEOUT_MS', SPEC_ATTEMPT_TIMEOUT_MS, { min: 100, max: 300_000 }),
        /** Delay before attempt 2, 3, ...; its length + 1 is the number of attempts. */
        retryDelaysMs: env.intList('WEBHOOK_RETRY_DELAYS_MS', [...SPEC_RETRY_DELAYS_MS], {
          min: 0,
          minLength: 0,
        }),
        /** A dispatcher renews its claims every `claimRenewMs`; a dead one's are free this long after. */
        claimLeaseMs,
        claimRenewMs,
        concurrency: env.int('WEBHOOK_DISPATCH_CONCURRENCY', 64, { min: 1, max: 4096 }),
        pollIntervalMs: env.int('WEBHOOK_DISPATCH_POLL_MS', 250, { min: 5, max: 60_000 }),
        breakerResetMs: env.int('WEBHOOK_BREAKER_RESET_MS', 30_000, { min: 10 }),
        allowPrivateTargets: env.bool('WEBHOOK_ALLOW_PRIVATE_TARGETS', false),
        allowHttp: env.bool('WEBHOOK_ALLOW_HTTP', false),
        /** PEM certificates of CAs that deliveries trust beside the default ones; none: the default only. */
        extraCaCertificates: readCaFile(env, 'WEBHOOK_CA_FILE'),
      },
    };
  });
}

/** The PEM text of the file `name` points at, if set; an unreadable file is a configuration problem. */
function readCaFile(env: EnvReader, name: string): string | undefined {
  const path = env.optionalString(name);
  if (path === undefined) return undefined;
  let pem: string;
  try {
    pem = readFileSync(path, 'utf8');
  } catch (error) {
    env.invalid(`${name} must name a readable PEM file: ${(error as Error).message}`);
    return undefined;
  }
  if (!pem.includes('-----BEGIN CERTIFICATE-----')) {
    env.invalid(`${name} must name a PEM file of certificates; ${path} holds none`);
    return undefined;
  }
  return pem;
}

export type WebhooksConfig = ReturnType<typeof readWebhooksConfig>;
