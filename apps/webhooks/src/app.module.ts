import { type DynamicModule, Global, Module, type OnApplicationShutdown } from '@nestjs/common';
import { AuthModule } from '@governance/auth';
import { MessagingModule } from '@governance/messaging';
import { PersistenceModule } from '@governance/persistence';
import { type Logger, PlatformModule } from '@governance/platform';
import { type WebhooksConfig } from './config';
import { DestinationPolicy } from './delivery/destination-policy';
import { EndpointBreakers } from './delivery/endpoint-breakers';
import { WebhookSender } from './delivery/webhook-sender';
import { WebhooksInitial1763800000000 } from './migrations/1763800000000-webhooks-initial';
import { WebhooksDeliveryTrace1764500000000 } from './migrations/1764500000000-webhooks-delivery-trace';
import { WebhooksDeliveryLease1764600000000 } from './migrations/1764600000000-webhooks-delivery-lease';
import { WebhooksDeadLetters1764700000000 } from './migrations/1764700000000-webhooks-dead-letters';
import { SecretBox } from './secrets/secret-box';
import { WebhooksModule } from './webhooks/webhooks.module';
import { WEBHOOKS_CONFIG } from './webhooks.tokens';

export const WEBHOOKS_SCHEMA = 'webhooks';
/** Applied in this order at start (RUN_MIGRATIONS) or by `main.js migrate`, which then exits. */
export const WEBHOOKS_MIGRATIONS = [
  WebhooksInitial1763800000000,
  WebhooksDeliveryTrace1764500000000,
  WebhooksDeliveryLease1764600000000,
  WebhooksDeadLetters1764700000000,
];

@Global()
@Module({})
export class WebhooksAppModule implements OnApplicationShutdown {
  constructor(
    private readonly sender: WebhookSender,
    private readonly breakers: EndpointBreakers,
  ) {}

  static register(config: WebhooksConfig, logger: Logger): DynamicModule {
    const destinations = new DestinationPolicy({
      allowPrivateTargets: config.dispatch.allowPrivateTargets,
      allowHttp: config.dispatch.allowHttp,
    });
    return {
      module: WebhooksAppModule,
      imports: [
        PlatformModule.forService('webhooks', logger),
        PersistenceModule.forService({
          url: config.database.url,
          schema: WEBHOOKS_SCHEMA,
          migrations: WEBHOOKS_MIGRATIONS,
          poolSize: config.database.poolSize,
          applicationName: 'webhooks',
          runMigrations: config.runMigrations,
        }),
        MessagingModule.forService({
          service: 'webhooks',
          schema: WEBHOOKS_SCHEMA,
          config: config.messaging,
        }),
        AuthModule.forService(WEBHOOKS_SCHEMA),
        WebhooksModule,
      ],
      providers: [
        { provide: WEBHOOKS_CONFIG, useValue: config },
        { provide: DestinationPolicy, useValue: destinations },
        { provide: WebhookSender, useValue: new WebhookSender(destinations) },
        {
          provide: EndpointBreakers,
          useValue: new EndpointBreakers({ resetTimeoutMs: config.dispatch.breakerResetMs }),
        },
        { provide: SecretBox, useValue: new SecretBox(config.secretsEncryptionKey) },
      ],
      exports: [WEBHOOKS_CONFIG, DestinationPolicy, WebhookSender, EndpointBreakers, SecretBox],
    };
  }

  /** Runs after the dispatcher drained: nothing is left to send. */
  onApplicationShutdown(): void {
    this.sender.close();
    this.breakers.close();
  }
}
