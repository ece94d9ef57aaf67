import { newUuidV7 } from '@governance/contracts';
import {
  type OutboxMessage,
  policyEventMessage,
  probeEventMessage,
  systemsEventMessage,
} from '@governance/messaging';
import { eventually, ServiceHarness, type ServiceHarnessOptions } from '@governance/testing';
import { createService } from '../service';

export {
  eventually,
  policySnapshot,
  publicMessage,
  systemSnapshot,
  type TestOrganization,
} from '@governance/testing';

export const DASHBOARD_PATH = '/api/service/dashboard';

/** The dashboard service in-process on a fresh database, with the Postgres event log or a Kafka cluster. */
export const DashboardHarness = {
  start: (options?: ServiceHarnessOptions): Promise<ServiceHarness> =>
    ServiceHarness.start(createService, options),
};

/** Records of an internal topic as another service publishes them, stamped now. */
const internalMessage =
  <R extends { event: string; details: unknown }>(message: (record: R) => OutboxMessage) =>
  (organizationId: string, event: R['event'], details: R['details']): OutboxMessage =>
    message({
      id: newUuidV7(),
      organization_id: organizationId,
      event,
      timestamp: new Date().toISOString(),
      details,
    } as unknown as R);

export const systemsMessage = internalMessage(systemsEventMessage);
export const probesMessage = internalMessage(probeEventMessage);
export const policiesMessage = internalMessage(policyEventMessage);

/** Waits until the projection has applied (or skipped as already applied) `count` events in total. */
export async function waitForProcessed(harness: ServiceHarness, count: number): Promise<void> {
  await eventually(
    async () => {
      const [row] = await harness.sql.query<Array<{ count: number }>>(
        `SELECT count(*)::int AS count FROM dashboard.processed_events WHERE consumer_group = 'dashboard.projection'`,
      );
      return (row?.count ?? 0) >= count;
    },
    15_000,
    `the projection to apply ${count} events`,
  );
}
