export { createEventLog, createTestDatabase, openDataSource, type TestDatabase } from './test-database';
export { startKafkaMockCluster, type KafkaMockCluster } from './kafka-mock-cluster';
export {
  signedWith,
  startWebhookReceiver,
  type WebhookReceiver,
  type ReceivedDelivery,
} from './webhook-receiver';
export { makeSelfSignedCertificate, type SelfSignedCertificate } from './self-signed-certificate';
export { startServiceProcess, freePort, type ServiceProcess } from './service-process';
export {
  ServiceHarness,
  type ServiceHarnessOptions,
  type TestOrganization,
  announceOrganization,
  eventually,
  type OutboxEntry,
  readOutbox,
  readAuditEntries,
} from './service-harness';
export { policySnapshot, publicMessage, recordOf, systemSnapshot } from './event-fixtures';
export {
  type ConsumerGroupCase,
  type DeadLetterSuiteOptions,
  describeDeadLetters,
} from './dead-letter-suite';
export { describeRoleMatrix, type MatrixPeople, type RoleMatrixOptions } from './role-matrix-suite';
export { measureProcessLoad, type ProcessLoad } from './process-load';
