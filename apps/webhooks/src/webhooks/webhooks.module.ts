import { Module } from '@nestjs/common';
import { DeliveryRepository } from '../deliveries/delivery.repository';
import { DeliveryAttemptExecutor } from '../dispatch/delivery-attempt.executor';
import { DeliveryWorker } from '../dispatch/delivery-worker';
import { EventFanoutConsumer } from '../dispatch/event-fanout.consumer';
import { DeliveryRetentionJob } from '../retention/delivery-retention.job';
import { WebhookRepository } from './webhook.repository';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  controllers: [WebhooksController, EventFanoutConsumer],
  providers: [
    WebhooksService,
    WebhookRepository,
    DeliveryRepository,
    DeliveryAttemptExecutor,
    DeliveryWorker,
    DeliveryRetentionJob,
  ],
})
export class WebhooksModule {}
