import {
  newUuidV7,
  type PolicyEventRecord,
  type ProbeEventRecord,
  type SystemsEventRecord,
} from '@governance/contracts';
import {
  type OutboxMessage,
  policyEventMessage,
  probeEventMessage,
  systemsEventMessage,
} from '@governance/messaging';
import { eventually, ServiceHarness, type TestDatabase } from '@governance/testing';
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
  start(
    options: { env?: Record<string, string>; kafkaBrokers?: string; database?: TestDatabase } = {},
  ): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, {
      ...(options.kafkaBrokers ? { kafkaBrokers: options.kafkaBrokers } : {}),
      ...(options.database ? { database: options.database } : {}),
      env: { ...options.env },
    });
  },
};

/** An internal record as another service publishes it. */
export function internalRecord<R extends { event: string; details: unknown }>(
  organizationId: string,
  event: R['event'],
  details: R['details'],
  timestamp: string = new Date().toISOString(),
): R {
  return { id: newUuidV7(), organization_id: organizationId, event, timestamp, details } as unknown as R;
}

export const systemsMessage = (
  organizationId: string,
  event: SystemsEventRecord['event'],
  details: SystemsEventRecord['details'],
): OutboxMessage => systemsEventMessage(internalRecord<SystemsEventRecord>(organizationId, event, details));

export const probesMessage = (
  organizationId: string,
  event: ProbeEventRecord['event'],
  details: ProbeEventRecord['details'],
): OutboxMessage => probeEventMessage(internalRecord<ProbeEventRecord>(organizationId, event, details));

export const policiesMessage = (
  organizationId: string,
  event: PolicyEventRecord['event'],
  details: PolicyEventRecord['details'],
): OutboxMessage => policyEventMessage(internalRecord<PolicyEventRecord>(organizationId, event, details));

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
