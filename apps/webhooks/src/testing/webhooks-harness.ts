import { randomBytes } from 'node:crypto';
import { type PublicEventDetails } from '@governance/contracts';
import { ServiceHarness } from '@governance/testing';
import { createService } from '../service';

export { announceOrganization, eventually, type TestOrganization } from '@governance/testing';

export type WebhooksHarness = ServiceHarness;

/** The webhooks service in-process, allowed to deliver to local receivers, with short retry delays. */
export const WebhooksHarness = {
  start(options: { env?: Record<string, string>; kafkaBrokers?: string } = {}): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, {
      ...(options.kafkaBrokers ? { kafkaBrokers: options.kafkaBrokers } : {}),
      env: {
        SECRETS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true',
        WEBHOOK_ALLOW_HTTP: 'true',
        WEBHOOK_RETRY_DELAYS_MS: '300,600',
        WEBHOOK_TIMEOUT_MS: '1000',
        WEBHOOK_DISPATCH_POLL_MS: '50',
        ...options.env,
      },
    });
  },
};

export const SYSTEM_REGISTERED: PublicEventDetails['system.registered'] = {
  system_name: 'Support Bot',
  registration_source: 'api',
  discovery_method: 'manual',
  host: 'bot-1.internal',
  runtime: 'python3.12',
  declared: true,
};
