import {
  Inject,
  Injectable,
  type OnApplicationBootstrap,
  type BeforeApplicationShutdown,
} from '@nestjs/common';
import { deleteInBatches, LOGGER, type Logger, PeriodicTask } from '@governance/platform';
import { type WebhooksConfig } from '../config';
import { DeliveryRepository } from './delivery.repository';
import { WebhookRepository } from '../webhooks/webhook.repository';
import { WEBHOOKS_CONFIG } from '../webhooks.tokens';

const BATCH_SIZE = 1_000;

/**
 * Purges deliveries past retention (spec: 30 days) in bounded batches, and forgets rotated-away signing
 * secrets whose overlap has ended; replicas may sweep concurrently.
 */
@Injectable()
export class DeliveryRetentionJob implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly sweeps: PeriodicTask<number>;

  constructor(
    private readonly deliveries: DeliveryRepository,
    private readonly webhooks: WebhookRepository,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    this.sweeps = new PeriodicTask(config.retentionSweepIntervalMs, () => this.purge());
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.sweeps.stop();
  }

  /** Deletes everything past retention; returns how many deliveries went. */
  sweep(): Promise<number> {
    return this.sweeps.run();
  }

  private async purge(): Promise<number> {
    let total = 0;
    try {
      total = await deleteInBatches(BATCH_SIZE, (limit) =>
        this.deliveries.purgeOlderThan(this.config.deliveryRetentionMs, limit),
      );
      if (total > 0) this.logger.info({ deleted: total }, 'purged deliveries past retention');
      const forgotten = await this.webhooks.dropExpiredPreviousSecrets();
      if (forgotten > 0)
        this.logger.info({ webhooks: forgotten }, 'dropped signing secrets past their overlap');
    } catch (error) {
      this.logger.warn({ err: error }, 'delivery retention sweep failed; will retry next interval');
    }
    return total;
  }
}
