import { defineService } from '@governance/service';
import { readWebhooksConfig } from './config';
import { WebhooksInitial1763800000000 } from './migrations/1763800000000-webhooks-initial';
import { WebhooksDeliveryTrace1764500000000 } from './migrations/1764500000000-webhooks-delivery-trace';
import { WebhooksDeliveryLease1764600000000 } from './migrations/1764600000000-webhooks-delivery-lease';
import { OutboundModule } from './outbound/outbound.module';
import { SecretBox } from './secrets/secret-box';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WEBHOOKS_CONFIG } from './webhooks.tokens';

/** The webhooks service: the management API, the dispatcher and the delivery log. */
export const webhooksService = defineService({
  name: 'webhooks',
  schema: 'webhooks',
  migrations: [
    WebhooksInitial1763800000000,
    WebhooksDeliveryTrace1764500000000,
    WebhooksDeliveryLease1764600000000,
  ],
  routes: ['/v1/webhooks'],
  readConfig: readWebhooksConfig,
  domain: (config) => ({
    imports: [OutboundModule.register(config), WebhooksModule],
    providers: [
      { provide: WEBHOOKS_CONFIG, useValue: config },
      { provide: SecretBox, useValue: new SecretBox(config.secretsEncryptionKey) },
    ],
    exports: [WEBHOOKS_CONFIG, SecretBox],
  }),
});

export const { createService } = webhooksService;
