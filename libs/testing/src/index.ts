export { createTestDatabase, type TestDatabase } from './test-database';
export { startKafkaMockCluster, type KafkaMockCluster } from './kafka-mock-cluster';
export { startWebhookReceiver, type WebhookReceiver, type ReceivedDelivery } from './webhook-receiver';
export { startServiceProcess, freePort, type ServiceProcess } from './service-process';
