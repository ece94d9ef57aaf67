import { Inject, Injectable } from '@nestjs/common';
import { deleteInBatches, LOGGER, type Logger, PeriodicJob } from '@governance/platform';
import { type WebhooksConfig } from '../config';
import { DeliveryLogRepository } from './delivery-log.repository';
import { WebhookRepository } from '../webhooks/webhook.repository';
import { WEBHOOKS_CONFIG } from '../webhooks.tokens';

const BATCH_SIZE = 1_000;

/**
 * Purges deliveries past retention (spec: 30 days) in bounded batches, and forgets rotated-away signing
 * secrets whose overlap has ended; replicas may sweep concurrently.
 */
@Injectable()
export class DeliveryRetentionJob extends PeriodicJob {
  constructor(
    private readonly deliveries: DeliveryLogRepository,
    private readonly webhooks: WebhookRepository,
    @Inject(WEBHOOKS_CONFIG) private readonly config: WebhooksConfig,
    @Inject(LOGGER) logger: Logger,
  ) {
    super(logger, { name: 'delivery retention', everyMs: config.retentionSweepIntervalMs });
  }

  /** Deletes everything past retention; returns how many deliveries went. */
  protected async work(): Promise<number> {
    const { deliveryRetentionMs } = this.config;
    const deleted = await deleteInBatches(BATCH_SIZE, (limit) =>
      this.deliveries.purgeOlderThan(deliveryRetentionMs, limit),
    );
    if (deleted > 0) this.logger.info({ deleted }, 'purged deliveries past retention');
    const forgotten = await this.webhooks.dropExpiredPreviousSecrets();
    if (forgotten > 0)
      this.logger.info({ webhooks: forgotten }, 'dropped signing secrets past their overlap');
    return deleted;
  }
}
