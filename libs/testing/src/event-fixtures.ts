import {
  newId,
  newUuidV7,
  type Plan,
  type PolicySnapshot,
  type PublicEventDetails,
  type PublicEventType,
  type Severity,
  type SystemSnapshot,
} from '@governance/contracts';
import {
  type OutboxMessage,
  publicEventMessage,
  systemsEventMessage,
  tenancyEventMessage,
} from '@governance/messaging';

/** A system as the systems service announces it, with an unclassified, active default. */
export function systemSnapshot(overrides: Partial<SystemSnapshot> = {}): SystemSnapshot {
  const now = new Date().toISOString();
  return {
    system_id: newId('system'),
    name: `System ${newId('system').slice(-6)}`,
    description: null,
    owner: null,
    vendor: null,
    model: null,
    risk_tier: 'unclassified',
    environment: null,
    host: null,
    runtime: null,
    tags: [],
    declared: true,
    registration_source: 'api',
    discovery_method: 'manual',
    status: 'active',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/** A policy as the policies service announces it: an active, blocking PII rule. */
export function policySnapshot(overrides: Partial<PolicySnapshot> = {}): PolicySnapshot {
  const now = new Date().toISOString();
  return {
    policy_id: newId('policy'),
    name: 'PII egress',
    description: null,
    enforcement_mode: 'BLOCK',
    status: 'active',
    severity: 'HIGH',
    rules: { field: 'labels.pii', op: 'eq', value: 'true' },
    scope: { all_systems: true },
    framework: null,
    control: null,
    version: 1,
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

/**
 * A public record as its producer publishes it, with a chosen timestamp (harness.publish stamps "now");
 * `id` lets a test redeliver the same event.
 */
export function publicMessage<T extends PublicEventType>(
  organizationId: string,
  event: T,
  details: PublicEventDetails[T],
  options: { severity: Severity; systemId: string | null; timestamp?: string; id?: string },
): OutboxMessage {
  return publicEventMessage({
    id: options.id ?? newUuidV7(),
    organization_id: organizationId,
    event,
    timestamp: options.timestamp ?? new Date().toISOString(),
    severity: options.severity,
    system_id: options.systemId,
    details,
  });
}

/** Records of each topic as their producers publish them, for tests that need one a consumer handles. */
export const recordOf = {
  organizationCreated(organizationId: string, plan: Plan = 'professional'): OutboxMessage {
    return tenancyEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'organization.created',
      timestamp: new Date().toISOString(),
      details: { name: `Org ${organizationId}`, plan },
    });
  },
  systemCreated(organizationId: string): OutboxMessage {
    return systemsEventMessage({
      id: newUuidV7(),
      organization_id: organizationId,
      event: 'system.created',
      timestamp: new Date().toISOString(),
      details: systemSnapshot(),
    });
  },
  systemRegistered(organizationId: string): OutboxMessage {
    return publicMessage(
      organizationId,
      'system.registered',
      {
        system_name: 'Support Bot',
        registration_source: 'api',
        discovery_method: 'manual',
        host: 'bot-1.internal',
        runtime: 'python3.12',
        declared: true,
      },
      { severity: 'INFO', systemId: newId('system') },
    );
  },
};
