import { type OutboxEntry, readOutbox as readOutboxOf, ServiceHarness } from '@governance/testing';
import { createService } from '../service';

export { eventually, type OutboxEntry, type TestOrganization } from '@governance/testing';

export type PoliciesHarness = ServiceHarness;

export const POLICIES_PATH = '/api/service/policies';

/** The policies service in-process on a fresh database, with the Postgres event log or a Kafka cluster. */
export const PoliciesHarness = {
  start(options: { env?: Record<string, string>; kafkaBrokers?: string } = {}): Promise<ServiceHarness> {
    return ServiceHarness.start(createService, options);
  },
};

/** What the service has emitted so far, oldest first, read from its outbox. */
export const readOutbox = (harness: ServiceHarness, eventType?: string): Promise<OutboxEntry[]> =>
  readOutboxOf(harness, 'policies', eventType);

/** A valid custom policy body; `overrides` replace or add fields. */
export function policyBody(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: `Low accuracy ${Math.random().toString(36).slice(2, 8)}`,
    description: 'Flags records below the accuracy floor',
    enforcement_mode: 'WARN',
    rules: { all: [{ field: 'metrics.accuracy', op: 'lt', value: 0.8 }] },
    ...overrides,
  };
}
