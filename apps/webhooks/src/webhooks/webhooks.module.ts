import { DeliveriesStreamController } from '../deliveries/deliveries-stream.controller';
import { Module } from '@nestjs/common';
import { DeliveryLogRepository } from '../deliveries/delivery-log.repository';
import { DeliveryQueueRepository } from '../deliveries/delivery-queue.repository';
import { DeliveryAttemptExecutor } from '../deliveries/delivery-attempt.executor';
import { DeliveryWorker } from '../deliveries/delivery-worker';
import { EventFanoutConsumer } from '../deliveries/event-fanout.consumer';
import { DeliveryRetentionJob } from '../deliveries/delivery-retention.job';
import { WebhookRepository } from './webhook.repository';
import { WebhooksController } from './webhooks.controller';
import { WebhooksService } from './webhooks.service';

@Module({
  controllers: [WebhooksController, DeliveriesStreamController, EventFanoutConsumer],
  providers: [
    WebhooksService,
    WebhookRepository,
    DeliveryQueueRepository,
    DeliveryLogRepository,
    DeliveryAttemptExecutor,
    DeliveryWorker,
    DeliveryRetentionJob,
  ],
})
export class WebhooksModule {}
