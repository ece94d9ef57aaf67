import { DestinationPolicy, SecretBox } from '@governance/platform';
import { defineService } from '@governance/service';
import { readWebhooksConfig } from './config';
import { WebhooksInitial1763800000000 } from './migrations/1763800000000-webhooks-initial';
import { WebhooksDeliveryTrace1764500000000 } from './migrations/1764500000000-webhooks-delivery-trace';
import { WebhooksDeliveryLease1764600000000 } from './migrations/1764600000000-webhooks-delivery-lease';
import { WebhooksResendsAndRotation1765100000000 } from './migrations/1765100000000-webhooks-resends-and-rotation';
import { WebhooksAttemptResponses1766000000000 } from './migrations/1766000000000-webhooks-attempt-responses';
import { EndpointBreakers } from './outbound/endpoint-breakers';
import { WebhookSender } from './outbound/webhook-sender';
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
    WebhooksResendsAndRotation1765100000000,
    WebhooksAttemptResponses1766000000000,
  ],
  routes: ['/v1/webhooks'],
  readConfig: readWebhooksConfig,
  domain: (config) => {
    const destinations = new DestinationPolicy(config.dispatch);
    return {
      imports: [WebhooksModule],
      providers: [
        { provide: WEBHOOKS_CONFIG, useValue: config },
        { provide: SecretBox, useValue: new SecretBox(config.secretsEncryptionKey) },
        // The HTTP side of deliveries; sender and breakers close on shutdown, after the dispatcher drained.
        { provide: DestinationPolicy, useValue: destinations },
        {
          provide: WebhookSender,
          useValue: new WebhookSender(destinations, {
            extraCaCertificates: config.dispatch.extraCaCertificates,
          }),
        },
        {
          provide: EndpointBreakers,
          useValue: new EndpointBreakers({ resetTimeoutMs: config.dispatch.breakerResetMs }),
        },
      ],
      exports: [WEBHOOKS_CONFIG, SecretBox, DestinationPolicy, WebhookSender, EndpointBreakers],
    };
  },
});

export const { createService } = webhooksService;
