import { type DynamicModule, Module, type OnApplicationShutdown } from '@nestjs/common';
import { type WebhooksConfig } from '../config';
import { DestinationPolicy } from './destination-policy';
import { EndpointBreakers } from './endpoint-breakers';
import { WebhookSender } from './webhook-sender';

/** The HTTP side of deliveries: where they may go, the breakers, and the sender's pinned connections. */
@Module({})
export class OutboundModule implements OnApplicationShutdown {
  constructor(
    private readonly sender: WebhookSender,
    private readonly breakers: EndpointBreakers,
  ) {}

  static register(config: WebhooksConfig): DynamicModule {
    const destinations = new DestinationPolicy({
      allowPrivateTargets: config.dispatch.allowPrivateTargets,
      allowHttp: config.dispatch.allowHttp,
    });
    return {
      module: OutboundModule,
      global: true,
      providers: [
        { provide: DestinationPolicy, useValue: destinations },
        { provide: WebhookSender, useValue: new WebhookSender(destinations) },
        {
          provide: EndpointBreakers,
          useValue: new EndpointBreakers({ resetTimeoutMs: config.dispatch.breakerResetMs }),
        },
      ],
      exports: [DestinationPolicy, WebhookSender, EndpointBreakers],
    };
  }

  /** Runs after the dispatcher drained: nothing is left to send. */
  onApplicationShutdown(): void {
    this.sender.close();
    this.breakers.close();
  }
}
